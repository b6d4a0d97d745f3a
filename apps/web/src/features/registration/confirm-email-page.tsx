/**
 * /confirm-email?token=...: the page of the link an e-mail change mails to the old address (issue
 * 24). Opening it changes nothing: it says whose address changes to what, and Confirm Change does it.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { ACCOUNT_MESSAGES, accountLifecycleRoutes } from '@switchboard/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessage } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { PublicFrame } from '../../platform/public-frame.tsx';

const TITLE = 'Confirm your new e-mail address';

export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useQuery({
    queryKey: ['email-link', token],
    queryFn: () => call(accountLifecycleRoutes.checkEmailToken, { body: { token } }),
    retry: false,
    enabled: token !== '',
  });
  const confirm = useMutation({ mutationFn: () => call(accountLifecycleRoutes.confirmEmail, { body: { token } }) });

  if (token !== '' && link.isPending) {
    return (
      <PublicFrame title={TITLE}>
        <CircularProgress aria-label="Loading" />
      </PublicFrame>
    );
  }
  if (confirm.isSuccess) {
    return (
      <PublicFrame title={TITLE}>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Alert severity="success">{confirm.data.message}</Alert>
          <Button component={RouterLink} to="/login" variant="contained">
            Sign In
          </Button>
        </Box>
      </PublicFrame>
    );
  }
  if (token === '' || link.isError || !link.data?.success) {
    return (
      <PublicFrame title={TITLE}>
        <Alert severity="error">{ACCOUNT_MESSAGES.tokenInvalid}</Alert>
      </PublicFrame>
    );
  }
  return (
    <PublicFrame title={TITLE}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="body2">
          The e-mail address of the control panel user <strong>{link.data.username}</strong> is to change to{' '}
          <strong style={{ overflowWrap: 'anywhere' }}>{link.data.email}</strong>. Password reset links and notices will
          then go there.
        </Typography>
        <Typography variant="body2" color="text.secondary">
          If you did not expect this, close this page: nothing changes, and tell your account holder.
        </Typography>
        {confirm.isError && <Alert severity="error">{errorMessage(confirm.error)}</Alert>}
        <Button variant="contained" onClick={() => confirm.mutate()} disabled={confirm.isPending}>
          Confirm Change
        </Button>
      </Box>
    </PublicFrame>
  );
}
