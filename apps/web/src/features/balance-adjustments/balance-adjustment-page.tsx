/**
 * /balance-adjustment: a provider admin's credit or debit of an account, posted to its ledger with
 * a required reason (audited). The amount is typed in pounds and sent in pence.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { accountBillingRoutes, adjustmentBody, formatPence, MESSAGES, parsePounds } from '@switchboard/domain';
import { useState } from 'react';
import { ApiError } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { useToast } from '../../platform/toast.ts';

type Field = 'accountNo' | 'type' | 'amountPence' | 'reason';

export default function BalanceAdjustmentPage() {
  const toast = useToast();
  const [accountNo, setAccountNo] = useState('');
  const [type, setType] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [posted, setPosted] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setPosted(null);
    const found: Partial<Record<Field, string>> = {};
    const account = Number(accountNo);
    if (!/^\d{1,9}$/.test(accountNo.trim()) || account <= 0) found.accountNo = MESSAGES.required;
    const pence = parsePounds(amount);
    const parsed = adjustmentBody.safeParse({ type, amountPence: pence ?? undefined, reason });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as Field;
        found[field] ??= issue.message;
      }
    }
    if (amount.trim() && pence === null) found.amountPence = 'Please enter an amount in pounds, e.g. 12.50';
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    setBusy(true);
    try {
      const reply = await call(accountBillingRoutes.adjust, { params: { account_no: account }, body: parsed.data });
      toast.success(reply.message);
      const balance =
        reply.balance === undefined
          ? ''
          : ` The balance of ${account} is now ${formatPence(Math.round(reply.balance * 100))}.`;
      setPosted(`${type === 'credit' ? 'Credited' : 'Debited'} ${formatPence(parsed.data.amountPence)}.${balance}`);
      setAmount('');
      setReason('');
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors({ ...error.validation, ...(error.status === 404 ? { accountNo: MESSAGES.recordNotFound } : {}) });
        if (error.status !== 404 && Object.keys(error.validation).length === 0) toast.error(error.message);
      } else {
        toast.error(MESSAGES.noResponse);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom>
        Balance Adjustment
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Credit or debit an account's balance. The adjustment is posted to the account's transactions with the reason,
        and recorded in the audit log.
      </Typography>
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 560 }}>
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          sx={{ display: 'grid', gap: 2 }}
        >
          <TextField
            label="Account Number"
            value={accountNo}
            onChange={(e) => setAccountNo(e.target.value)}
            error={Boolean(errors.accountNo)}
            helperText={errors.accountNo}
            required
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            select
            label="Adjustment"
            value={type}
            onChange={(e) => setType(e.target.value === 'debit' ? 'debit' : 'credit')}
            error={Boolean(errors.type)}
            helperText={errors.type}
          >
            <MenuItem value="credit">Credit (adds to the balance)</MenuItem>
            <MenuItem value="debit">Debit (takes from the balance)</MenuItem>
          </TextField>
          <TextField
            label="Amount (£)"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={Boolean(errors.amountPence)}
            helperText={errors.amountPence}
            required
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={Boolean(errors.reason)}
            helperText={errors.reason ?? 'Shown to the account on its transactions page'}
            required
            multiline
            minRows={2}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={busy}>
              Post Adjustment
            </Button>
          </Box>
          {posted && <Alert severity="success">{posted}</Alert>}
        </Box>
      </Paper>
    </>
  );
}
