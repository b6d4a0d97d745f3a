/**
 * The Top Up modal (spec 1 §4 "Top-up wizard"): Payment Type, then Details, then the method's step —
 * a card goes to the card form (a payment the server creates; the account is credited when the
 * provider confirms it), a bank transfer shows the provider's bank details and the reference 'AC' +
 * the account number. An account with an auto top-up skips Payment Type: its settings, Confirm,
 * Feedback (updated or disabled). Needs prepay read (the Balance and Top Up items of spec 1 §6).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  AUTO_TOP_UP_THRESHOLDS,
  bankTransferReference,
  PAYMENT_MESSAGES,
  PROVIDER_BANK_ACCOUNT,
  paymentRoutes,
  TOP_UP_AMOUNTS,
} from '@switchboard/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../api.ts';
import { call } from '../client.ts';
import { useSession } from '../session-context.ts';
import { type Stage, StagedForm } from '../staged-form/staged-form.tsx';
import { PayPalCheckout, type PayPalOrder } from './paypal.tsx';

type Method = 'creditDebitCard' | 'bankTransfer' | 'paypal';

const pounds = (n: number) => `£${n}`;

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

export function TopUpButton() {
  const { session, can } = useSession();
  const [open, setOpen] = useState(false);
  if (!can('prepay', 'read') || !can('account', 'update')) return null;
  return (
    <>
      <Button variant="contained" onClick={() => setOpen(true)}>
        Top Up
      </Button>
      {open && <TopUpDialog accountNo={Number(session.account_no)} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The Top Up modal itself (the sidebar's Top Up item opens it too, loading it on demand). */
