/**
 * The modal of the telephone numbers linked to an address (spec 3 §2), with its add-link action: one
 * of the account's international numbers not linked yet — how a number bought without the address
 * or proof its country needs is completed later.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { canUseInternational, type InternationalAddress, internationalRoutes, MESSAGES } from '@switchboard/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { useSession } from '../../platform/session-context.ts';
import { SimpleTable } from '../../platform/simple-table.tsx';
import { linksQuery, numbersQuery, refreshInternational } from './api.ts';

export function LinksDialog({ address, onClose }: { address: InternationalAddress; onClose: () => void }) {
  const { session } = useSession();
  const client = useQueryClient();
  const links = useQuery(linksQuery(address.id));
  const numbers = useQuery(numbersQuery);
  const [chosen, setChosen] = useState<number | ''>('');
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const linked = new Set(links.data?.records.map((l) => l.allocatedNumberId));
  const free = numbers.data?.records.filter((n) => !linked.has(n.id)) ?? [];
  const add = async () => {
    if (chosen === '') return;
    try {
      const reply = await call(internationalRoutes.addLink, {
        params: { id: address.id },
        body: { allocatedNumberId: chosen },
      });
      setOutcome({ ok: true, message: reply.message });
      setChosen('');
    } catch (error) {
      setOutcome({ ok: false, message: errorMessage(error, MESSAGES.uploadFallback) });
    }
    await refreshInternational(client);
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        Telephone Numbers of {address.firstname} {address.lastname}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {links.isError && <Alert severity="error">{errorMessage(links.error)}</Alert>}
          {links.data && links.data.records.length === 0 && <Typography>{MESSAGES.noRecords}</Typography>}
          {links.data && links.data.records.length > 0 && (
            <SimpleTable
              label="Linked telephone numbers"
              rows={links.data.records}
              columns={[
                { header: 'Telephone Number', cell: (l) => l.number },
                { header: 'Linked', cell: (l) => new Date(l.linkedAt).toLocaleDateString('en-GB') },
              ]}
            />
          )}
          {canUseInternational(session, 'update') && (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
              <TextField
                select
                size="small"
                label="Telephone Number"
                value={chosen}
                onChange={(e) => setChosen(Number(e.target.value))}
                sx={{ minWidth: 220, flexGrow: 1 }}
                helperText={free.length === 0 ? 'Every international number is linked already' : ' '}
                disabled={free.length === 0}
              >
                {free.map((n) => (
                  <MenuItem key={n.id} value={n.id}>
                    {n.number}
                    {n.countryName ? ` (${n.countryName})` : ''}
                  </MenuItem>
                ))}
              </TextField>
              <Button variant="contained" disabled={chosen === ''} onClick={() => void add()}>
                Add Link
              </Button>
            </Box>
          )}
          {outcome && <Alert severity={outcome.ok ? 'success' : 'error'}>{outcome.message}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
