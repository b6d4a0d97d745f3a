/**
 * /AOT?key=…&response=accept|reject (spec 3 §2, §4, §5): the advice of transfer the account holder
 * was mailed when a number of theirs is being ported away. No sign-in: the link's key is the proof.
 * The holder answers once — accept or reject (the link's `response` preselects it), a reason of at
 * least 10 characters, their name and company, and for a wholesale account the reseller's
 * declaration — while the request is open; otherwise the page says why it takes no answer.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  AOT_MESSAGES,
  type AotRecord,
  type AotResponse,
  type AotResponseFormOutput,
  type AotResponseFormValues,
  aotResponseForm,
  portingRoutes,
} from '@switchboard/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { FormFields } from '../../platform/fields/form-fields.tsx';
import { type FieldsForm, useSchemaForm } from '../../platform/fields/form-schema.ts';
import { useFormSubmit } from '../../platform/fields/form-submit.ts';
import { PublicFrame } from '../../platform/public-frame.tsx';

const TITLE = 'Advice of Transfer';

/** 'YYYY-MM-DD' as the panel shows dates ('24/12/2026'). */
const shown = (date: string | null) => (date ? date.split('-').reverse().join('/') : '');

function Particulars({ aot }: { aot: AotRecord }) {
  const rows: Array<[string, string]> = [
    ['Telephone number', aot.number],
    ['Account', String(aot.accountNo)],
    ['Porting date', shown(aot.datePorting)],
    ['Status', aot.status],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Why the page takes no answer (spec 3 §4). */
function Closed({ aot }: { aot: AotRecord }) {
  switch (aot.state) {
    case 'notRequired':
      return <Alert severity="info">{AOT_MESSAGES.notRequired}</Alert>;
    case 'rejected':
      return <Alert severity="warning">{AOT_MESSAGES.rejected(shown(aot.dateRejected))}</Alert>;
    case 'cancelled':
      return <Alert severity="info">{AOT_MESSAGES.cancelled(shown(aot.dateCancelled))}</Alert>;
    default:
      return <Alert severity="success">{AOT_MESSAGES.responded(shown(aot.aotDateResponse))}</Alert>;
  }
}

type Values = AotResponseFormValues;

function ResponseChoice({ form }: { form: FieldsForm<Values> }) {
  return (
    <Controller
      control={form.control}
      name="response"
      render={({ field, fieldState }) => (
        <FormControl error={fieldState.error !== undefined}>
          <FormLabel id="aot-response-label">Your response</FormLabel>
          <RadioGroup
            row
            aria-labelledby="aot-response-label"
            value={field.value ?? ''}
            onChange={(e) => field.onChange(e.target.value)}
          >
            <FormControlLabel value="accept" control={<Radio />} label="Accept the transfer" />
            <FormControlLabel value="reject" control={<Radio />} label="Reject the transfer" />
          </RadioGroup>
          {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}

function ResellerDeclaration({ form }: { form: FieldsForm<Values> }) {
  return (
    <Controller
      control={form.control}
      name="resellerExport"
      render={({ field, fieldState }) => (
        <FormControl error={fieldState.error !== undefined}>
          <FormControlLabel
            control={<Checkbox checked={field.value === true} onChange={(e) => field.onChange(e.target.checked)} />}
            label="As the reseller, I confirm that I am authorised by the end user to answer this advice of transfer."
          />
          {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}

function ResponseForm({
  aot,
  keyValue,
  preset,
}: {
  aot: AotRecord;
  keyValue: string;
  preset: AotResponse | undefined;
}) {
  const queryClient = useQueryClient();
  const form = useSchemaForm(aotResponseForm(aot.wholesale), {
    resellerExport: false,
    companyName: '',
    response: preset,
    reason: '',
    name: '',
  });
  const send = useMutation({
    mutationFn: (values: AotResponseFormOutput) => call(portingRoutes.respond, { body: { ...values, key: keyValue } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['aot', keyValue] }),
  });
  const { submit, banner } = useFormSubmit(form, (values) => send.mutateAsync(values));
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
      {banner && <Alert severity="error">{banner}</Alert>}
      <ResponseChoice form={form} />
      <Controller
        control={form.control}
        name="reason"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label="Reason"
            required
            multiline
            minRows={3}
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message ?? 'At least 10 characters'}
          />
        )}
      />
      <FormFields
        control={form.control}
        fields={[
          { kind: 'text', name: 'name', label: 'Your name', required: true },
          { kind: 'text', name: 'companyName', label: 'Company name', required: true },
        ]}
      />
      {aot.wholesale && <ResellerDeclaration form={form} />}
      <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
        Send Response
      </Button>
    </Box>
  );
}

export default function AotPage() {
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const wanted = params.get('response');
  const preset = wanted === 'accept' || wanted === 'reject' ? wanted : undefined;
  const aot = useQuery({
    queryKey: ['aot', key],
    queryFn: () => call(portingRoutes.transfer, { body: { key, ...(preset && { accept: preset === 'accept' }) } }),
    retry: false,
    enabled: key !== '',
  });
  if (key !== '' && aot.isPending) {
    return (
      <PublicFrame title={TITLE}>
        <CircularProgress aria-label="Loading" />
      </PublicFrame>
    );
  }
  if (key === '' || aot.isError || !aot.data) {
    const throttled = aot.error instanceof ApiError && aot.error.status === 429;
    return (
      <PublicFrame title={TITLE}>
        <Alert severity="error">{throttled ? errorMessage(aot.error) : AOT_MESSAGES.linkInvalid}</Alert>
      </PublicFrame>
    );
  }
  const record = aot.data;
  return (
    <PublicFrame title={TITLE} width={560}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="body2">
          {record.state === 'open'
            ? 'We have been asked to port this telephone number to another provider. Please tell us whether you agree.'
            : 'We have been asked to port this telephone number to another provider.'}
        </Typography>
        <Particulars aot={record} />
        {record.state === 'open' ? (
          <ResponseForm aot={record} keyValue={key} preset={preset} />
        ) : (
          <Closed aot={record} />
        )}
      </Box>
    </PublicFrame>
  );
}
