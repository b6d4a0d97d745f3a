/** The sign-in page (/login): username and password, the server's message on refusal. */

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { loginBody, sessionRoutes } from '@switchboard/domain';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';

export default function LoginPage() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next');
  const target = next?.startsWith('/') && !next.startsWith('//') ? next : '/';

  // Already signed in: straight to the panel.
  useEffect(() => {
    call(sessionRoutes.session)
      .then((s) => s.status === 'success' && navigate(target, { replace: true }))
      .catch(() => undefined);
  }, [navigate, target]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const parsed = loginBody.safeParse({ username, password });
    if (!parsed.success) {
      setError('Please enter your username and password');
      return;
    }
    setBusy(true);
    try {
      await call(sessionRoutes.login, { body: parsed.data });
      navigate(target, { replace: true });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something went wrong please try again');
    } finally {
      setBusy(false);
    }
  };

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
          <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
            {error && <Alert severity="error">{error}</Alert>}
            <TextField
              label="Username"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              autoComplete="username"
              autoFocus
              fullWidth
            />
            <TextField
              label="Password"
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
              fullWidth
            />
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              Sign In
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
