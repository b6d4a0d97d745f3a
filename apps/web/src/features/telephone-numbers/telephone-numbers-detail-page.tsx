/**
 * /telephone-numbers/{id}: tabs General (nickname, destination, distinctive ring), Caller ID,
 * Call Screening, Call Recording, Fax, Emergency (the EMS address and its modal) and Advanced
 * (the provider's switches, and the number's Teams information); provider admins also Porting
 * (porting-away requests: porting-tab.tsx).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import {
  isProviderAdmin,
  TELEPHONE_NUMBER_MESSAGES,
  type TelephoneNumber,
  type TelephoneNumberInput,
  type TelephoneNumberValues,
  telephoneNumberFields,
  telephoneNumberInput,
  telephoneNumberLabel,
  telephoneNumberValues,
} from '@switchboard/domain';
import { useId } from 'react';
import { useParams } from 'react-router';
import { formField, formFields, labelOf } from '../../platform/fields/declared-fields.ts';
import type { SelectOption } from '../../platform/fields/field-props.ts';
import type { FieldDef } from '../../platform/fields/form-fields.tsx';
import type { FieldsForm } from '../../platform/fields/form-schema.ts';
import { useAccessListOptions } from '../../platform/fields/option-sources.ts';
import { Hint } from '../../platform/hint.tsx';
import { callFlowTab } from '../../platform/routing-graph/call-flow-tab.tsx';
import { useSession } from '../../platform/session-context.ts';
import { StateChip } from '../../platform/state-chip.tsx';
import { TabbedForm, type TabDef } from '../../platform/tabbed-form/tabbed-form.tsx';
import { numbers, useNumberTeams } from './api.ts';
import { EmergencyTab } from './emergency-tab.tsx';
import { PortingTab } from './porting-tab.tsx';

type Form = FieldsForm<TelephoneNumberInput>;
/** A declared field of the number (domain telephoneNumberFields) as its form shows it. */
const input = (name: keyof TelephoneNumberInput & string, disabled?: boolean) =>
  formField<TelephoneNumberInput>(telephoneNumberFields, name, disabled === undefined ? {} : { disabled });

const recordingMode = (form: Form) => Number(form.watch('callRecord') ?? 0);

/** Under the Call Recording fields: the warning when calls are recorded unannounced, what Pausable means. */
function RecordingNotes({ form }: { form: Form }) {
  const mode = recordingMode(form);
  return (
    <>
      {mode !== 0 && !form.watch('callRecordWarn') && (
        <Alert severity="warning">
          Calls to this number are recorded without a warning. The law requires you to tell callers that their call may
          be recorded, for example in your greeting.
        </Alert>
      )}
      {mode === 1 && <Hint>Pausable: the person answering can pause and resume the recording.</Hint>}
    </>
  );
}

/** Fax to email: the address and the PDF's password only while it is on. */
const faxFields = (on: boolean): FieldDef<TelephoneNumberInput>[] => [
  input('faxContact'),
  {
    kind: 'text',
    name: 'faxAddress',
    label: labelOf(telephoneNumberFields, 'faxAddress'),
    type: 'email',
    required: on,
    disabled: !on,
  },
  input('faxPassword', !on),
];

