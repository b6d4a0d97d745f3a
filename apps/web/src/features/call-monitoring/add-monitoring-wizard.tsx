/**
 * Add Call Monitoring (spec 2 §2, §4): Settings (the seats that will listen in, the seats they
 * monitor, the PIN, whether their current monitors are deleted first), then Confirm, then Feedback
 * with each seat's successes and failures (PUT /callmonitoring/bulk/{account}*{extension} per seat;
 * its errors[] name the monitors it could not add).
 */
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CALL_MONITORING_CODE,
  type CallMonitoringBulk,
  type CallMonitoringBulkReply,
  callMonitorFields,
  callMonitoringBulk,
  MESSAGES,
} from '@switchboard/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../platform/api.ts';
import { labelOf } from '../../platform/fields/declared-fields.ts';
import type { PickerOption } from '../../platform/fields/server-picker.tsx';
import { FeedbackList, type ItemResult } from '../../platform/paged-table/feedback-list.tsx';
import { useSession } from '../../platform/session-context.ts';
import { StagedForm } from '../../platform/staged-form/staged-form.tsx';
import { monitoringKeys, saveMonitors } from './api.ts';
import { SeatPicker } from './seat-picker.tsx';

type Problems = Partial<Record<'sources' | 'monitors' | 'password', string>>;

/** The labels of the seats chosen, as the pickers gave them: `choose(set)` is a picker's onChange. */
function useChosenLabels() {
  const [labels, setLabels] = useState<ReadonlyMap<string, string>>(new Map());
  const nameOf = (name: string) => labels.get(name) ?? name;
  const choose = (set: (values: string[]) => void) => (values: string[], options: PickerOption[]) => {
    set(values);
    setLabels((known) => new Map([...known, ...options.map((o): [string, string] => [o.value, o.label])]));
  };
  return { nameOf, choose };
}

/** One seat's saved monitors as feedback items: each added, each refused, or its monitors deleted. */
function savedItems(
  source: string,
  who: string,
  reply: CallMonitoringBulkReply,
  nameOf: (name: string) => string,
  deleteCurrent: boolean,
): ItemResult[] {
  const out: ItemResult[] = [];
  if (deleteCurrent && reply.added.length === 0 && reply.errors.length === 0) {
    out.push({ key: `${source}-deleted`, ok: true, message: `${who}: ${reply.message}` });
  }
  for (const added of reply.added) {
    out.push({ key: `${source}-${added}`, ok: true, message: `${who} can monitor ${nameOf(added)}` });
  }
  for (const error of reply.errors) {
    out.push({
      key: `${source}-${error.monitor}`,
      ok: false,
      message: `${who} monitoring ${nameOf(error.monitor)}: ${error.message}`,
    });
  }
  return out;
}

/** The settings' problems, by the server's own schema (and a seat chosen), before Confirm. */
function settingsProblems(sources: string[], body: CallMonitoringBulk): Problems {
  const found: Problems = {};
  if (sources.length === 0) found.sources = MESSAGES.selectOption;
  const parsed = callMonitoringBulk.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'monitors') as keyof Problems;
      found[field] ??= issue.message;
    }
  }
  return found;
}

/** Saves the monitors of each seat in turn: every outcome an item of the feedback. */
async function saveAll(
  sources: string[],
  body: CallMonitoringBulk,
  nameOf: (name: string) => string,
  deleteCurrent: boolean,
): Promise<ItemResult[]> {
  const out: ItemResult[] = [];
  for (const source of sources) {
    const who = nameOf(source);
    try {
      out.push(...savedItems(source, who, await saveMonitors(source, body), nameOf, deleteCurrent));
    } catch (error) {
      out.push({ key: source, ok: false, message: `${who}: ${errorMessage(error)}` });
    }
  }
  return out;
}

type OnChosen = (values: string[], options: PickerOption[]) => void;

