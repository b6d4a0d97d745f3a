/**
 * Bundles (spec 1 §4 "Bundle"): each of the provider's bundles with the account's state and this
 * month's usage; Enable / Disable asks first, then says how it went ('Bundle unsuccessfully
 * enabled/disabled' and the server's message on failure). Charged on the next invoice. Prices are
 * hidden from wholesale accounts (spec 1 §6), who have their own rates.
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
import { BUNDLE_MESSAGES, type BundleRecord, bundleRoutes, formatPence, isWholesale } from '@switchboard/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { useConfirm } from '../../platform/confirm.tsx';
import { useSession } from '../../platform/session-context.ts';
import { StateChip } from '../../platform/state-chip.tsx';
import { useToast } from '../../platform/toast.ts';

export default function BundlesPage() {
  const { session, can } = useSession();
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
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        Bundles
      </Typography>
      {bundles.isError && <Alert severity="error">{errorMessage(bundles.error)}</Alert>}
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
            {(bundles.data?.records ?? []).map((b) => (
              <TableRow key={b.bundleId}>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {b.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {b.description}
                  </Typography>
                </TableCell>
                {showPrices && <TableCell>{b.pricePence === undefined ? '' : formatPence(b.pricePence)}</TableCell>}
                <TableCell>
                  <StateChip on={b.id !== null} label={b.id !== null ? 'Enabled' : 'Not enabled'} />
                </TableCell>
                <TableCell>
                  {b.id !== null ? (
                    <Box>
                      <LinearProgress
                        variant="determinate"
                        value={Math.min(100, (usedOf(b) / b.minutes) * 100)}
                        aria-label={`${b.name} usage`}
                      />
                      <Typography variant="caption">
                        {usedOf(b)} of {b.minutes} minutes
                      </Typography>
                    </Box>
                  ) : (
                    '—'
                  )}
                </TableCell>
                <TableCell align="right">
                  {b.id === null
                    ? can('bundles', 'create') && (
                        <Button variant="outlined" size="small" onClick={() => toggle(b)}>
                          Enable
                        </Button>
                      )
                    : can('bundles', 'delete') && (
                        <Button variant="outlined" color="error" size="small" onClick={() => toggle(b)}>
                          Disable
                        </Button>
                      )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      {dialog}
    </Stack>
  );
}
