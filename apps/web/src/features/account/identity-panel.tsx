/**
 * The Identity tab of /account-details (issue 13, spec 1 §7 "POST /create-verification-session
 * also starts an identity check"): the account's identity status (who started the check and when,
 * when it was verified, why the last check failed) and 'Verify identity', which starts a session
 * and opens the provider's verification window. The result arrives by the provider's webhook: the
 * status is read again when the window closes (and while a submitted document is being checked),
 * and the account gets a notification.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IDENTITY_MESSAGES, IDENTITY_STATUS_LABELS, type IdentityStatus, identityRoutes } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { errorMessage } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { useSession } from '../../platform/session-context.ts';
import { identityNote, identityStatusKey, useIdentityCheck } from './identity-check.tsx';

const CHIP_COLOUR: Record<IdentityStatus, 'default' | 'info' | 'success' | 'warning'> = {
  unverified: 'default',
  pending: 'info',
  verified: 'success',
  requires_input: 'warning',
};

const when = (iso: string | null) => (iso ? dayjs(iso).format('DD/MM/YYYY HH:mm') : '');

export function IdentityPanel() {
  const { can, impersonating } = useSession();
  const check = useIdentityCheck();
  // A document submitted to Stripe is checked in seconds to minutes: asked again until it is.
  const awaiting = check.result?.kind === 'submitted';
  const status = useQuery({
    queryKey: identityStatusKey,
    queryFn: () => call(identityRoutes.status),
    refetchInterval: (query) => (awaiting && query.state.data?.status === 'pending' ? 5000 : false),
  });
  // A verified or failed check: the status (and its warning) says so.
  const note =
    check.result?.kind === 'verified' || check.result?.kind === 'requires_input' ? null : identityNote(check.result);

  if (status.isPending) return <Typography color="text.secondary">Loading…</Typography>;
  if (status.isError) return <Alert severity="error">{errorMessage(status.error)}</Alert>;
  const identity = status.data;
  const verified = identity.status === 'verified';
  const allowed = can('account', 'update');

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {IDENTITY_MESSAGES.title}
        </Typography>
        <Chip
          size="small"
          color={CHIP_COLOUR[identity.status]}
          variant={verified ? 'filled' : 'outlined'}
          label={IDENTITY_STATUS_LABELS[identity.status]}
          data-testid="identity-status"
        />
      </Stack>
      <Typography>
        {verified
          ? identity.verifiedAt
            ? IDENTITY_MESSAGES.verifiedOn(when(identity.verifiedAt))
            : IDENTITY_MESSAGES.verifiedNote
          : IDENTITY_MESSAGES.intro}
      </Typography>
      {identity.startedBy && identity.startedAt && (
        <Typography variant="body2" color="text.secondary">
          {IDENTITY_MESSAGES.startedBy(identity.startedBy, when(identity.startedAt))}
          {!verified && when(identity.updatedAt) !== when(identity.startedAt) && (
            <> Last updated {when(identity.updatedAt)}.</>
          )}
        </Typography>
      )}
      {identity.status === 'requires_input' && identity.lastError && (
        <Alert severity="warning">{`${IDENTITY_MESSAGES.failedTitle}: ${identity.lastError}`}</Alert>
      )}
      {note && <Alert severity={note.severity}>{note.text}</Alert>}
      {impersonating && !verified && <Alert severity="info">{IDENTITY_MESSAGES.disguised}</Alert>}
      {!verified && allowed && (
        <Box>
          <Button variant="contained" onClick={check.start} disabled={check.busy || impersonating}>
            {identity.status === 'requires_input' ? IDENTITY_MESSAGES.retry : IDENTITY_MESSAGES.verify}
          </Button>
        </Box>
      )}
      {check.window}
    </Box>
  );
}
