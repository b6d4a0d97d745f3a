/**
 * The sign-in page (/login): username and password, the server's message on refusal, and why the
 * panel ended the previous session (`?reason=idle|expired`). Usernames are unique per account: when
 * the username and password are right in several accounts the server answers 409, and the page asks
 * for the account number as well (sent as `accountNo` from then on). In the first load: the calls go
 * through the fetch wrapper typed by the contract, and the form is checked by the login schema where
 * the sign-in call is declared, on the server (its 400, with the account number's own message), so
 * that signing in loads no schema (zod and the session's contracts are not part of the way to the
 * dashboard).
 */

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import {
  LOGIN_REASONS,
  type LoginReason,
  MESSAGES,
  type RouteBodyIn,
  type RouteReply,
  type sessionRoutes,
} from '@switchboard/domain';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { ApiError, api } from '../../platform/api.ts';

/**
 * What the page says of a refused sign-in: the login schema's refusal (400) asks for both fields, or
 * says the account number is not one.
 */
function loginError(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong please try again';
  if (error.status !== 400) return error.message;
  return error.validation.accountNo ? MESSAGES.accountNumber : 'Please enter your username and password';
}

function isLoginReason(value: string | null): value is LoginReason {
  return value !== null && Object.hasOwn(LOGIN_REASONS, value);
}

/** An outlined text field without TextField (which brings Select, Menu and Popover into the first load). */
function LoginField({
  id,
  label,
  value,
  onChange,
  type = 'text',
  autoComplete,
  autoFocus = false,
  numeric = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'password';
  autoComplete: string;
  autoFocus?: boolean;
  /** A number (the account number): the phone's digit keyboard. */
  numeric?: boolean;
}) {
  return (
    <FormControl variant="outlined" fullWidth>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        inputProps={numeric ? { inputMode: 'numeric' } : undefined}
      />
    </FormControl>
  );
}

/** Below the form: the forgotten-password and registration pages. */
function LoginLinks() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
      <Link component={RouterLink} to="/forgot-password" variant="body2">
        Forgot password?
      </Link>
      <Link component={RouterLink} to="/registration" variant="body2">
        Register
      </Link>
    </Box>
  );
}

/** Where a sign-in goes (`?next=`, a path of the panel only), going there at once when already signed in. */
function useSignInTarget() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next');
  const target = next?.startsWith('/') && !next.startsWith('//') ? next : '/';
  useEffect(() => {
    api
      .get<RouteReply<typeof sessionRoutes.session>>('/users/auth/session')
      .then((s) => s.status === 'success' && navigate(target, { replace: true }))
      .catch(() => undefined);
  }, [navigate, target]);
  return { go: () => navigate(target, { replace: true }), reason: params.get('reason') };
}

/** The page's card: the panel's name and what signing in is for, above the form. */
function LoginCard({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 400 }} elevation={3}>
        <CardContent sx={{ p: 4 }}>
          <Typography variant="h5" component="h1" gutterBottom color="primary">
            Control Panel
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            Sign in to manage your phone system.
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}

export default function LoginPage() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  // Shown once the server asked which account (409): the account number is then sent too.
  const [accountNeeded, setAccountNeeded] = useState<string | null>(null);
  const [accountNo, setAccountNo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { go, reason } = useSignInTarget();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const body: RouteBodyIn<typeof sessionRoutes.login> = {
        username,
        password,
        ...(accountNeeded ? { accountNo: accountNo.trim() } : {}),
      };
      await api.post<RouteReply<typeof sessionRoutes.login>>('/users/auth/login', body);
      go();
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) setAccountNeeded(e.message);
      else setError(loginError(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <LoginCard>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
        {error ? (
          <Alert severity="error">{error}</Alert>
        ) : accountNeeded ? (
          <Alert severity="info">{accountNeeded}</Alert>
        ) : (
          isLoginReason(reason) && <Alert severity="info">{LOGIN_REASONS[reason]}</Alert>
        )}
        <LoginField
          id="login-username"
          label="Username"
          value={username}
          onChange={setUsername}
          autoComplete="username"
          autoFocus
        />
        <LoginField
          id="login-password"
          label="Password"
          type="password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
        />
        {accountNeeded && (
          <LoginField
            id="login-account"
            label="Account number"
            value={accountNo}
            onChange={setAccountNo}
            autoComplete="off"
            autoFocus
            numeric
          />
        )}
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          Sign In
        </Button>
        <LoginLinks />
      </Box>
    </LoginCard>
  );
}
