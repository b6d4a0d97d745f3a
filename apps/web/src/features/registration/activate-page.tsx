/**
 * /activate?token=...: the page of a set-password link (a registered account's activation, a new
 * user's first password, a reset). The password rule of spec 1 §5 with its strength message.
 *
 * A newly registered account's holder (the link check says `newAccount`) is first offered the
 * identity check, which the unused link authorises (setting the password spends it); they may skip it.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { ACCOUNT_MESSAGES, accountLifecycleRoutes, setPasswordBody } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { call } from '../../platform/client.ts';
import { FormTextField } from '../../platform/fields/form-fields.tsx';
import { useSchemaForm } from '../../platform/fields/form-schema.ts';
import { useFormSubmit } from '../../platform/fields/form-submit.ts';
import { PublicFrame } from '../../platform/public-frame.tsx';
import { IdentityOffer, type IdentityOfferOutcome } from './identity-offer.tsx';

/** A link that is unknown, used or expired: a new one may be asked for. */
function InvalidLink() {
  return (
    <PublicFrame title="Set your password">
      <Alert severity="error">{ACCOUNT_MESSAGES.tokenInvalid}</Alert>
      <Typography variant="body2" sx={{ mt: 2 }}>
        <Link component={RouterLink} to="/forgot-password">
          Ask for a new link
        </Link>
      </Typography>
    </PublicFrame>
  );
}

export default function ActivatePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useQuery({
    queryKey: ['password-link', token],
    queryFn: () => call(accountLifecycleRoutes.checkToken, { body: { token } }),
    retry: false,
    enabled: token !== '',
  });
  const form = useSchemaForm(setPasswordBody, { token, password: '', confirm: '' });
  const [done, setDone] = useState<string | null>(null);
  /** The identity offer's end (undefined: still offered); its note shows above the password form. */
  const [offered, setOffered] = useState<IdentityOfferOutcome | undefined>(undefined);

  const { submit, banner: message } = useFormSubmit(form, async (values) =>
    setDone((await call(accountLifecycleRoutes.setPassword, { body: values })).message),
  );

  const title = link.data?.purpose === 'reset' ? 'Set a new password' : 'Activate your account';
  if (token !== '' && link.isPending) {
    return (
      <PublicFrame title={title}>
        <CircularProgress aria-label="Loading" />
      </PublicFrame>
    );
  }
  if (token === '' || link.isError || !link.data?.success) {
    return <InvalidLink />;
  }
  if (done) {
    return (
      <PublicFrame title={title}>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Alert severity="success">{done}</Alert>
          <Button component={RouterLink} to="/login" variant="contained">
            Sign In
          </Button>
        </Box>
      </PublicFrame>
    );
  }
  const username = link.data.username ?? '';
  if (link.data.newAccount && offered === undefined) {
    return (
      <PublicFrame title={title} width={520}>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="body2" color="text.secondary">
            Your username is <strong>{username}</strong>.
          </Typography>
          <IdentityOffer token={token} email={username} onDone={setOffered} />
        </Box>
      </PublicFrame>
    );
  }
  return (
    <PublicFrame title={title} {...(link.data.newAccount ? { width: 520 } : {})}>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
        {offered && <Alert severity={offered.severity}>{offered.text}</Alert>}
        <Typography variant="body2" color="text.secondary">
          Your username is <strong>{username}</strong>. Choose a password of 8 to 50 characters with an upper case
          letter, a lower case letter, a digit and a symbol.
        </Typography>
        {message && <Alert severity="error">{message}</Alert>}
        <FormTextField control={form.control} name="password" label="Password" type="password" required />
        <FormTextField control={form.control} name="confirm" label="Confirm Password" type="password" required />
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
          Set Password
        </Button>
      </Box>
    </PublicFrame>
  );
}