/** The Settings stage: the seats, whom they monitor, the PIN and (with the right) deleting current monitors. */
function SettingsFields(p: {
  sources: string[];
  monitors: string[];
  password: string;
  deleteCurrent: boolean;
  problems: Problems;
  onSources: OnChosen;
  onMonitors: OnChosen;
  onPassword: (password: string) => void;
  onDeleteCurrent: (on: boolean) => void;
}) {
  const { can } = useSession();
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        A seat listens in on the calls of the seats it monitors by dialling {CALL_MONITORING_CODE} followed by their
        extension, then its PIN.
      </Typography>
      <SeatPicker label="Seats" value={p.sources} onChange={p.onSources} error={p.problems.sources} />
      <SeatPicker
        label="Monitors"
        value={p.monitors}
        onChange={p.onMonitors}
        error={p.problems.monitors}
        helper="The seats they may listen in on"
      />
      <TextField
        label={labelOf(callMonitorFields, 'password')}
        size="small"
        value={p.password}
        onChange={(e) => p.onPassword(e.target.value)}
        error={p.problems.password !== undefined}
        helperText={p.problems.password ?? '4-6 digits; left empty, a seat that already monitors keeps its PIN'}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
      />
      {can('spy', 'delete') && (
        <FormControlLabel
          control={<Checkbox checked={p.deleteCurrent} onChange={(e) => p.onDeleteCurrent(e.target.checked)} />}
          label="Delete current monitors"
        />
      )}
    </Stack>
  );
}

/** The Confirm stage: each seat with the monitors it will have. */
function ChangesList(props: {
  sources: string[];
  monitors: string[];
  deleteCurrent: boolean;
  nameOf: (name: string) => string;
}) {
  const { sources, monitors, deleteCurrent, nameOf } = props;
  return (
    <Stack spacing={1}>
      {deleteCurrent && <Alert severity="warning">The current monitors of these seats will be deleted first.</Alert>}
      <List dense aria-label="Changes">
        {sources.map((source) => (
          <ListItem key={source}>
            <ListItemText
              primary={nameOf(source)}
              secondary={
                monitors.length > 0
                  ? `Monitors ${monitors.map(nameOf).join(', ')}`
                  : 'Monitors: none (current monitors deleted)'
              }
            />
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}

export function AddMonitoringWizard({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { nameOf, choose } = useChosenLabels();
  const [sources, setSources] = useState<string[]>([]);
  const [monitors, setMonitors] = useState<string[]>([]);
  const [password, setPassword] = useState('');
  const [deleteCurrent, setDeleteCurrent] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const [results, setResults] = useState<ItemResult[]>([]);

  const body = () => ({ monitors, password, delete: deleteCurrent });

  const close = () => {
    setSources([]);
    setMonitors([]);
    setPassword('');
    setDeleteCurrent(false);
    setProblems({});
    setResults([]);
    onClose();
  };

  /** Settings are checked with the server's own schema before Confirm. */
  const check = async () => {
    const found = settingsProblems(sources, body());
    setProblems(found);
    return Object.keys(found).length === 0;
  };

  const create = async () => {
    const out = await saveAll(sources, body(), nameOf, deleteCurrent);
    setResults(out);
    await queryClient.invalidateQueries({ queryKey: monitoringKeys.all });
    return true;
  };

  return (
    <StagedForm
      open={open}
      title="Add Call Monitoring"
      onClose={close}
      feedback={<FeedbackList results={results} successSummary="Call monitoring has been updated" />}
      stages={[
        {
          label: 'Settings',
          blocked: sources.length === 0,
          action: check,
          content: (
            <SettingsFields
              sources={sources}
              monitors={monitors}
              password={password}
              deleteCurrent={deleteCurrent}
              problems={problems}
              onSources={choose(setSources)}
              onMonitors={choose(setMonitors)}
              onPassword={setPassword}
              onDeleteCurrent={setDeleteCurrent}
            />
          ),
        },
        {
          label: 'Confirm',
          actionLabel: 'Create',
          action: create,
          content: <ChangesList sources={sources} monitors={monitors} deleteCurrent={deleteCurrent} nameOf={nameOf} />,
        },
      ]}
    />
  );
}
