/**
 * /help: the panel's own help page (the help button's default): the areas this user can open, how
 * the session ends, where to get help and the API documentation.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@switchboard/domain';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../platform/session-context.ts';
import { panelLinkProps } from './panel-link.tsx';
import { useVisibleAreas } from './sidebar.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

export default function HelpPage() {
  const { session, config } = useSession();
  const areas = useVisibleAreas();
  const groups = [...new Set(areas.map((a) => a.group))];
  const minutes = Math.round(config.idleTimeoutMs / 60_000);

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 900 }}>
      <Typography variant="h5" component="h1">
        Help
      </Typography>
      <Section title="Your control panel">
        <Typography variant="body2" sx={{ mb: 1 }}>
          Every area below is also in the menu on the left. A list opens a record's page when you click its row; changes
          are saved with each page's Save button.
        </Typography>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, 200px)' } }}>
          {groups.map((group) => (
            <Box key={group}>
              <Typography variant="subtitle2" component="h3">
                {group}
              </Typography>
              {areas
                .filter((a) => a.group === group)
                .map((a) => (
                  <Link key={a.path} component={RouterLink} to={a.path} sx={{ display: 'block' }} variant="body2">
                    {a.label}
                  </Link>
                ))}
            </Box>
          ))}
        </Box>
      </Section>
      <Section title="Signing out">
        <Typography variant="body2">
          After {minutes} minutes without activity the panel asks whether you are still there, and signs you out{' '}
          {config.logoutCountdownSeconds} seconds later unless you choose {MESSAGES.stayLoggedIn}.
        </Typography>
      </Section>
      <Section title="Getting help">
        <Typography variant="body2">
          {session.parent === '0' ? (
            <>
              Talk to us with{' '}
              <Link {...panelLinkProps(config.liveChatUrl)} variant="body2">
                {MESSAGES.liveHelpChat}
              </Link>
              .
            </>
          ) : (
            'Your provider supports your account: contact them for anything this panel does not cover.'
          )}
        </Typography>
      </Section>
      <Section title="For developers">
        <Typography variant="body2">
          Everything the panel does goes through its API, documented at{' '}
          <Link href="/api/docs" target="_blank" rel="noopener" variant="body2">
            /api/docs
          </Link>
          .
        </Typography>
      </Section>
    </Box>
  );
}
