/** The dashboard (/). The Account Activity and Account Errors widgets join with the routing areas. */
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useSession } from '../../platform/session-context.ts';

export default function DashboardPage() {
  const { session } = useSession();
  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom>
        Dashboard
      </Typography>
      <Card variant="outlined" sx={{ maxWidth: 640 }}>
        <CardContent>
          <Typography variant="h6" component="h2">
            Welcome, {session.name}
          </Typography>
          <Typography color="text.secondary">
            {session.company} — account {session.account_no}
          </Typography>
        </CardContent>
      </Card>
    </>
  );
}
