/**
 * The Delete Account tab and modal (spec 1 §4 "Delete account"): Warning, then the password check
 * (POST /users/auth/passwordcheck; 'Password seems to be incorrect, please try again.'), then the
 * final delete (DELETE /account/{no}, which the server allows only after that check), then
 * Feedback; closing it leaves the panel (the account's sessions have ended).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Account, accountLifecycleRoutes, MESSAGES, sessionRoutes } from '@switchboard/domain';
import { useState } from 'react';
import { errorMessage } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { useSession } from '../../platform/session-context.ts';
import { StagedForm } from '../../platform/staged-form/staged-form.tsx';

/** The deletion's steps: the password check, then the delete; a refusal is said at the step. */
function useAccountDeletion(account: Account) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleted, setDeleted] = useState<string | null>(null);
  const reset = () => {
    setPassword('');
    setError(null);
  };
  const checkPassword = async () => {
    setError(null);
    try {
      await call(sessionRoutes.passwordCheck, { body: { password } });
      return true;
    } catch (e) {
      setError(errorMessage(e, MESSAGES.passwordWrong));
      return false;
    }
  };
  const remove = async () => {
    setError(null);
    try {
      const reply = await call(accountLifecycleRoutes.deleteAccount, { params: { account_no: account.accountNo } });
      setDeleted(reply.message);
      return true;
    } catch (e) {
      setError(errorMessage(e));
      return false;
    }
  };
  return { password, setPassword, error, deleted, reset, checkPassword, remove };
}

export function DeleteAccountPanel({ account }: { account: Account }) {
  const { can, impersonating, config } = useSession();
  const [open, setOpen] = useState(false);
  const { password, setPassword, error, deleted, reset, checkPassword, remove } = useAccountDeletion(account);
  const allowed = can('account', 'delete');
  const close = () => {
    setOpen(false);
    reset();
    // The account's sessions ended with it: back to the sign-in page.
    if (deleted !== null) window.location.assign(config.loginUrl);
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
      <Typography>
        Deleting account {account.accountNo} ({account.company || `${account.firstName} ${account.surname}`}) closes it:
        every user of the account is signed out and can no longer sign in. Your records are kept by us as the law
        requires.
      </Typography>
      {impersonating && (
        <Alert severity="info">
          You are acting as this customer. A customer's account is closed from the portal, not while acting as them.
        </Alert>
      )}
      <Box>
        <Button variant="contained" color="error" disabled={!allowed || impersonating} onClick={() => setOpen(true)}>
          Delete Account
        </Button>
      </Box>
      <StagedForm
        open={open}
        title="Delete Account"
        onClose={close}
        stages={[
          {
            label: 'Warning',
            content: (
              <Alert severity="warning">
                This permanently closes account {account.accountNo}. Your numbers, seats and call routing stop working
                and nobody can sign in to this account again. This cannot be undone from the control panel.
              </Alert>
            ),
          },
          {
            label: 'Password',
            content: (
              <Box sx={{ display: 'grid', gap: 2 }}>
                <Typography>Please confirm your password to continue.</Typography>
                <TextField
                  label="Password"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  error={error !== null}
                  helperText={error ?? ' '}
                  autoFocus
                />
              </Box>
            ),
            blocked: password === '',
            action: checkPassword,
          },
          {
            label: 'Confirm',
            content: <Alert severity="error">Delete account {account.accountNo} now?</Alert>,
            actionLabel: 'Delete Account',
            action: remove,
            // A refusal (live customers, provider admins, the password check spent) is its own reason.
            error,
          },
        ]}
        feedback={<Alert severity="success">{deleted}</Alert>}
      />
    </Box>
  );
}
