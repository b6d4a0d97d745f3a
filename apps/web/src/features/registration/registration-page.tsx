/**
 * /registration (spec 1 §2-§5, public): UK only — the visitor's country first (GET
 * /ip/check/details); elsewhere 'Unauthorised Access Detected'. The §3 fields with their defaults
 * and the §5 rules (the domain's schema, checked again by the server); the company number lookup
 * fills the company name; the terms and the captcha are required. Then /registration/success.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  ACCOUNT_MESSAGES,
  accountLifecycleRoutes,
  END_USER_TYPES,
  MESSAGES,
  REGISTRATION_COUNTRIES,
  REGISTRATION_DEFAULTS,
  type RegistrationBody,
  type RegistrationInput,
  registrationBody,
} from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { errorMessage } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { applySaveFailure } from '../../platform/fields/form-errors.ts';
import { type FieldDef, FormFields, FormSwitchField, FormTextField } from '../../platform/fields/form-fields.tsx';
import { type SchemaForm, useSchemaForm } from '../../platform/fields/form-schema.ts';
import { PublicFrame } from '../../platform/public-frame.tsx';
import { CaptchaField } from './captcha-field.tsx';

type Form = SchemaForm<RegistrationInput, RegistrationBody>;

export function UnauthorisedAccess() {
  return (
    <PublicFrame title={ACCOUNT_MESSAGES.unauthorisedAccess}>
      <Alert severity="error">{ACCOUNT_MESSAGES.unauthorisedAccessDetail}</Alert>
    </PublicFrame>
  );
}

/** The company number and its lookup, which fills the company name. */
function CompanyLookup({ form }: { form: Form }) {
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<string | null>(null);
  const lookUp = async () => {
    setFound(null);
    form.clearErrors('companyNo');
    const number = form.getValues('companyNo').trim();
    if (number === '') {
      form.setError('companyNo', { type: 'server', message: ACCOUNT_MESSAGES.companyNumberInvalid });
      return;
    }
    setBusy(true);
    try {
      const reply = await call(accountLifecycleRoutes.company, { params: { number } });
      form.setValue('companyNo', reply.companyNo ?? number, { shouldDirty: true });
      form.setValue('companyName', reply.name ?? '', { shouldDirty: true, shouldValidate: true });
      setFound(reply.name ?? null);
    } catch (e) {
      form.setError('companyNo', { type: 'server', message: errorMessage(e, ACCOUNT_MESSAGES.companyNotFound) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <Box sx={{ flex: 1 }}>
        <FormTextField control={form.control} name="companyNo" label="Company Registration Number" required />
        {found && <FormHelperText sx={{ color: 'success.main' }}>Found: {found}</FormHelperText>}
      </Box>
      <Button variant="outlined" onClick={() => void lookUp()} disabled={busy} sx={{ mt: 0.25, whiteSpace: 'nowrap' }}>
        Look Up
      </Button>
    </Box>
  );
}

type Fields = FieldDef<RegistrationInput>[];

const ABOUT_YOU: Fields = [
  { kind: 'select', name: 'country', label: 'Country', options: REGISTRATION_COUNTRIES, required: true },
  { kind: 'select', name: 'endUserType', label: 'Customer Type', options: END_USER_TYPES, required: true },
  { kind: 'text', name: 'firstName', label: 'First Name', required: true },
  { kind: 'text', name: 'surname', label: 'Surname', required: true },
];

/** A consumer (end user type 2) need not name a company. */
const companyFields = (consumer: boolean): Fields => [
  { kind: 'text', name: 'companyName', label: 'Company Name', required: !consumer },
  { kind: 'text', name: 'vatNo', label: 'VAT Number' },
];

const ADDRESS_AND_CONTACT: Fields = [
  { kind: 'text', name: 'addressLine1', label: 'Address Line 1', required: true },
  { kind: 'text', name: 'addressLine2', label: 'Address Line 2' },
  { kind: 'text', name: 'city', label: 'City', required: true },
  { kind: 'text', name: 'county', label: 'County' },
  { kind: 'text', name: 'postCode', label: 'Postcode', required: true },
  { kind: 'text', name: 'email', label: 'Email', type: 'email', required: true },
  { kind: 'text', name: 'telephone', label: 'Telephone', type: 'tel', required: true },
  { kind: 'text', name: 'mobile', label: 'Mobile', type: 'tel' },
  { kind: 'text', name: 'fax', label: 'Fax', type: 'tel' },
];

/** The terms' acceptance and the captcha (a refused submit spends it: a new one is shown). */
function TermsAndCaptcha({ form }: { form: Form }) {
  return (
    <>
      <Box sx={full}>
        <Controller
          control={form.control}
          name="tAndC"
          render={({ field, fieldState }) => (
            <Box>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={field.value === true}
                    name={field.name}
                    onChange={(e) => field.onChange(e.target.checked)}
                    onBlur={field.onBlur}
                  />
                }
                label="I accept the terms and conditions"
              />
              {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
            </Box>
          )}
        />
      </Box>
      <Box sx={full}>
        <Controller
          control={form.control}
          name="reCaptcha"
          render={({ field, fieldState }) => (
            <CaptchaField
              key={field.value === '' ? 'new' : 'solved'}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
      </Box>
    </>
  );
}

/** One column on a phone, two from 'sm'; a full-width item spans both. */
const full = { gridColumn: '1 / -1' };

function RegistrationForm() {
  const navigate = useNavigate();
  const form = useSchemaForm(registrationBody, REGISTRATION_DEFAULTS as RegistrationInput);
  const [message, setMessage] = useState<string | null>(null);
  const registered = form.watch('registeredCompany');
  const consumer = form.watch('endUserType') === '2';
  const errorCount = Object.keys(form.formState.errors).length;

  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      await call(accountLifecycleRoutes.register, { body: values });
      navigate('/registration/success');
    } catch (error) {
      setMessage(applySaveFailure(error, form.setError));
      // A refused captcha is spent: a new one is needed.
      form.setValue('reCaptcha', '');
    }
  });

  const c = form.control;
  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, mt: 1 }}
    >
      {message && (
        <Alert severity="error" sx={full}>
          {message}
        </Alert>
      )}
      {errorCount > 1 && (
        <Alert severity="error" sx={full}>
          {MESSAGES.multipleErrors}
        </Alert>
      )}
      <Typography variant="subtitle1" sx={full}>
        About you
      </Typography>
      <FormFields control={c} fields={ABOUT_YOU} />
      <Box sx={full}>
        <FormSwitchField
          control={c}
          name="vulnerablePerson"
          label="I am, or someone using this service is, a vulnerable person"
        />
      </Box>
      <Typography variant="subtitle1" sx={full}>
        Company
      </Typography>
      <Box sx={full}>
        <FormSwitchField control={c} name="registeredCompany" label="We are a company registered at Companies House" />
      </Box>
      {registered && (
        <Box sx={full}>
          <CompanyLookup form={form} />
        </Box>
      )}
      <FormFields control={c} fields={companyFields(consumer)} />
      <Typography variant="subtitle1" sx={full}>
        Address and contact
      </Typography>
      <FormFields control={c} fields={ADDRESS_AND_CONTACT} />
      <TermsAndCaptcha form={form} />
      <Box sx={{ ...full, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
          Create Account
        </Button>
        <Typography variant="body2">
          Already registered?{' '}
          <Link component={RouterLink} to="/login">
            Sign in
          </Link>
        </Typography>
      </Box>
    </Box>
  );
}

export default function RegistrationPage() {
  const country = useQuery({
    queryKey: ['ip-check'],
    queryFn: () => call(accountLifecycleRoutes.ipCheck),
    retry: false,
  });
  if (country.isPending) {
    return (
      <PublicFrame title="Registration">
        <CircularProgress aria-label="Loading" />
      </PublicFrame>
    );
  }
  if (country.isError) {
    return (
      <PublicFrame title="Registration">
        <Alert severity="error">{MESSAGES.noResponse}</Alert>
      </PublicFrame>
    );
  }
  if (country.data.isoCode !== 'GB') return <UnauthorisedAccess />;
  return (
    <PublicFrame title="Register for an account" width={760}>
      <Typography variant="body2" color="text.secondary">
        Open a prepay account for your business or home. We will e-mail you a link to activate it.
      </Typography>
      <RegistrationForm />
    </PublicFrame>
  );
}
