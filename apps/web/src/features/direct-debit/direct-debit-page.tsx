/**
 * The Direct Debit wizard (spec 1 §4): the existing Approved or Pending mandate first; the check that
 * the account is in the user's name and they alone authorise debits (else the dual-signatory message
 * ends it); Your Details (prefilled from the account; the address chosen from the postcode's);
 * Payment Details (the bank named from the sort code and account number, or the spec's mismatch
 * text); Confirm; Feedback. Each stage is checked with the spec's patterns before Next (spec 1 §5,
 * the domain's schema), each message under its field; a refused Create stays at Confirm with the
 * reason (a refused field's message under it, back in its stage), keeping everything typed. A
 * prepay account that succeeds becomes postpay and goes to /invoice after 3 seconds.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type AddressRecord, DIRECT_DEBIT_MESSAGES, directDebitRoutes, MESSAGES } from '@switchboard/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useAccount } from '../../platform/account-query.ts';
import { ApiError, errorMessage } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { useSession } from '../../platform/session-context.ts';
import { type Stage, StagedForm } from '../../platform/staged-form/staged-form.tsx';
import {
  DETAILS_FIELDS,
  type Errors,
  errorsOf,
  type FieldName,
  fieldErrors,
  fromAccount,
  PAYMENT_FIELDS,
  type Values,
} from './direct-debit-form.ts';
import { CheckStage, ConfirmStage, PaymentDetails, YourDetails } from './direct-debit-stages.tsx';

export default function DirectDebitPage() {
  const { can } = useSession();
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: ['directdebit'], queryFn: () => call(directDebitRoutes.get) });
  const [open, setOpen] = useState(false);
  const record = current.data?.record ?? null;
  const mayWrite = can('directDebit', record ? 'update' : 'create');
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography variant="h5" component="h1">
        Direct Debit
      </Typography>
      {current.isError && <Alert severity="error">{errorMessage(current.error)}</Alert>}
      {record ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" sx={{ mb: 1 }}>
            Your Direct Debit ({record.status})
          </Typography>
          <Typography variant="body2">
            {record.bank_name}, account ending {record.account_ending}
          </Typography>
          <Typography variant="body2">
            Account holder: {record.holder_firstname} {record.holder_lastname}, {record.company_name}
          </Typography>
          <Typography variant="body2">Set up on {record.setup}</Typography>
          <Typography variant="body2">{record.address}</Typography>
        </Paper>
      ) : (
        current.isSuccess && <Typography variant="body2">You have no Direct Debit set up.</Typography>
      )}
      {mayWrite && current.isSuccess && (
        <Button variant="contained" sx={{ alignSelf: 'flex-start' }} onClick={() => setOpen(true)}>
          {record ? 'Replace Direct Debit' : 'Set Up Direct Debit'}
        </Button>
      )}
      {open && (
        <WizardWithAccount
          replace={record !== null}
          onClose={() => {
            setOpen(false);
            void queryClient.invalidateQueries({ queryKey: ['directdebit'] });
          }}
        />
      )}
    </Stack>
  );
}

interface WizardProps {
  replace: boolean;
  onClose: () => void;
}

/** The wizard once the account is read (Your Details start from it). */
function WizardWithAccount(props: WizardProps) {
  const account = useAccount();
  if (account.isPending) return null;
  return <DirectDebitWizard {...props} initial={fromAccount(account.data)} />;
}

/** A stage's banner after its check: several messages, the spec's banner; one, only under its field. */
const bannerFor = (errors: Errors): ReactNode => (Object.keys(errors).length > 1 ? MESSAGES.multipleErrors : null);