export function TopUpDialog({ accountNo, onClose }: { accountNo: number; onClose: () => void }) {
  const navigate = useNavigate();
  const { can } = useSession();
  const queryClient = useQueryClient();
  const auto = useQuery({
    queryKey: ['account', accountNo, 'hasautotopup'],
    queryFn: () => call(paymentRoutes.hasAutoTopUp, { params: { account_no: accountNo } }),
  });
  const [method, setMethod] = useState<Method | ''>('');
  const [amount, setAmount] = useState<number>(TOP_UP_AMOUNTS[0]);
  const [autoTopup, setAutoTopup] = useState(false);
  const [threshold, setThreshold] = useState<number>(2);
  const [enabled, setEnabled] = useState(true);
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string }>({ ok: true, text: '' });
  // PayPal: the order the server made, and whether its buyer approved it with PayPal.
  const [order, setOrder] = useState<PayPalOrder | null>(null);
  const [approved, setApproved] = useState(false);
  const [paypalNote, setPaypalNote] = useState('');

  if (!auto.data) return null;

  // An account with an auto top-up: its settings, Confirm, Feedback.
  if (auto.data.cpv3AutoTopupEnabled) {
    const stages: Stage[] = [
      {
        label: 'Auto Top-Up',
        content: (
          <Stack spacing={2}>
            <Typography variant="body2">
              Your saved card is charged {pounds(auto.data.autoTopUpAmount)} whenever your balance falls below the
              threshold.
            </Typography>
            <FormControlLabel
              control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />}
              label="Auto top-up enabled"
            />
            {enabled && <ThresholdSelect value={threshold} onChange={setThreshold} />}
          </Stack>
        ),
      },
      {
        label: 'Confirm',
        actionLabel: 'Confirm',
        content: (
          <Typography variant="body2">
            {enabled
              ? `Auto top-up of ${pounds(auto.data.autoTopUpAmount)} when the balance falls below ${pounds(threshold)}.`
              : 'Auto top-up will be disabled: your balance will no longer be topped up automatically.'}
          </Typography>
        ),
        action: async () => {
          try {
            const reply = await call(paymentRoutes.updateAutoTopUp, {
              params: { account_no: accountNo },
              body: { enabled, threshold },
            });
            setFeedback({ ok: true, text: reply.message });
            await queryClient.invalidateQueries({ queryKey: ['account', accountNo] });
          } catch (e) {
            setFeedback({
              ok: false,
              text: `Your auto top-up setup update was unsuccessful, please try again. ${errorMessage(e)}`,
            });
          }
          return true;
        },
      },
    ];
    return (
      <StagedForm
        open
        title="Top Up"
        stages={stages}
        feedback={<Alert severity={feedback.ok ? 'success' : 'error'}>{feedback.text}</Alert>}
        onClose={onClose}
      />
    );
  }

  const stages: Stage[] = [
    {
      label: 'Payment Type',
      blocked: method === '',
      content: (
        <RadioGroup value={method} onChange={(e) => setMethod(e.target.value as Method)} aria-label="Payment type">
          <FormControlLabel value="creditDebitCard" control={<Radio />} label="Credit / Debit Card" />
          <FormControlLabel value="bankTransfer" control={<Radio />} label="Bank Transfer" />
          {/* Spec 1 §6: the Paypal top-up option requires paypal create. */}
          {can('paypal', 'create') && <FormControlLabel value="paypal" control={<Radio />} label="PayPal" />}
        </RadioGroup>
      ),
    },
  ];

  const paypalStages: Stage[] = [
    {
      label: 'Details',
      actionLabel: 'Continue to PayPal',
      content: (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <AmountSelect value={amount} onChange={setAmount} />
          {!feedback.ok && <Alert severity="error">{feedback.text}</Alert>}
        </Stack>
      ),
      action: async () => {
        try {
          setOrder(await call(paymentRoutes.paypalOrder, { params: { account_no: accountNo }, body: { amount } }));
          setApproved(false);
          setPaypalNote('');
          setFeedback({ ok: true, text: '' });
          return true;
        } catch (e) {
          setFeedback({ ok: false, text: errorMessage(e, PAYMENT_MESSAGES.topUpFailed) });
          return false;
        }
      },
    },
    {
      label: 'Payment',
      blocked: !approved,
      actionLabel: `Pay ${pounds(amount)}`,
      content: (
        <Stack spacing={2}>
          <Typography variant="body2">
            Approve the payment of {pounds(amount)} with PayPal, then press Pay {pounds(amount)}.
          </Typography>
          {order && !approved && (
            <PayPalCheckout
              order={order}
              amount={amount}
              onApproved={() => {
                setApproved(true);
                setPaypalNote('');
              }}
              onCancelled={() => setPaypalNote('You cancelled the payment with PayPal: go back to start again.')}
            />
          )}
          {approved && <Alert severity="success">Approved with PayPal.</Alert>}
          {paypalNote && <Alert severity="info">{paypalNote}</Alert>}
        </Stack>
      ),
      action: async () => {
        if (!order) return false;
        try {
          const reply = await call(paymentRoutes.paypalCapture, {
            params: { account_no: accountNo, orderId: order.orderId },
          });
          setFeedback({ ok: true, text: reply.message });
          await queryClient.invalidateQueries();
        } catch {
          setFeedback({ ok: false, text: PAYMENT_MESSAGES.topUpFailed });
        }
        return true;
      },
    },
  ];

  stages.push(
    ...(method === 'paypal'
      ? paypalStages
      : [
          method === 'bankTransfer'
            ? {
                label: 'Details',
                actionLabel: 'Done',
                content: (
                  <Stack spacing={1}>
                    <Typography variant="body2">
                      Transfer the amount you want to add to your balance to this account, quoting the reference:
                    </Typography>
                    <Typography variant="body2">
                      Account name: <strong>{PROVIDER_BANK_ACCOUNT.name}</strong>
                    </Typography>
                    <Typography variant="body2">
                      Bank: <strong>{PROVIDER_BANK_ACCOUNT.bank}</strong>
                    </Typography>
                    <Typography variant="body2">
                      Sort code: <strong>{PROVIDER_BANK_ACCOUNT.sortCode}</strong>
                    </Typography>
                    <Typography variant="body2">
                      Account number: <strong>{PROVIDER_BANK_ACCOUNT.accountNumber}</strong>
                    </Typography>
                    <Typography variant="body2">
                      Reference: <strong>{bankTransferReference(accountNo)}</strong>
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      Your balance is credited when the transfer arrives (usually the next working day).
                    </Typography>
                  </Stack>
                ),
                action: async () => {
                  setFeedback({
                    ok: true,
                    text: `Please transfer the amount quoting the reference ${bankTransferReference(accountNo)}.`,
                  });
                  return true;
                },
              }
            : {
                label: 'Details',
                actionLabel: 'Pay by Card',
                content: (
                  <Stack spacing={2} sx={{ pt: 1 }}>
                    <AmountSelect value={amount} onChange={setAmount} />
                    <FormControlLabel
                      control={<Checkbox checked={autoTopup} onChange={(e) => setAutoTopup(e.target.checked)} />}
                      label="Top up automatically with this card when my balance runs low"
                    />
                    {autoTopup && <ThresholdSelect value={threshold} onChange={setThreshold} />}
                    {!feedback.ok && <Alert severity="error">{feedback.text}</Alert>}
                  </Stack>
                ),
                action: async () => {
                  try {
                    const reply = await call(paymentRoutes.topUp, {
                      params: { account_no: accountNo },
                      body: { amount, autoTopup, threshold },
                    });
                    onClose();
                    navigate(`/payment/${encodeURIComponent(reply.clientSecret)}`);
                    return false;
                  } catch {
                    setFeedback({ ok: false, text: PAYMENT_MESSAGES.topUpFailed });
                    return false;
                  }
                },
              },
        ]),
  );
  return (
    <StagedForm
      open
      title="Top Up"
      stages={stages}
      feedback={
        <Alert severity={feedback.ok ? (method === 'paypal' ? 'success' : 'info') : 'error'}>{feedback.text}</Alert>
      }
      onClose={onClose}
    />
  );
}
