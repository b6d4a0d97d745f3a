/** /registration/success (spec 1 §2): 'Account Created Successfully', check your e-mails to activate. */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ACCOUNT_MESSAGES } from '@switchboard/domain';
import { Link } from 'react-router';
import { PublicFrame } from '../../platform/public-frame.tsx';

export default function RegistrationSuccessPage() {
  return (
    <PublicFrame title={ACCOUNT_MESSAGES.accountCreated}>
      <Stack spacing={2}>
        <Alert severity="success">{ACCOUNT_MESSAGES.checkEmails}</Alert>
        <Button component={Link} to="/login" variant="outlined">
          Go to Sign In
        </Button>
      </Stack>
    </PublicFrame>
  );
}
