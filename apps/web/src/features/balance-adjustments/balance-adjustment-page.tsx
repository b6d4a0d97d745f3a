/**
 * /balance-adjustment: a provider admin's credit or debit of an account, posted to its ledger with
 * a required reason (audited). The amount is typed in pounds and sent in pence. Nothing is posted
 * before a confirmation naming the account, the amount and the balance it leaves (read from the
 * server), and an amount over the server's maximum is refused under its field. More than one
 * error shows the multiple-errors banner (spec 1 §5).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type AdjustmentBody,
  type AdjustmentPreview,
  accountBillingRoutes,
  adjustmentBody,
  formatPence,
  MESSAGES,
  parsePounds,
} from '@switchboard/domain';
import { useState } from 'react';
import { ApiError } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { useConfirm } from '../../platform/confirm.tsx';
import { useToast } from '../../platform/toast.ts';

type Field = 'accountNo' | 'type' | 'amountPence' | 'reason';
type Errors = Partial<Record<Field, string>>;
interface Values {
  accountNo: string;
  type: 'credit' | 'debit';
  amount: string;
  reason: string;
}
const EMPTY: Values = { accountNo: '', type: 'credit', amount: '', reason: '' };

/** The browser's own checks: the errors, or the account and the body to send. */
function validate(v: Values): { errors: Errors } | { account: number; body: AdjustmentBody } {
  const errors: Errors = {};
  const account = Number(v.accountNo);
  if (!/^\d{1,9}$/.test(v.accountNo.trim()) || account <= 0) errors.accountNo = MESSAGES.required;
  const pence = parsePounds(v.amount);
  const parsed = adjustmentBody.safeParse({ type: v.type, amountPence: pence ?? undefined, reason: v.reason });
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'type' || field === 'amountPence' || field === 'reason') errors[field] ??= issue.message;
  }
  if (v.amount.trim() && pence === null) errors.amountPence = 'Please enter an amount in pounds, e.g. 12.50';
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { account, body: parsed.data };
}

/** The confirmation's words: the amount, the account and the balance before and after. */
function confirmation(body: AdjustmentBody, preview: AdjustmentPreview) {
  const signed = body.type === 'credit' ? body.amountPence : -body.amountPence;
  const verb = body.type === 'credit' ? 'Credit' : 'Debit';
  return {
    title: `${verb} ${formatPence(body.amountPence)}`,
    text: `${verb} ${formatPence(body.amountPence)} ${body.type === 'credit' ? 'to' : 'from'} ${preview.accountNo} (${preview.name})? Its balance goes from ${formatPence(preview.balancePence)} to ${formatPence(preview.balancePence + signed)}. Reason: ${body.reason}`,
    action: 'Post Adjustment',
  };
}

export default function BalanceAdjustmentPage() {
  const toast = useToast();
  const confirm = useConfirm();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [posted, setPosted] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refuse = (error: unknown) => {
    if (!(error instanceof ApiError)) return toast.error(MESSAGES.noResponse);
    setErrors({ ...error.validation, ...(error.status === 404 ? { accountNo: MESSAGES.recordNotFound } : {}) });
    if (error.status !== 404 && Object.keys(error.validation).length === 0) toast.error(error.message);
  };
  const post = async (account: number, body: AdjustmentBody) => {
    const preview = await call(accountBillingRoutes.adjustPreview, { params: { account_no: account } });
    if (body.amountPence > preview.maxPence) {
      return setErrors({ amountPence: MESSAGES.adjustmentTooLarge(formatPence(preview.maxPence)) });
    }
    if (!(await confirm.ask(confirmation(body, preview)))) return;
    const reply = await call(accountBillingRoutes.adjust, { params: { account_no: account }, body });
    toast.success(reply.message);
    const balance =
      reply.balance === undefined
        ? ''
        : ` The balance of ${account} is now ${formatPence(Math.round(reply.balance * 100))}.`;
    setPosted(`${body.type === 'credit' ? 'Credited' : 'Debited'} ${formatPence(body.amountPence)}.${balance}`);
    setValues((v) => ({ ...v, amount: '', reason: '' }));
  };
  const submit = async () => {
    setPosted(null);
    const checked = validate(values);
    setErrors('errors' in checked ? checked.errors : {});
    if ('errors' in checked) return;
    setBusy(true);
    try {
      await post(checked.account, checked.body);
    } catch (error) {
      refuse(error);
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
        <AdjustmentForm values={values} setValues={setValues} errors={errors} busy={busy} onSubmit={submit} />
        {posted && (
          <Alert severity="success" sx={{ mt: 2 }}>
            {posted}
          </Alert>
        )}
      </Paper>
      {confirm.dialog}
    </>
  );
}

interface FormProps {
  values: Values;
  setValues: (f: (v: Values) => Values) => void;
  errors: Errors;
  busy: boolean;
  onSubmit: () => Promise<void>;
}

function AdjustmentForm({ values, setValues, errors, busy, onSubmit }: FormProps) {
  const set = (k: keyof Values) => (e: { target: { value: string } }) =>
    setValues((v) => ({
      ...v,
      [k]: k === 'type' ? (e.target.value === 'debit' ? 'debit' : 'credit') : e.target.value,
    }));
  // A field's value, its change and its error (shown under it).
  const bound = (k: keyof Values, error: string | undefined) => ({
    value: values[k],
    onChange: set(k),
    error: Boolean(error),
    helperText: error,
  });
  const several = Object.values(errors).filter(Boolean).length > 1;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
      sx={{ display: 'grid', gap: 2 }}
    >
      {several && <Alert severity="error">{MESSAGES.multipleErrors}</Alert>}
      <TextField
        label="Account Number"
        {...bound('accountNo', errors.accountNo)}
        required
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <TextField select label="Adjustment" {...bound('type', errors.type)}>
        <MenuItem value="credit">Credit (adds to the balance)</MenuItem>
        <MenuItem value="debit">Debit (takes from the balance)</MenuItem>
      </TextField>
      <TextField
        label="Amount (£)"
        {...bound('amount', errors.amountPence)}
        required
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <TextField
        label="Reason"
        {...bound('reason', errors.reason)}
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
    </Box>
  );
}
