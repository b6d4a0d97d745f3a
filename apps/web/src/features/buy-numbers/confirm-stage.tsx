/**
 * Confirm (spec 3 §9: monthly and setup prices ex VAT in pounds with two decimals, from the service
 * tariff; hidden for wholesale but a vanity number's setup, spec 3 §6; the 24-month vanity note) and
 * Feedback (spec 3 §8: each item's answer and the summary).
 */

import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  type AllocateReply,
  INTERNATIONAL_MESSAGES,
  BUY_NUMBER_MESSAGES as M,
  NUMBER_TYPE_LABELS,
  type TariffItem,
} from '@switchboard/domain';
import { useTariff, useVanity } from './api.ts';
import type { Selection } from './wizard-state.ts';

interface Line {
  number: string;
  monthly: string | null;
  setup: string | null;
}

/** Each number's prices: its type's tariff item (a vanity number's setup by its class). */
function linesOf(
  selection: Selection,
  tariff: readonly TariffItem[],
  vanitySetup: (n: string) => string | null,
): Line[] {
  const item = (name: string) => tariff.find((t) => t.item === name);
  const type = selection.type ?? 'GEONUM';
  return selection.numbers.map((number) =>
    type === 'VAN'
      ? { number, monthly: item('VAN')?.monthly ?? null, setup: vanitySetup(number) }
      : { number, monthly: item(type)?.monthly ?? null, setup: item(type)?.setup ?? null },
  );
}

export function ConfirmStage({ selection }: { selection: Selection }) {
  const tariff = useTariff();
  const vanity = useVanity(selection.region, selection.classes, selection.filter, selection.type === 'VAN');
  const setupOf = (n: string) => vanity.data?.records.find((v) => v.number === n)?.setup ?? null;
  if (tariff.isError) return <Alert severity="error">{M.pricingError}</Alert>;
  const lines = linesOf(selection, tariff.data?.records ?? [], setupOf);
  const showMonthly = lines.some((l) => l.monthly !== null);
  const showSetup = lines.some((l) => l.setup !== null);
  return (
    <Stack spacing={1.5}>
      <Typography>
        {selection.numbers.length} {NUMBER_TYPE_LABELS[selection.type ?? 'GEONUM']} number
        {selection.numbers.length === 1 ? '' : 's'}
      </Typography>
      <Table size="small" aria-label="Numbers to buy">
        <TableHead>
          <TableRow>
            <TableCell>Number</TableCell>
            {showMonthly && <TableCell align="right">Monthly</TableCell>}
            {showSetup && <TableCell align="right">Setup</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((l) => (
            <TableRow key={l.number}>
              <TableCell>{l.number}</TableCell>
              {showMonthly && <TableCell align="right">£{l.monthly ?? '—'}</TableCell>}
              {showSetup && <TableCell align="right">£{l.setup ?? '—'}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {(showMonthly || showSetup) && <Typography variant="body2">{M.exVat}</Typography>}
      {selection.type === 'VAN' && <Alert severity="info">{M.vanityContract}</Alert>}
    </Stack>
  );
}

/** The purchase's answer item by item, or why there is none. */
export function PurchaseFeedback({ reply, failure }: { reply: AllocateReply | null; failure: string | null }) {
  if (!reply) return <Alert severity="error">{failure ?? M.failed}</Alert>;
  return (
    <>
      <Alert severity={reply.success ? 'success' : 'error'} sx={{ mb: 1 }}>
        {reply.message}
      </Alert>
      <List dense aria-label="Results">
        {reply.records.map((r) => (
          <ListItem key={r.item}>
            <ListItemIcon sx={{ minWidth: 32 }}>
              {r.success ? (
                <CheckCircleIcon color="success" fontSize="small" />
              ) : (
                <ErrorIcon color="error" fontSize="small" />
              )}
            </ListItemIcon>
            <ListItemText
              primary={`${r.item}: ${r.message}`}
              secondary={
                r.message === M.validationError
                  ? [M.validationAdvice, ...Object.values(r.validation ?? {})].join(' ')
                  : r.message === INTERNATIONAL_MESSAGES.addressError || r.message === INTERNATIONAL_MESSAGES.proofError
                    ? INTERNATIONAL_MESSAGES.completeOnRestrictionsPage
                    : undefined
              }
            />
          </ListItem>
        ))}
      </List>
    </>
  );
}
