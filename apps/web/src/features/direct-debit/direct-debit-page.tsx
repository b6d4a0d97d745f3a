/**
 * The Direct Debit wizard (spec 1 §4): the existing Approved or Pending mandate first; the check that
 * the account is in the user's name and they alone authorise debits (else the dual-signatory message
 * ends it); Your Details (the address chosen from the postcode's); Payment Details (the bank named
 * from the sort code and account number, or the spec's mismatch text); Confirm; Feedback. A prepay
 * account that succeeds becomes postpay and goes to /invoice after 3 seconds.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type AddressRecord, DIRECT_DEBIT_MESSAGES, directDebitRoutes } from '@switchboard/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { useSession } from '../../platform/session-context.ts';
import { type Stage, StagedForm } from '../../platform/staged-form/staged-form.tsx';

const EMPTY = {
  firstName: '',
  surname: '',
  company: '',
  telephone: '',
  postCode: '',
  line1: '',
  line2: '',
  city: '',
  county: '',
  sortCode: '',
  accountNumber: '',
  accountHolder: '',
};
type Values = typeof EMPTY;

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
        <DirectDebitWizard
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

function DirectDebitWizard({ replace, onClose }: { replace: boolean; onClose: () => void }) {
  const { can } = useSession();
  const wasPrepay = can('prepay', 'read');
  // Where a prepay account goes once postpay: its invoices (retail accounts have the page), else home.
  const landing = can('retail', 'read') ? '/invoice' : '/';
  const [inName, setInName] = useState('');
  const [sole, setSole] = useState('');
  const [v, setV] = useState<Values>(EMPTY);
  const [addresses, setAddresses] = useState<AddressRecord[] | null>(null);
  const [bank, setBank] = useState<{ name: string; error: string }>({ name: '', error: '' });
  const [agreed, setAgreed] = useState(false);
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string }>({ ok: false, text: '' });
  const set = (k: keyof Values) => (e: { target: { value: string } }) => setV((x) => ({ ...x, [k]: e.target.value }));
  const text = (k: keyof Values, label: string, required = true, onBlur?: () => void) => (
    <TextField
      label={label}
      name={k}
      value={v[k]}
      onChange={set(k)}
      onBlur={onBlur}
      required={required}
      fullWidth
      size="small"
    />
  );

  const findAddresses = async () => {
    try {
      setAddresses((await call(directDebitRoutes.addresses, { params: { postcode: v.postCode } })).records);
    } catch (e) {
      setAddresses([]);
      setFeedback({ ok: false, text: errorMessage(e) });
    }
  };
  const lookUpBank = async () => {
    if (v.sortCode.replace(/\D/g, '').length !== 6 || v.accountNumber.replace(/\D/g, '').length !== 8) return;
    try {
      const r = await call(directDebitRoutes.bankName, {
        body: { sortCode: v.sortCode, accountNumber: v.accountNumber },
      });
      setBank(r.success ? { name: r.name, error: '' } : { name: '', error: r.message });
    } catch (e) {
      setBank({
        name: '',
        error: e instanceof ApiError ? Object.values(e.validation).join(' ') || e.message : errorMessage(e),
      });
    }
  };
  const dual = inName === 'no' || sole === 'no';

  const stages: Stage[] = [
    {
      label: 'Check',
      blocked: inName === '' || sole === '' || dual,
      content: (
        <Stack spacing={2}>
          <FormControl>
            <FormLabel id="in-name">Is the account you will pay from in your name (or your company's)?</FormLabel>
            <RadioGroup row aria-labelledby="in-name" value={inName} onChange={(e) => setInName(e.target.value)}>
              <FormControlLabel value="yes" control={<Radio />} label="Yes" />
              <FormControlLabel value="no" control={<Radio />} label="No" />
            </RadioGroup>
          </FormControl>
          <FormControl>
            <FormLabel id="sole">Are you the only person needed to authorise debits from it?</FormLabel>
            <RadioGroup row aria-labelledby="sole" value={sole} onChange={(e) => setSole(e.target.value)}>
              <FormControlLabel value="yes" control={<Radio />} label="Yes" />
              <FormControlLabel value="no" control={<Radio />} label="No" />
            </RadioGroup>
          </FormControl>
          {dual && <Alert severity="info">{DIRECT_DEBIT_MESSAGES.dualSignatory}</Alert>}
        </Stack>
      ),
    },
    {
      label: 'Your Details',
      blocked: !v.firstName || !v.surname || !v.company || !v.telephone || !v.line1 || !v.city || !v.postCode,
      content: (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction="row" spacing={2}>
            {text('firstName', 'First Name')}
            {text('surname', 'Last Name')}
          </Stack>
          {text('company', 'Company')}
          {text('telephone', 'Telephone')}
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            {text('postCode', 'Postcode')}
            <Button variant="outlined" onClick={findAddresses} sx={{ flexShrink: 0 }}>
              Find Address
            </Button>
          </Stack>
          {addresses !== null &&
            (addresses.length === 0 ? (
              <Alert severity="warning">No addresses were found for this postcode: please type the address.</Alert>
            ) : (
              <FormControl fullWidth size="small">
                <InputLabel id="address-label">Address</InputLabel>
                <Select
                  labelId="address-label"
                  label="Address"
                  value=""
                  onChange={(e) => {
                    const a = addresses[Number(e.target.value)];
                    if (a)
                      setV((x) => ({
                        ...x,
                        line1: a.line_1,
                        line2: a.line_2,
                        city: a.post_town,
                        county: a.postal_county,
                      }));
                  }}
                >
                  {addresses.map((a, i) => (
                    <MenuItem key={`${a.line_1}|${a.line_2}|${a.post_town}`} value={i}>
                      {[a.line_1, a.line_2, a.post_town].filter(Boolean).join(', ')}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
            ))}
          {text('line1', 'Address Line 1')}
          {text('line2', 'Address Line 2', false)}
          <Stack direction="row" spacing={2}>
            {text('city', 'City')}
            {text('county', 'County', false)}
          </Stack>
        </Stack>
      ),
    },
    {
      label: 'Payment Details',
      blocked: !bank.name || !v.accountHolder,
      content: (
        <Stack spacing={2} sx={{ pt: 1 }}>
          {text('accountHolder', 'Account Holder Name')}
          <Stack direction="row" spacing={2}>
            {text('sortCode', 'Sort Code', true, lookUpBank)}
            {text('accountNumber', 'Account Number', true, lookUpBank)}
          </Stack>
          {bank.name && <Alert severity="success">Bank: {bank.name}</Alert>}
          {bank.error && <Alert severity="error">{bank.error}</Alert>}
        </Stack>
      ),
    },
    {
      label: 'Confirm',
      actionLabel: replace ? 'Replace' : 'Create',
      blocked: !agreed,
      content: (
        <Stack spacing={1}>
          <Typography variant="body2">
            {v.accountHolder}: {bank.name}, sort code {v.sortCode}, account ending {v.accountNumber.slice(-4)}.
          </Typography>
          <Typography variant="body2">
            Invoices are collected from this account about 3 days before they are due; the Direct Debit takes 3 working
            days to set up. You are protected by the Direct Debit Guarantee.
          </Typography>
          <FormControlLabel
            control={<Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} required />}
            label="I confirm I may authorise debits from this account and accept the Direct Debit Guarantee"
          />
        </Stack>
      ),
      action: async () => {
        const body = { ...v, bankName: bank.name, onlySignatory: true as const, countryIso: 'GB' as const };
        try {
          const reply = replace
            ? await call(directDebitRoutes.update, { body })
            : await call(directDebitRoutes.create, { body });
          setFeedback({ ok: true, text: reply.message });
          if (wasPrepay) {
            // The account is postpay now: its invoices page, read afresh (spec 1 §4, after 3 s).
            setTimeout(() => window.location.assign(landing), 3000);
          }
        } catch (e) {
          const details = e instanceof ApiError ? Object.values(e.validation).join(' ') || e.message : errorMessage(e);
          setFeedback({ ok: false, text: `${DIRECT_DEBIT_MESSAGES.failed} ${details}` });
        }
        return true;
      },
    },
  ];
  return (
    <StagedForm
      open
      title="Direct Debit"
      stages={stages}
      feedback={
        <Stack spacing={1}>
          <Alert severity={feedback.ok ? 'success' : 'error'}>{feedback.text}</Alert>
          {feedback.ok && wasPrepay && (
            <Typography variant="body2">Your account is now postpay: taking you to your invoices…</Typography>
          )}
        </Stack>
      }
      onClose={onClose}
    />
  );
}