/** Seats as chips in a list named by its heading; 'None' when there are none. */
function SeatChips({ title, seats }: { title: string; seats: string[] }) {
  const id = useId();
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="body2" id={id}>
        {title}
      </Typography>
      {seats.length === 0 ? (
        <Hint>None</Hint>
      ) : (
        <Box
          component="ul"
          aria-labelledby={id}
          sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', listStyle: 'none', m: 0, p: 0 }}
        >
          {seats.map((seat) => (
            <Chip component="li" key={seat} size="small" label={seat} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/** Teams information of the number (GET /numbering/allocated/msteams/{id}). */
function TeamsInfo({ number }: { number: TelephoneNumber }) {
  const teams = useNumberTeams(number.id);
  if (teams.isPending) return <CircularProgress aria-label="Loading" size={24} />;
  if (teams.isError || !teams.data) return <Alert severity="error">{TELEPHONE_NUMBER_MESSAGES.retrieveFailed}</Alert>;
  const t = teams.data;
  return (
    <Box sx={{ display: 'grid', gap: 1.5, mt: 1 }}>
      <SeatChips title="Seats presenting this number" seats={t.presentingSeats} />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <Typography variant="subtitle2">Microsoft Teams</Typography>
        <StateChip on={t.teamsAccountExists} label={t.teamsAccountExists ? 'Connected' : 'Not connected'} />
      </Box>
      <Hint>
        {t.teamsAccountExists
          ? 'Seats presenting this number can use it in Teams once Teams is enabled on the seat.'
          : 'This account has no Teams connection. Connect Teams from a seat’s Teams tab.'}
      </Hint>
      <SeatChips title="Presenting it on Teams" seats={t.seats} />
    </Box>
  );
}

type NumberTab = TabDef<TelephoneNumber, TelephoneNumberInput, TelephoneNumberValues>;

/** Call Screening: the number's access list, and whether anonymous callers are rejected. */
function screeningTab(lists: SelectOption[]): NumberTab {
  return {
    label: 'Call Screening',
    kind: 'form',
    sections: (_n, form) => [
      {
        title: 'Access list',
        inputs: [
          {
            kind: 'select',
            name: 'telephoneNumberAclId',
            label: labelOf(telephoneNumberFields, 'telephoneNumberAclId'),
            options: lists,
            nullable: true,
          },
          input('telephoneNumberAclReject', form.watch('telephoneNumberAclId') == null),
        ],
      },
      {
        title: 'Anonymous callers',
        inputs: [input('anonCallReject'), input('anonCallRejectAdvanced', !form.watch('anonCallReject'))],
      },
    ],
  };
}

/** Advanced: the provider's switches (a customer sees them, changing nothing) and the number's Teams information. */
function advancedTab(admin: boolean): NumberTab {
  return {
    label: 'Advanced',
    kind: 'form',
    intro: () => !admin && <Hint>These settings are managed by your provider.</Hint>,
    // A customer can change nothing here.
    save: admin ? undefined : false,
    inputs: [input('emsNeeded', !admin), input('cancellationAvailable', !admin)],
    render: (_form, n) => <TeamsInfo number={n} />,
  };
}

export default function TelephoneNumberDetailPage() {
  const { id = '' } = useParams();
  const admin = isProviderAdmin(useSession().session);
  const lists = useAccessListOptions();
  return (
    <TabbedForm
      source={numbers.record(id)}
      resource="numbers"
      schema={telephoneNumberInput}
      toValues={telephoneNumberValues}
      name={(v, n) => telephoneNumberLabel({ ...n, nickname: v.nickname })}
      title={(n) => (n.nickname ? `${n.nickname} (${n.telephoneNumber})` : n.telephoneNumber)}
      loadFailed={TELEPHONE_NUMBER_MESSAGES.retrieveFailed}
      tabs={[
        {
          label: 'General',
          kind: 'form',
          intro: (n) => (
            <Hint>
              Telephone number <strong>{n.telephoneNumber}</strong>
            </Hint>
          ),
          inputs: formFields<TelephoneNumberInput>(telephoneNumberFields, [
            'nickname',
            'destination',
            'distinctiveRing',
          ]),
        },
        {
          label: 'Caller ID',
          kind: 'form',
          intro: () => <Hint>What the person answering sees when this number is called.</Hint>,
          inputs: formFields<TelephoneNumberInput>(
            telephoneNumberFields,
            ['cidPrefix', 'cidCalledNumber', 'cidOnDivert'],
            {
              cidPrefix: { helper: 'Shown before the caller’s name, e.g. SALES' },
            },
          ),
        },
        screeningTab(lists),
        {
          label: 'Call Recording',
          kind: 'form',
          inputs: (_n, form) => [input('callRecord'), input('callRecordWarn', recordingMode(form) === 0)],
          render: (form) => <RecordingNotes form={form} />,
        },
        {
          label: 'Fax',
          kind: 'form',
          intro: () => <Hint>Faxes sent to this number are delivered to an email address as a PDF.</Hint>,
          inputs: (_n, form) => faxFields(Boolean(form.watch('faxContact'))),
        },
        { label: 'Emergency', kind: 'panel', render: (n) => <EmergencyTab number={n} /> },
        callFlowTab<TelephoneNumber>((n) => n.telephoneNumber),
        advancedTab(admin),
        ...(admin
          ? [{ label: 'Porting', kind: 'panel' as const, render: (n: TelephoneNumber) => <PortingTab number={n} /> }]
          : []),
      ]}
    />
  );
}
