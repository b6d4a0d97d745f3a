/**
 * The top bar's 'Sandbox' badge: shown to provider admins (the session names the sandboxes to them
 * alone) while any external service is its sandbox — no real money moves, nobody is really
 * verified, no mail really leaves. Its title names the services. A plain pill like 'Acting as'
 * (the shell is in every page's first load: no chip or icon modules).
 */
import Box from '@mui/material/Box';
import { SANDBOX_BADGE } from '@switchboard/domain';
import { useSession } from '../platform/session-context.ts';

/** `inPage`: on a phone it heads the page instead, leaving the bar to the panel's name and buttons. */
export function SandboxBadge({ inPage = false }: { inPage?: boolean }) {
  const { session } = useSession();
  const sandboxes = session.sandboxProviders ?? [];
  if (sandboxes.length === 0) return null;
  return (
    <Box
      component="span"
      title={SANDBOX_BADGE.title(sandboxes)}
      sx={{
        // Dark text on amber: readable on the top bar whatever the account's theme colour (WCAG AA).
        bgcolor: '#ffe082',
        color: 'rgba(0, 0, 0, 0.87)',
        border: '1px solid rgba(0, 0, 0, 0.2)',
        fontWeight: 600,
        fontSize: 13,
        lineHeight: '24px',
        px: 1.25,
        borderRadius: 3,
        ...(inPage ? { display: 'inline-block', mb: 1 } : {}),
        whiteSpace: 'nowrap',
        flexShrink: 0,
      }}
    >
      {SANDBOX_BADGE.label}
    </Box>
  );
}
