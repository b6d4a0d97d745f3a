/** /forgot-password: asks for a reset link; the answer is the same whether or not the name is known. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { accountLifecycleRoutes, forgotPasswordBody, MESSAGES } from '@switchboard/domain';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { PublicFrame } from '../../platform/public-frame.tsx';

export default function ForgotPasswordPage() {
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const parsed = forgotPasswordBody.safeParse({ username });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES.required);
      return;
    }
    setBusy(true);
    try {
      setDone((await call(accountLifecycleRoutes.forgotPassword, { body: parsed.data })).message);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <PublicFrame title="Forgot password?">
      {done ? (
        <Alert severity="success">{done}</Alert>
      ) : (
        <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="body2" color="text.secondary">
            Enter your username or e-mail address and we will e-mail you a link to set a new password.
          </Typography>
          <TextField
            label="Username or e-mail address"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            error={error !== null}
            helperText={error ?? ' '}
            autoComplete="username"
            autoFocus
            required
          />
          <Button type="submit" variant="contained" disabled={busy}>
            Send Link
          </Button>
        </Box>
      )}
      <Typography variant="body2" sx={{ mt: 2 }}>
        <Link component={RouterLink} to="/login">
          Back to Sign In
        </Link>
      </Typography>
    </PublicFrame>
  );
}
