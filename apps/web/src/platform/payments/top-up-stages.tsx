/**
 * The Top Up modal's stages, one builder per payment type (top-up.tsx chooses among them): the
 * saved auto top-up's settings and Confirm, a card top-up's details, a bank transfer's details,
 * and PayPal's Details and Payment. Each builder takes the wizard's state it reads and sets.
 */
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  AUTO_TOP_UP_THRESHOLDS,
  type AutoTopUpStatus,
  bankTransferReference,
  PAYMENT_MESSAGES,
  PROVIDER_BANK_ACCOUNT,
  paymentRoutes,
  TOP_UP_AMOUNTS,
} from '@switchboard/domain';
import { errorMessage } from '../api.ts';
import { call } from '../client.ts';
import { Hint } from '../hint.tsx';
import type { Stage } from '../staged-form/staged-form.tsx';
import { PayPalCheckout, type PayPalOrder } from './paypal.tsx';

export const pounds = (n: number) => `£${n}`;

export interface Feedback {
  ok: boolean;
  text: string;
}

interface PoundsSelectProps {
  value: number;
  onChange: (v: number) => void;
}

/** A select of whole pounds ('£10'), labelled. */
function PoundsSelect({
  id,
  label,
  choices,
  value,
  onChange,
}: PoundsSelectProps & { id: string; label: string; choices: readonly number[] }) {
  return (
    <FormControl fullWidth>
      <InputLabel id={id}>{label}</InputLabel>
      <Select labelId={id} label={label} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {choices.map((n) => (
          <MenuItem key={n} value={n}>
            {pounds(n)}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

const ThresholdSelect = (props: PoundsSelectProps) => (
  <PoundsSelect
    id="threshold-label"
    label="Top up when the balance falls below"
    choices={AUTO_TOP_UP_THRESHOLDS}
    {...props}
  />
);

const AmountSelect = (props: PoundsSelectProps) => (
  <PoundsSelect id="amount-label" label="Amount (inc VAT)" choices={TOP_UP_AMOUNTS} {...props} />
);

/** The saved auto top-up (spec 1 §4): its settings as saved, Confirm, then Feedback updated or disabled. */
export function autoTopUpStages(p: {
  accountNo: number;
  saved: AutoTopUpStatus;
  enabled: boolean;
  setEnabled: (v: boolean) => void;
  threshold: number;
  setThreshold: (v: number) => void;
  done: (f: Feedback) => Promise<void>;
}): Stage[] {
  const amount = pounds(p.saved.autoTopUpAmount);
  return [
    {
      label: 'Auto Top-Up',
      content: (
        <Stack spacing={2}>
          <Typography variant="body2">
            Your saved card is charged {amount} whenever your balance falls below the threshold.
          </Typography>
          <FormControlLabel
            control={<Switch checked={p.enabled} onChange={(e) => p.setEnabled(e.target.checked)} />}
            label="Auto top-up enabled"
          />
          {p.enabled && <ThresholdSelect value={p.threshold} onChange={p.setThreshold} />}
          <Hint>For a one-off top-up by card, bank transfer or PayPal, go Back to the payment types.</Hint>
        </Stack>
      ),
    },
    {
      label: 'Confirm',
      actionLabel: 'Confirm',
      content: (
        <Typography variant="body2">
          {p.enabled
            ? `Auto top-up of ${amount} when the balance falls below ${pounds(p.threshold)}.`
            : 'Auto top-up will be disabled: your balance will no longer be topped up automatically.'}
        </Typography>
      ),
      action: async () => {
        try {
          const reply = await call(paymentRoutes.updateAutoTopUp, {
            params: { account_no: p.accountNo },
            body: { enabled: p.enabled, threshold: p.threshold },
          });
          await p.done({ ok: true, text: reply.message });
        } catch (e) {
          await p.done({
            ok: false,
            text: `Your auto top-up setup update was unsuccessful, please try again. ${errorMessage(e)}`,
          });
        }
        return true;
      },
    },
  ];
}

/** A bank transfer: the provider's bank details and the reference 'AC' + the account number. */
export function bankTransferStage(accountNo: number, setFeedback: (f: Feedback) => void): Stage {
  const reference = bankTransferReference(accountNo);
  const line = (label: string, value: string) => (
    <Typography variant="body2">
      {label}: <strong>{value}</strong>
    </Typography>
  );
  return {
    label: 'Details',
    actionLabel: 'Done',
    content: (
      <Stack spacing={1}>
        <Typography variant="body2">
          Transfer the amount you want to add to your balance to this account, quoting the reference:
        </Typography>
        {line('Account name', PROVIDER_BANK_ACCOUNT.name)}
        {line('Bank', PROVIDER_BANK_ACCOUNT.bank)}
        {line('Sort code', PROVIDER_BANK_ACCOUNT.sortCode)}
        {line('Account number', PROVIDER_BANK_ACCOUNT.accountNumber)}
        {line('Reference', reference)}
        <Typography variant="caption" color="text.secondary">
          Your balance is credited when the transfer arrives (usually the next working day).
        </Typography>
      </Stack>
    ),
    action: async () => {
      setFeedback({ ok: true, text: `Please transfer the amount quoting the reference ${reference}.` });
      return true;
    },
  };
}

/** A card top-up: amount, and whether this card tops up automatically; then the card form. */
export function cardStage(p: {
  accountNo: number;
  amount: number;
  setAmount: (v: number) => void;
  autoTopup: boolean;
  setAutoTopup: (v: boolean) => void;
  threshold: number;
  setThreshold: (v: number) => void;
  feedback: Feedback;
  setFeedback: (f: Feedback) => void;
  toCardForm: (clientSecret: string) => void;
}): Stage {
  return {
    label: 'Details',
    actionLabel: 'Pay by Card',
    content: (
      <Stack spacing={2} sx={{ pt: 1 }}>
        <AmountSelect value={p.amount} onChange={p.setAmount} />
        <FormControlLabel
          control={<Checkbox checked={p.autoTopup} onChange={(e) => p.setAutoTopup(e.target.checked)} />}
          label="Top up automatically with this card when my balance runs low"
        />
        {p.autoTopup && <ThresholdSelect value={p.threshold} onChange={p.setThreshold} />}
      </Stack>
    ),
    error: p.feedback.ok ? undefined : p.feedback.text,
    action: async () => {
      try {
        const reply = await call(paymentRoutes.topUp, {
          params: { account_no: p.accountNo },
          body: { amount: p.amount, autoTopup: p.autoTopup, threshold: p.threshold },
        });
        p.toCardForm(reply.clientSecret);
        return false;
      } catch {
        p.setFeedback({ ok: false, text: PAYMENT_MESSAGES.topUpFailed });
        return false;
      }
    },
  };
}

/** PayPal (spec 1 §4): Details, then Payment with Next blocked until the buyer approves, then Feedback. */
export function paypalStages(p: {
  accountNo: number;
  amount: number;
  setAmount: (v: number) => void;
  order: PayPalOrder | null;
  setOrder: (o: PayPalOrder | null) => void;
  approved: boolean;
  setApproved: (v: boolean) => void;
  note: string;
  setNote: (v: string) => void;
  feedback: Feedback;
  setFeedback: (f: Feedback) => void;
  captured: () => Promise<void>;
}): Stage[] {
  const pay = pounds(p.amount);
  return [
    {
      label: 'Details',
      actionLabel: 'Continue to PayPal',
      content: (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <AmountSelect value={p.amount} onChange={p.setAmount} />
        </Stack>
      ),
      error: p.feedback.ok ? undefined : p.feedback.text,
      action: async () => {
        try {
          p.setOrder(
            await call(paymentRoutes.paypalOrder, { params: { account_no: p.accountNo }, body: { amount: p.amount } }),
          );
          p.setApproved(false);
          p.setNote('');
          p.setFeedback({ ok: true, text: '' });
          return true;
        } catch (e) {
          p.setFeedback({ ok: false, text: errorMessage(e, PAYMENT_MESSAGES.topUpFailed) });
          return false;
        }
      },
    },
    {
      label: 'Payment',
      blocked: !p.approved,
      actionLabel: `Pay ${pay}`,
      content: (
        <Stack spacing={2}>
          <Typography variant="body2">
            Approve the payment of {pay} with PayPal, then press Pay {pay}.
          </Typography>
          {p.order && !p.approved && (
            <PayPalCheckout
              order={p.order}
              amount={p.amount}
              onApproved={() => {
                p.setApproved(true);
                p.setNote('');
              }}
              onCancelled={() => p.setNote('You cancelled the payment with PayPal: go back to start again.')}
            />
          )}
          {p.approved && <Alert severity="success">Approved with PayPal.</Alert>}
          {p.note && <Alert severity="info">{p.note}</Alert>}
        </Stack>
      ),
      action: async () => {
        if (!p.order) return false;
        try {
          const reply = await call(paymentRoutes.paypalCapture, {
            params: { account_no: p.accountNo, orderId: p.order.orderId },
          });
          p.setFeedback({ ok: true, text: reply.message });
          await p.captured();
        } catch {
          p.setFeedback({ ok: false, text: PAYMENT_MESSAGES.topUpFailed });
        }
        return true;
      },
    },
  ];
}
