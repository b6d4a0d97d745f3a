/**
 * The Top Up modal (spec 1 §4 "Top-up wizard"): Payment Type, then Details, then the method's step —
 * a card goes to the card form (a payment the server creates; the account is credited when the
 * provider confirms it), a bank transfer shows the provider's bank details and the reference 'AC' +
 * the account number. An account with an auto top-up opens at its settings as saved (skipping
 * Payment Type), then Confirm, Feedback (updated or disabled); Back reaches Payment Type, where the
 * one-off methods stay on offer beside the auto top-up's settings. Needs prepay read (the Balance
 * and Top Up items of spec 1 §6).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import {
  AUTO_TOP_UP_THRESHOLDS,
  type AutoTopUpStatus,
  type PaymentType,
  paymentRoutes,
  TOP_UP_AMOUNTS,
  TOP_UP_DEFAULTS,
} from '@switchboard/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../client.ts';
import { useSession } from '../session-context.ts';
import { type Stage, StagedForm } from '../staged-form/staged-form.tsx';
import type { PayPalOrder } from './paypal.tsx';
import { autoTopUpStages, bankTransferStage, cardStage, type Feedback, paypalStages } from './top-up-stages.tsx';

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
  const auto = useQuery({
    queryKey: ['account', accountNo, 'hasautotopup'],
    queryFn: () => call(paymentRoutes.hasAutoTopUp, { params: { account_no: accountNo } }),
  });
  if (!auto.data) return null;
  return <TopUpWizard accountNo={accountNo} saved={auto.data} onClose={onClose} />;
}

/** A saved threshold as one of the form's choices (the default when it is none of them). */
const savedThreshold = (saved: AutoTopUpStatus) =>
  (AUTO_TOP_UP_THRESHOLDS as readonly number[]).includes(saved.autoTopUpThreshold)
    ? saved.autoTopUpThreshold
    : TOP_UP_DEFAULTS.threshold;

function PaymentTypes({
  value,
  onChange,
  hasAuto,
}: {
  value: string;
  onChange: (m: PaymentType) => void;
  hasAuto: boolean;
}) {
  const { can } = useSession();
  const types: [PaymentType, string, boolean][] = [
    ['creditDebitCard', 'Credit / Debit Card', true],
    ['bankTransfer', 'Bank Transfer', true],
    // Spec 1 §6: the Paypal top-up option requires paypal create.
    ['paypal', 'PayPal', can('paypal', 'create')],
    ['autoTopupConfig', 'Auto top-up settings', hasAuto],
  ];
  return (
    <RadioGroup
      value={value}
      onChange={(e) => {
        const chosen = types.find(([type]) => type === e.target.value);
        if (chosen) onChange(chosen[0]);
      }}
      aria-label="Payment type"
    >
      {types
        .filter(([, , offered]) => offered)
        .map(([type, label]) => (
          <FormControlLabel key={type} value={type} control={<Radio />} label={label} />
        ))}
    </RadioGroup>
  );
}

/** PayPal: the order the server made, whether its buyer approved it with PayPal, and a note. */
function usePayPalState() {
  const [order, setOrder] = useState<PayPalOrder | null>(null);
  const [approved, setApproved] = useState(false);
  const [note, setNote] = useState('');
  return { order, setOrder, approved, setApproved, note, setNote };
}

function TopUpWizard({
  accountNo,
  saved,
  onClose,
}: {
  accountNo: number;
  saved: AutoTopUpStatus;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hasAuto = saved.cpv3AutoTopupEnabled;
  const [method, setMethod] = useState<PaymentType | ''>(hasAuto ? 'autoTopupConfig' : '');
  const [amount, setAmount] = useState<number>(TOP_UP_AMOUNTS[0]);
  const [autoTopup, setAutoTopup] = useState(false);
  // The auto top-up's settings start as saved: Confirm changes only what the person changed.
  const [threshold, setThreshold] = useState<number>(savedThreshold(saved));
  const [enabled, setEnabled] = useState(saved.autoTopupEnabled);
  const [feedback, setFeedback] = useState<Feedback>({ ok: true, text: '' });
  const paypal = usePayPalState();

  const paymentType: Stage = {
    label: 'Payment Type',
    blocked: method === '',
    content: <PaymentTypes value={method} onChange={setMethod} hasAuto={hasAuto} />,
  };
  const done = async (f: Feedback) => {
    setFeedback(f);
    await queryClient.invalidateQueries({ queryKey: ['account', accountNo] });
  };
  const byMethod: Record<PaymentType, () => Stage[]> = {
    autoTopupConfig: () => autoTopUpStages({ accountNo, saved, enabled, setEnabled, threshold, setThreshold, done }),
    paypal: () =>
      paypalStages({
        ...paypal,
        accountNo,
        amount,
        setAmount,
        feedback,
        setFeedback,
        captured: () => queryClient.invalidateQueries(),
      }),
    bankTransfer: () => [bankTransferStage(accountNo, setFeedback)],
    creditDebitCard: () => [
      cardStage({
        accountNo,
        amount,
        setAmount,
        autoTopup,
        setAutoTopup,
        threshold,
        setThreshold,
        feedback,
        setFeedback,
        toCardForm: (clientSecret) => {
          onClose();
          navigate(`/payment/${encodeURIComponent(clientSecret)}`);
        },
      }),
    ],
  };
  const stages = [paymentType, ...(method === '' ? [] : byMethod[method]())];
  const severity = feedback.ok ? (method === 'bankTransfer' ? 'info' : 'success') : 'error';
  return (
    <StagedForm
      open
      title="Top Up"
      stages={stages}
      // Spec 1 §4: an account with an auto top-up skips Payment Type (Back reaches it).
      initialStage={hasAuto ? 1 : 0}
      feedback={<Alert severity={severity}>{feedback.text}</Alert>}
      onClose={onClose}
    />
  );
}
