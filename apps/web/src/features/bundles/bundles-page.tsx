/**
 * Bundles (spec 1 §4 "Bundle"): each of the provider's bundles with the account's state and this
 * month's usage; Enable / Disable asks first, then says how it went ('Bundle unsuccessfully
 * enabled/disabled' and the server's message on failure). Charged on the next invoice. Prices are
 * hidden from wholesale accounts (spec 1 §6), who have their own rates. A narrow screen (600 px or
 * less, spec 1 §9) shows a card per bundle instead of the table.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  BUNDLE_MESSAGES,
  type BundleRecord,
  bundleRoutes,
  formatPence,
  isWholesale,
  LAYOUT,
} from '@switchboard/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { useConfirm } from '../../platform/confirm.tsx';
import { useSession } from '../../platform/session-context.ts';
import { StateChip } from '../../platform/state-chip.tsx';
import { useToast } from '../../platform/toast.ts';

export default function BundlesPage() {
  const { session } = useSession();
  const narrow = useMediaQuery(`(max-width:${LAYOUT.narrowBreakpoint}px)`);
  // Spec 1 §6: pricing is hidden for wholesale (the server does not send it either).
  const showPrices = !isWholesale(session);
  const toast = useToast();
  const queryClient = useQueryClient();
  const { ask, dialog } = useConfirm();
  const bundles = useQuery({ queryKey: ['bundles', 'list'], queryFn: () => call(bundleRoutes.list) });
  const usage = useQuery({ queryKey: ['bundles', 'usage'], queryFn: () => call(bundleRoutes.usage) });

  const toggle = async (b: BundleRecord) => {
    const enabling = b.id === null;
    const confirmed = await ask({
      title: enabling ? `Enable ${b.name}` : `Disable ${b.name}`,
      text: enabling
        ? showPrices && b.pricePence !== undefined
          ? `${b.name} costs ${formatPence(b.pricePence)} a month (ex VAT), charged on your next invoice for every month it is enabled in.`
          : `${b.name} gives ${b.minutes.toLocaleString('en-GB')} minutes a month, for every month it is enabled in.`
        : `${b.name} stops now; its minutes are no longer available. This month is still charged.`,
      action: enabling ? 'Enable' : 'Disable',
    });
    if (!confirmed) return;
    try {
      const reply =
        b.id === null
          ? await call(bundleRoutes.enable, { body: { bundleId: b.bundleId } })
          : await call(bundleRoutes.cease, { params: { id: b.id } });
      toast.success(reply.message);
    } catch (error) {
      toast.error(`${BUNDLE_MESSAGES.failed}: ${errorMessage(error)}`);
    }
    await queryClient.invalidateQueries({ queryKey: ['bundles'] });
  };

  const usedOf = (b: BundleRecord) => usage.data?.records.find((u) => u.id === b.id)?.used ?? 0;
  const view: BundlesView = {
    records: bundles.data?.records ?? [],
    showPrices,
    usedOf,
    action: (b) => <BundleAction bundle={b} onToggle={toggle} />,
  };
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        Bundles
      </Typography>
      {bundles.isError && <Alert severity="error">{errorMessage(bundles.error)}</Alert>}
      {/* A narrow screen has no room for the table's five columns: a card for each bundle. */}
      {narrow ? <BundleCards {...view} /> : <BundleTable {...view} />}
      {dialog}
    </Stack>
  );
}

interface BundlesView {
  records: BundleRecord[];
  showPrices: boolean;
  usedOf: (b: BundleRecord) => number;
  action: (b: BundleRecord) => ReactNode;
}

/** Enable (bundles create) or Disable (bundles delete), by the bundle's state. */
function BundleAction({ bundle, onToggle }: { bundle: BundleRecord; onToggle: (b: BundleRecord) => void }) {
  const { can } = useSession();
  if (bundle.id === null) {
    return can('bundles', 'create') ? (
      <Button variant="outlined" size="small" onClick={() => onToggle(bundle)}>
        Enable
      </Button>
    ) : null;
  }
  return can('bundles', 'delete') ? (
    <Button variant="outlined" color="error" size="small" onClick={() => onToggle(bundle)}>
      Disable
    </Button>
  ) : null;
}

const StatusChip = ({ bundle }: { bundle: BundleRecord }) => (
  <StateChip on={bundle.id !== null} label={bundle.id !== null ? 'Enabled' : 'Not enabled'} />
);

function Usage({ bundle, used }: { bundle: BundleRecord; used: number }) {
  if (bundle.id === null) return '—';
  return (
    <Box>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, (used / bundle.minutes) * 100)}
        aria-label={`${bundle.name} usage`}
      />
      <Typography variant="caption">
        {used} of {bundle.minutes} minutes
      </Typography>
    </Box>
  );
}

const NameAndDescription = ({ bundle }: { bundle: BundleRecord }) => (
  <>
    <Typography variant="body2" sx={{ fontWeight: 500 }}>
      {bundle.name}
    </Typography>
    <Typography variant="caption" color="text.secondary">
      {bundle.description}
    </Typography>
  </>
);

function BundleTable({ records, showPrices, usedOf, action }: BundlesView) {
  return (
    <Paper variant="outlined">
      <Table aria-label="Bundles">
        <TableHead>
          <TableRow>
            <TableCell>Bundle</TableCell>
            {showPrices && <TableCell>Monthly price (ex VAT)</TableCell>}
            <TableCell>Status</TableCell>
            <TableCell sx={{ width: 220 }}>Used this month</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {records.map((b) => (
            <TableRow key={b.bundleId}>
              <TableCell>
                <NameAndDescription bundle={b} />
              </TableCell>
              {showPrices && <TableCell>{b.pricePence === undefined ? '' : formatPence(b.pricePence)}</TableCell>}
              <TableCell>
                <StatusChip bundle={b} />
              </TableCell>
              <TableCell>
                <Usage bundle={b} used={usedOf(b)} />
              </TableCell>
              <TableCell align="right">{action(b)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

function BundleCards({ records, showPrices, usedOf, action }: BundlesView) {
  return (
    <Stack spacing={1.5} component="ul" aria-label="Bundles" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {records.map((b) => (
        <Paper key={b.bundleId} variant="outlined" component="li" sx={{ p: 2 }}>
          <Stack spacing={1}>
            <Box>
              <NameAndDescription bundle={b} />
            </Box>
            {showPrices && b.pricePence !== undefined && (
              <Typography variant="body2">{formatPence(b.pricePence)} a month (ex VAT)</Typography>
            )}
            {b.id !== null && <Usage bundle={b} used={usedOf(b)} />}
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
              <StatusChip bundle={b} />
              {action(b)}
            </Stack>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
