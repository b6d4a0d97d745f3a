/**
 * The SIP credentials of a seat or a trunk (spec 2 §1, §2): the SIP username and, for a user who
 * may update the record, Show Password (GET {path}/password) and Reset Password
 * (GET {path}/password/reset, which drops the registration; asked first, saying what stops working;
 * the server's message is shown).
 *
 *   <SipCredentials routes={sipTrunkRoutes} id={trunk.id} resource="SIPTrunks" username={trunk.name}
 *     resetWarning={TRUNK_MESSAGES.confirmPasswordReset} />
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type Resource, SEAT_MESSAGES, type sipCredentialRoutes } from '@switchboard/domain';
import { useState } from 'react';
import { ApiError } from './api.ts';
import { call } from './client.ts';
import { useConfirm } from './confirm.tsx';
import { useSession } from './session-context.ts';
import { useToast } from './toast.ts';

export interface SipCredentialsProps {
  /** The area's credential routes (seatRoutes, sipTrunkRoutes: both spread sipCredentialRoutes). */
  routes: ReturnType<typeof sipCredentialRoutes<string>>;
  /** The seat's or trunk's id. */
  id: number;
  /** The permission that may read and reset the secret, as the server checks it. */
  resource: Resource;
  /** The SIP username (the record's name). */
  username: string;
  /** What a reset stops (asked before it). */
  resetWarning: string;
}

export function SipCredentials({ routes, id, resource, username, resetWarning }: SipCredentialsProps) {
  const { can } = useSession();
  const confirm = useConfirm();
  const toast = useToast();
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const show = async () => {
    setBusy(true);
    try {
      const reply = await call(routes.password, { params: { id } });
      setSecret(reply.secret);
      setError(null);
    } catch (e) {
      setError(e instanceof ApiError && e.status !== 0 ? e.message : SEAT_MESSAGES.somethingWrong);
    } finally {
      setBusy(false);
    }
  };
  const reset = async () => {
    if (!(await confirm.ask({ title: 'Reset SIP Password', text: resetWarning, action: 'Reset Password' }))) return;
    setBusy(true);
    try {
      const reply = await call(routes.resetPassword, { params: { id } });
      setSecret(reply.secret);
      setError(null);
      toast.success(reply.message);
    } catch {
      setError(SEAT_MESSAGES.somethingWrong);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 1, mb: 1 }}>
      <Typography variant="body2">
        SIP username: <strong>{username}</strong>
        {secret !== null && (
          <>
            {' '}
            — password: <code data-testid="sip-secret">{secret}</code>
          </>
        )}
      </Typography>
      {can(resource, 'update') && (
        <Box sx={{ display: 'flex', gap: 1 }}>
          {secret === null && (
            <Button size="small" variant="outlined" onClick={show} disabled={busy}>
              Show Password
            </Button>
          )}
          <Button size="small" variant="outlined" color="warning" onClick={reset} disabled={busy}>
            Reset Password
          </Button>
        </Box>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      {confirm.dialog}
    </Box>
  );
}
