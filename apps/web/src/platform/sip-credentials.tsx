/**
 * The SIP credentials of a seat or a trunk (spec 2 §1, §2): the SIP username and, for a user who
 * may update the record, Show Password (GET {path}/password) and Reset Password
 * (GET {path}/password/reset, which drops the registration; the server's message is shown).
 *
 *   <SipCredentials path={`/trunk/${trunk.id}`} username={trunk.name} />
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type Resource, SEAT_MESSAGES } from '@switchboard/domain';
import { useState } from 'react';
import { ApiError, api } from './api.ts';
import { useSession } from './session-context.ts';
import { useToast } from './toast.ts';

export interface SipCredentialsProps {
  /** The record's API path: '/seat/12' or '/trunk/3'. */
  path: `/seat/${number}` | `/trunk/${number}`;
  /** The SIP username (the record's name). */
  username: string;
}

/** The permission that may read and reset the secret, as the server checks it. */
const resourceOf = (path: SipCredentialsProps['path']): Resource => (path.startsWith('/seat/') ? 'seats' : 'SIPTrunks');

export function SipCredentials({ path, username }: SipCredentialsProps) {
  const { can } = useSession();
  const toast = useToast();
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const show = async () => {
    setBusy(true);
    try {
      const reply = await api.get<{ username: string; secret: string }>(`${path}/password`);
      setSecret(reply.secret);
      setError(null);
    } catch (e) {
      setError(e instanceof ApiError && e.status !== 0 ? e.message : SEAT_MESSAGES.somethingWrong);
    } finally {
      setBusy(false);
    }
  };
  const reset = async () => {
    setBusy(true);
    try {
      const reply = await api.get<{ success: boolean; message: string; secret: string }>(`${path}/password/reset`);
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
      {can(resourceOf(path), 'update') && (
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
    </Box>
  );
}