/** The values, their messages, and the bank named for the sort code and account number typed. */
function useWizardValues(initial: Values) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Errors>({});
  // The bank is named for one sort code and account number: another pair (even while the look-up
  // of the old one is answering) is another account, and has no bank until looked up.
  const [bank, setBank] = useState({ name: '', pair: '' });
  const pairOf = (v: Values) => `${v.sortCode}|${v.accountNumber}`;
  const bankName = bank.pair === pairOf(values) ? bank.name : '';
  const onChange = (field: FieldName, value: string) => {
    setValues((x) => ({ ...x, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };
  /** Checks `fields`, showing their messages; answers the messages found. */
  const check = (fields: readonly FieldName[]) => {
    const found = errorsOf(values, fields);
    setErrors((x) => ({
      ...Object.fromEntries(Object.entries(x).filter(([k]) => !fields.some((f) => f === k))),
      ...found,
    }));
    return found;
  };
  /** Names the bank of a well-formed pair; a mismatch is the account number's message. */
  const lookUpBank = async (): Promise<boolean> => {
    const pair = ['sortCode', 'accountNumber'] as const;
    if (Object.keys(errorsOf(values, pair)).length > 0) return false;
    try {
      const r = await call(directDebitRoutes.bankName, {
        body: { sortCode: values.sortCode, accountNumber: values.accountNumber },
      });
      setBank({ name: r.success ? r.name : '', pair: pairOf(values) });
      if (!r.success) setErrors((x) => ({ ...x, accountNumber: r.message }));
      return r.success;
    } catch (e) {
      setErrors((x) => ({ ...x, ...(e instanceof ApiError ? fieldErrors(e.validation) : {}) }));
      if (!(e instanceof ApiError) || Object.keys(e.validation).length === 0)
        setErrors((x) => ({ ...x, accountNumber: errorMessage(e) }));
      return false;
    }
  };
  return { values, setValues, errors, setErrors, onChange, check, bankName, lookUpBank };
}

/** The postcode's addresses (spec 1 §5: the address is chosen from a postcode look-up). */
function useAddressLookup(postCode: string, setValues: (f: (v: Values) => Values) => void) {
  const [addresses, setAddresses] = useState<AddressRecord[] | null>(null);
  const [addressError, setAddressError] = useState('');
  const findAddresses = async () => {
    setAddressError('');
    try {
      setAddresses((await call(directDebitRoutes.addresses, { params: { postcode: postCode } })).records);
    } catch (e) {
      setAddresses(null);
      setAddressError(e instanceof ApiError && e.validation.postcode ? e.validation.postcode : errorMessage(e));
    }
  };
  const chooseAddress = (a: AddressRecord) =>
    setValues((x) => ({ ...x, line1: a.line_1, line2: a.line_2, city: a.post_town, county: a.postal_county }));
  return { addresses, addressError, findAddresses, chooseAddress };
}

/** The Feedback stage: only a success reaches it (a refused Create stays at Confirm). */
const Done = ({ message, wasPrepay }: { message: string; wasPrepay: boolean }) => (
  <Stack spacing={1}>
    <Alert severity="success">{message}</Alert>
    {wasPrepay && <Typography variant="body2">Your account is now postpay: taking you to your invoices…</Typography>}
  </Stack>
);

/**
 * A refused Create: the refused fields' messages (under them, in their stages: the banner is then
 * the generic 'Please go back…'), or the spec's failure text with the reason.
 */
function createFailure(e: unknown): { refused: Errors; banner: ReactNode } {
  const refused = e instanceof ApiError ? fieldErrors(e.validation) : {};
  if (Object.keys(refused).length > 0) return { refused, banner: undefined };
  const reason = errorMessage(e);
  const failed = DIRECT_DEBIT_MESSAGES.failed;
  return { refused, banner: reason === failed ? failed : `${failed} ${reason}` };
}

function DirectDebitWizard({ replace, initial, onClose }: WizardProps & { initial: Values }) {
  const { can } = useSession();
  const wasPrepay = can('prepay', 'read');
  // Where a prepay account goes once postpay: its invoices (retail accounts have the page), else home.
  const landing = can('retail', 'read') ? '/invoice' : '/';
  const [inName, setInName] = useState('');
  const [sole, setSole] = useState('');
  const form = useWizardValues(initial);
  const { values, errors, onChange } = form;
  const address = useAddressLookup(values.postCode, form.setValues);
  const [agreed, setAgreed] = useState(false);
  const [banner, setBanner] = useState<ReactNode>(null);
  const [feedback, setFeedback] = useState('');

  const checked = async (fields: readonly FieldName[], more: () => Promise<boolean> = async () => true) => {
    const found = form.check(fields);
    setBanner(bannerFor(found));
    return Object.keys(found).length === 0 && (await more());
  };
  const create = async () => {
    const body = { ...values, bankName: form.bankName, onlySignatory: true as const, countryIso: 'GB' as const };
    try {
      const reply = replace
        ? await call(directDebitRoutes.update, { body })
        : await call(directDebitRoutes.create, { body });
      setFeedback(reply.message);
      // The account is postpay now: its invoices page, read afresh (spec 1 §4, after 3 s).
      if (wasPrepay) setTimeout(() => window.location.assign(landing), 3000);
      return true;
    } catch (e) {
      const failure = createFailure(e);
      form.setErrors((x) => ({ ...x, ...failure.refused }));
      setBanner(failure.banner);
      return false;
    }
  };

  const fields = { values, errors, onChange };
  const stages: Stage[] = [
    {
      label: 'Check',
      blocked: inName === '' || sole === '' || inName === 'no' || sole === 'no',
      content: <CheckStage inName={inName} setInName={setInName} sole={sole} setSole={setSole} />,
    },
    {
      label: 'Your Details',
      content: <YourDetails {...fields} {...address} />,
      action: () => checked(DETAILS_FIELDS),
      error: banner,
    },
    {
      label: 'Payment Details',
      content: <PaymentDetails {...fields} bankName={form.bankName} lookUpBank={() => void form.lookUpBank()} />,
      action: () => checked(PAYMENT_FIELDS, async () => form.bankName !== '' || (await form.lookUpBank())),
      error: banner,
    },
    {
      label: 'Confirm',
      actionLabel: replace ? 'Replace' : 'Create',
      blocked: !agreed,
      content: <ConfirmStage values={values} bankName={form.bankName} agreed={agreed} setAgreed={setAgreed} />,
      action: create,
      error: banner,
    },
  ];
  return (
    <StagedForm
      open
      title="Direct Debit"
      stages={stages}
      feedback={<Done message={feedback} wasPrepay={wasPrepay} />}
      onClose={onClose}
    />
  );
}
