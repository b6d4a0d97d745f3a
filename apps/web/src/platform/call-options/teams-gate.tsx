/**
 * The Teams tabs of seats and SIP trunks (spec 2 §2): while the account has no Teams tenant they
 * offer the admin invitation (the tenant admin's email) or Create Teams Account; once one exists
 * they show their own fields (the enable switch and, for a seat, the Teams number).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TEAMS_MESSAGES, teamsInvitationInput, teamsRoutes } from '@switchboard/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../api.ts';
import { call } from '../client.ts';
import { useSession } from '../session-context.ts';
import { useToast } from '../toast.ts';

export function TeamsGate({ children, disabled }: { children: ReactNode; disabled: boolean }) {
  const { session, can } = useSession();
  const accountNo = Number(session.account_no);
  const exists = useQuery({
    queryKey: teamsExistsKey(accountNo),
    queryFn: () => call(teamsRoutes.exists, { params: { accountNo } }),
    enabled: can('teams', 'read'),
  });

  if (!can('teams', 'read')) {
    return <Alert severity="info">Microsoft Teams is not enabled for your user.</Alert>;
  }
  if (exists.isPending) return <CircularProgress size={24} aria-label="Loading" />;
  if (exists.isError) return <Alert severity="error">{TEAMS_MESSAGES.invitationFailed}</Alert>;
  if (exists.data.teamsAccountExists) return <>{children}</>;
  return <TeamsConnect accountNo={accountNo} mayCreate={can('teams', 'create') && !disabled} />;
}

const teamsExistsKey = (accountNo: number) => ['teams', 'exists', accountNo];

/** No Teams tenant yet: the admin invitation, or Create Teams Account once the admin has approved. */
function TeamsConnect({ accountNo, mayCreate }: { accountNo: number; mayCreate: boolean }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const invite = async () => {
    // Checked whole as typed (an address over 50 characters is refused, never cut short and sent).
    const parsed = teamsInvitationInput.safeParse({ email, accountNo });
    if (!parsed.success) {
      setEmailError(TEAMS_MESSAGES.invalidEmail);
      return;
    }
    setEmailError(null);
    setBusy(true);
    try {
      const reply = await call(teamsRoutes.invite, { body: parsed.data });
      toast.success(reply.message);
    } catch (error) {
      if (error instanceof ApiError && error.validation.email) setEmailError(error.validation.email);
      else toast.error(TEAMS_MESSAGES.invitationFailed);
    } finally {
      setBusy(false);
    }
  };
  const create = async () => {
    setBusy(true);
    try {
      const reply = await call(teamsRoutes.create, { params: { accountNo } });
      toast.success(reply.message);
      await queryClient.invalidateQueries({ queryKey: teamsExistsKey(accountNo) });
    } catch {
      toast.error(TEAMS_MESSAGES.createFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 560 }}>
      <Alert severity="info">
        Your account is not connected to Microsoft Teams yet. Invite your Microsoft 365 administrator to approve direct
        routing, or create the Teams account once they have.
      </Alert>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          label="Teams Administrator Email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={emailError !== null}
          helperText={emailError ?? ' '}
          disabled={!mayCreate || busy}
          sx={{ flex: 1 }}
        />
        <Button variant="outlined" onClick={invite} disabled={!mayCreate || busy} sx={{ mt: 1 }}>
          Send Admin Invitation
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary">
        Already approved by your administrator?
      </Typography>
      <Box>
        <Button variant="contained" onClick={create} disabled={!mayCreate || busy}>
          Create Teams Account
        </Button>
      </Box>
    </Box>
  );
}
