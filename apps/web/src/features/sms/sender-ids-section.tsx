/**
 * A provider admin's registration of an account's alphanumeric sender IDs (beside its numbers, as UK
 * gateways allow once the name is approved): the account's IDs read, edited as one list (commas or
 * new lines between them) and saved whole; each ID checked as the server checks it.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SMS_SENDER_IDS_MAX, smsSenderIds } from '@switchboard/domain';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../platform/api.ts';
import { useToast } from '../../platform/toast.ts';
import { loadSenderIds, saveSenderIds } from './api.ts';

/** The IDs typed: separated by commas or new lines (an ID may hold spaces). */
const typedIds = (text: string) =>
  text
    .split(/[,\n]/)
    .map((id) => id.trim())
    .filter((id) => id !== '');

export function SenderIdsSection() {
  const toast = useToast();
  const [accountNo, setAccountNo] = useState('');
  const [loaded, setLoaded] = useState<number | null>(null);
  const [ids, setIds] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const attempt = async (action: () => Promise<void>) => {
    setProblem(null);
    try {
      await action();
    } catch (error) {
      // A refusal of one ID is said by its rule; any other failure by the server's message.
      const refusal = error instanceof ApiError ? Object.values(error.validation)[0] : undefined;
      setProblem(refusal ?? errorMessage(error));
    }
  };
  const load = () =>
    attempt(async () => {
      const no = Number(accountNo);
      setIds((await loadSenderIds(no)).senderIds.join('\n'));
      setLoaded(no);
    });
  const save = () =>
    attempt(async () => {
      const parsed = smsSenderIds.safeParse({ senderIds: typedIds(ids) });
      if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? null);
      if (loaded !== null) toast.success((await saveSenderIds(loaded, parsed.data.senderIds)).message);
    });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }} component="section" aria-labelledby="sender-ids">
      <Typography variant="h6" component="h2" id="sender-ids" gutterBottom>
        Sender IDs of an account
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Names an account may send texts from beside its numbers, once the gateway has approved them: up to{' '}
        {SMS_SENDER_IDS_MAX}, each 1-11 letters, digits or spaces with at least one letter. Replies cannot be sent to
        them.
      </Typography>
      <Stack spacing={2} sx={{ maxWidth: 420 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            label="Account number"
            size="small"
            value={accountNo}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            onChange={(e) => {
              setAccountNo(e.target.value.replace(/\D/g, ''));
              setLoaded(null);
            }}
          />
          <Button variant="outlined" disabled={!accountNo} onClick={() => void load()}>
            Load
          </Button>
        </Stack>
        {problem && <Alert severity="error">{problem}</Alert>}
        {loaded !== null && (
          <>
            <TextField
              label={`Sender IDs of account ${loaded}`}
              multiline
              minRows={2}
              value={ids}
              onChange={(e) => setIds(e.target.value)}
              helperText="One per line (or separated by commas)"
            />
            <Button variant="contained" sx={{ alignSelf: 'flex-start' }} onClick={() => void save()}>
              Save
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}
