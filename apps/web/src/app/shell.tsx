/**
 * The authenticated layout: top bar, sidebar (a drawer at ≤600 px), breadcrumbs, content. The shell is
 * in every page's first load: the wide sidebar is a plain fixed column and the narrow screens' drawer
 * (MUI's modal machinery) is loaded the first time it opens.
 */
import HelpOutlinedIcon from '@mui/icons-material/HelpOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { LAYOUT } from '@switchboard/domain';
import { lazy, Suspense, useState } from 'react';
import { Outlet, Link as RouterLink } from 'react-router';
import { API_BASE } from '../platform/api.ts';
import { BreadcrumbProvider } from '../platform/breadcrumb.tsx';
import { useSession } from '../platform/session-context.ts';
import { FullPageSpinner } from '../platform/session-provider.tsx';
import { PageBreadcrumbs } from './breadcrumbs.tsx';
import { panelLinkProps } from './panel-link.tsx';
import { SandboxBadge } from './sandbox-badge.tsx';
import { Sidebar } from './sidebar.tsx';
import { TopBarItems } from './top-bar-items.tsx';

const DRAWER_WIDTH = 248;

const NarrowDrawer = lazy(() => import('./narrow-drawer.tsx'));

function Logo({ accountNo }: { accountNo: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <Box
      component="img"
      src={`${API_BASE}/theme/${accountNo}/logo`}
      alt="Logo"
      onError={() => setFailed(true)}
      sx={{ height: 32, maxWidth: 140, objectFit: 'contain', mr: 2 }}
    />
  );
}

function UserAvatar() {
  const { session } = useSession();
  const [failed, setFailed] = useState(false);
  const initials = `${session.name.charAt(0)}${session.surname.charAt(0)}`.toUpperCase();
  const fullName = `${session.name} ${session.surname}`;
  return (
    <Avatar
      alt={fullName}
      title={fullName}
      src={failed ? undefined : `${API_BASE}/users/avatar`}
      slotProps={{ img: { onError: () => setFailed(true) } }}
      sx={{ bgcolor: 'secondary.main', color: 'secondary.contrastText', width: 36, height: 36, fontSize: 15 }}
    >
      {initials}
    </Avatar>
  );
}

/** While acting as a customer: whose account this is. */
function ActingAs() {
  const { session } = useSession();
  return (
    <Box
      component="span"
      sx={{
        bgcolor: 'secondary.main',
        color: 'secondary.contrastText',
        fontWeight: 500,
        fontSize: 13,
        lineHeight: '32px',
        px: 1.5,
        borderRadius: 4,
        whiteSpace: 'nowrap',
      }}
    >
      Acting as {session.company} ({session.account_no})
    </Box>
  );
}

/** The sidebar on a wide screen: a plain fixed column under the top bar. */
function WideSidebar() {
  return (
    <Box sx={{ width: DRAWER_WIDTH, flexShrink: 0 }}>
      <Box
        sx={{
          position: 'fixed',
          top: 0,
          bottom: 0,
          left: 0,
          width: DRAWER_WIDTH,
          display: 'flex',
          flexDirection: 'column',
          overflowY: 'auto',
          bgcolor: 'background.paper',
          borderRight: 1,
          borderColor: 'divider',
          zIndex: (t) => t.zIndex.drawer,
        }}
      >
        <Toolbar />
        <Sidebar />
      </Box>
    </Box>
  );
}

export function Shell() {
  const { session, config, impersonating } = useSession();
  const narrow = useMediaQuery(`(max-width:${LAYOUT.narrowBreakpoint}px)`);
  const [open, setOpen] = useState(false);
  // Mounted from its first opening on, so that closing it animates.
  const [drawerLoaded, setDrawerLoaded] = useState(false);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'grey.50' }}>
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          {narrow && (
            <IconButton
              color="inherit"
              edge="start"
              aria-label="Open menu"
              onClick={() => {
                setDrawerLoaded(true);
                setOpen((o) => !o);
              }}
            >
              <MenuIcon />
            </IconButton>
          )}
          <Logo accountNo={session.account_no} />
          {/* One line on a phone too: smaller there, and cut short rather than wrapped under the bar. */}
          <Link
            component={RouterLink}
            to="/"
            color="inherit"
            underline="none"
            variant="h6"
            noWrap
            sx={{ fontWeight: 600, minWidth: 0, fontSize: { xs: '1.05rem', sm: '1.25rem' } }}
          >
            Control Panel
          </Link>
          <Box sx={{ flex: 1 }} />
          {impersonating && !narrow && <ActingAs />}
          {!narrow && <SandboxBadge />}
          <TopBarItems />
          <IconButton color="inherit" aria-label="Help" title="Help" {...panelLinkProps(config.helpUrl)}>
            <HelpOutlinedIcon />
          </IconButton>
          <UserAvatar />
        </Toolbar>
      </AppBar>
      {narrow ? (
        drawerLoaded && (
          <Suspense fallback={null}>
            <NarrowDrawer open={open} onClose={() => setOpen(false)} width={DRAWER_WIDTH}>
              <Toolbar />
              <Sidebar onNavigate={() => setOpen(false)} />
            </NarrowDrawer>
          </Suspense>
        )
      ) : (
        <WideSidebar />
      )}
      <Box component="main" sx={{ flex: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
        <Toolbar />
        {narrow && <SandboxBadge inPage />}
        <BreadcrumbProvider>
          {(detail) => (
            <>
              <PageBreadcrumbs detail={detail} />
              <Suspense fallback={<FullPageSpinner />}>
                <Outlet />
              </Suspense>
            </>
          )}
        </BreadcrumbProvider>
      </Box>
    </Box>
  );
}
