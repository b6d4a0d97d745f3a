/**
 * The dashboard (/): 'Account Activity' counts and 'Account Errors' (spec 1 §2), each read as the
 * totalRecords of POST {path}/0/1 and linking to its page. An area's count joins once the area
 * is built and the user may read it: the router passes the paths of the built areas (the registry
 * lives in app/, which a feature does not import).
 */
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import {
  ACCOUNT_ACTIVITY,
  DASHBOARD_TEXTS,
  type DashboardCount,
  EMS_ERRORS_COUNT,
  ROUTING_HEALTH_COUNT,
} from '@switchboard/domain';
import { useQueries } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { countQuery } from '../../platform/query-keys.ts';
import { useSession } from '../../platform/session-context.ts';

function useCounts(items: DashboardCount[]) {
  return useQueries({ queries: items.map((item) => countQuery(item.api)) });
}

function CountList({ items, label }: { items: DashboardCount[]; label: string }) {
  const counts = useCounts(items);
  return (
    <List dense aria-label={label}>
      {items.map((item, i) => {
        const count = counts[i];
        return (
          <ListItem key={item.api} divider={i < items.length - 1} sx={{ px: 0 }}>
            <ListItemText>
              <Link component={RouterLink} to={item.link} underline="hover">
                {item.label}
              </Link>
            </ListItemText>
            <Typography
              variant="h6"
              component="span"
              data-testid={`count-${item.link.slice(1)}`}
              sx={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {count?.isPending ? (
                <CircularProgress size={16} aria-label={`Loading ${item.label}`} />
              ) : count?.isError ? (
                '—'
              ) : (
                count?.data
              )}
            </Typography>
          </ListItem>
        );
      })}
    </List>
  );
}

export default function DashboardPage({ builtPaths }: { builtPaths: readonly string[] }) {
  const { session, can } = useSession();
  const built = new Set(builtPaths);
  const visible = (item: DashboardCount) =>
    built.has(item.link) && [item.resource, ...(item.alsoRead ?? [])].every((r) => can(r, 'read'));
  const activity = ACCOUNT_ACTIVITY.filter(visible);
  const errors = [EMS_ERRORS_COUNT, ROUTING_HEALTH_COUNT].filter(visible);
  const [emsCount] = useCounts(errors.filter((e) => e === EMS_ERRORS_COUNT));
  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom>
        Dashboard
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Welcome, {session.name} — {session.company}, account {session.account_no}
      </Typography>
      {(emsCount?.data ?? 0) > 0 && (
        <Alert severity="warning" icon={<WarningAmberIcon />} sx={{ mb: 2 }}>
          {DASHBOARD_TEXTS.emsWarning}{' '}
          <Link component={RouterLink} to={EMS_ERRORS_COUNT.link}>
            View the errors
          </Link>
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 420px))' } }}>
        {[
          { title: DASHBOARD_TEXTS.activity, items: activity },
          { title: DASHBOARD_TEXTS.errors, items: errors },
        ].map(
          ({ title, items }) =>
            items.length > 0 && (
              <Card key={title} variant="outlined">
                <CardContent>
                  <Typography variant="h6" component="h2">
                    {title}
                  </Typography>
                  <CountList items={items} label={title} />
                </CardContent>
              </Card>
            ),
        )}
      </Box>
    </>
  );
}
