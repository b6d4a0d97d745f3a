/**
 * The sidebar: Dashboard, the built areas the user may read, Balance and Top Up (prepay), User
 * Manager and Live Help Chat (top-level accounts), Log Out or Back to Portal.
 */
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import AddCardIcon from '@mui/icons-material/AddCard';
import DashboardIcon from '@mui/icons-material/Dashboard';
import LogoutIcon from '@mui/icons-material/Logout';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import type { Theme } from '@mui/material/styles';
import { formatPence, MESSAGES, type RouteReply, type sessionRoutes, TIMINGS } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { api } from '../platform/api.ts';
import { type AreaDefinition, areaAllows } from '../platform/areas.ts';
import { useSession } from '../platform/session-context.ts';
import { AREAS } from './area-registry.ts';
import { panelLinkProps } from './panel-link.tsx';
import { activeItemColour } from './theme.tsx';

export function useVisibleAreas(): AreaDefinition[] {
  const { can } = useSession();
  return AREAS.filter((a) => areaAllows(a, can));
}

function Balance({ accountNo }: { accountNo: string }) {
  const { data } = useQuery({
    queryKey: ['account', accountNo],
    // Typed by the contract, called without it: the sidebar is in the first load (no schemas there).
    queryFn: () => api.get<RouteReply<typeof sessionRoutes.account>>(`/account/${accountNo}`),
  });
  if (data?.balance === undefined) return null;
  return (
    <ListItem disablePadding>
      <ListItemButton component={NavLink} to="/account-transaction" sx={linkSx}>
        <ListItemIcon>
          <AccountBalanceWalletIcon />
        </ListItemIcon>
        <ListItemText primary={`Balance: ${formatPence(Math.round(data.balance * 100))}`} />
      </ListItemButton>
    </ListItem>
  );
}

/** The Top Up modal, loaded when the item is first used (the sidebar is in the first load). */
const TopUpDialog = lazy(() => import('../platform/payments/top-up.tsx').then((m) => ({ default: m.TopUpDialog })));

/** Spec 1 §2: the Top Up item (prepay) opens the Top Up modal. */
function TopUpItem({ accountNo }: { accountNo: string }) {
  const [open, setOpen] = useState(false);
  return (
    <ListItem disablePadding>
      <ListItemButton onClick={() => setOpen(true)} aria-haspopup="dialog" sx={linkSx}>
        <ListItemIcon>
          <AddCardIcon />
        </ListItemIcon>
        <ListItemText primary="Top Up" />
      </ListItemButton>
      {open && (
        <Suspense fallback={null}>
          <TopUpDialog accountNo={Number(accountNo)} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </ListItem>
  );
}

const linkSx = {
  transition: `background-color ${TIMINGS.sidebarAnimationMs}ms`,
  '&.active': {
    bgcolor: 'action.selected',
    // The account's colour, darkened as much as it needs to read on the selected background (AA).
    '& .MuiListItemIcon-root, & .MuiListItemText-primary': {
      color: (theme: Theme) => activeItemColour(theme).colour,
      fontWeight: 600,
    },
  },
} as const;

const alwaysVisible = () => true;

/** One area's entry. */
function AreaLink({ area, active, onNavigate }: { area: AreaDefinition; active: boolean; onNavigate?: () => void }) {
  const Icon = area.icon;
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={NavLink}
        to={area.path}
        onClick={onNavigate}
        sx={linkSx}
        className={active ? 'active' : undefined}
      >
        <ListItemIcon>{Icon && <Icon />}</ListItemIcon>
        <ListItemText primary={area.label} />
      </ListItemButton>
    </ListItem>
  );
}

/**
 * A heading and its areas (an item of the sidebar's list holding the list of its areas, which the
 * heading names), each area's own visibility hook deciding (e.g. /ems-errors without errors,
 * /customers while acting as a customer); a group with no area shown has no heading either. Keyed
 * by its areas (see Sidebar): the same hooks in the same order for the component's whole life.
 */
function AreaGroup({
  group,
  areas,
  pathname,
  onNavigate,
}: {
  group: string;
  areas: AreaDefinition[];
  pathname: string;
  onNavigate?: () => void;
}) {
  const visible = areas.map((area) => (area.useVisible ?? alwaysVisible)());
  const shown = areas.filter((_, i) => visible[i]);
  const headingId = `sidebar-group-${useId()}`;
  if (shown.length === 0) return null;
  return (
    <li>
      <ListSubheader component="div" id={headingId} disableSticky sx={{ lineHeight: '32px', mt: 1 }}>
        {group}
      </ListSubheader>
      <List dense disablePadding aria-labelledby={headingId}>
        {shown.map((area) => (
          <AreaLink key={area.path} area={area} active={pathname.startsWith(`${area.path}/`)} onNavigate={onNavigate} />
        ))}
      </List>
    </li>
  );
}

export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { session, config, can, impersonating, logout } = useSession();
  const areas = useVisibleAreas();
  const { pathname } = useLocation();
  const groups = [...new Set(areas.map((a) => a.group))];

  return (
    // The space below the top bar's spacer (its parent is a flex column): the areas scroll, the
    // balance and top-up items stay in view at the bottom.
    <Box
      component="nav"
      aria-label="Main menu"
      sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
    >
      <List dense sx={{ flex: 1, overflowY: 'auto' }}>
        <ListItem disablePadding>
          <ListItemButton component={NavLink} to="/" end onClick={onNavigate} sx={linkSx}>
            <ListItemIcon>
              <DashboardIcon />
            </ListItemIcon>
            <ListItemText primary="Dashboard" />
          </ListItemButton>
        </ListItem>
        {groups.map((group) => {
          const inGroup = areas.filter((a) => a.group === group);
          return (
            <AreaGroup
              key={`${group}:${inGroup.map((a) => a.path).join(',')}`}
              group={group}
              areas={inGroup}
              pathname={pathname}
              onNavigate={onNavigate}
            />
          );
        })}
      </List>
      <Divider />
      <List dense>
        {/* Spec 1 §6: Balance and Top Up need prepay read; topping up is an account update (as on the pages). */}
        {can('prepay', 'read') && <Balance accountNo={session.account_no} />}
        {can('prepay', 'read') && can('account', 'update') && <TopUpItem accountNo={session.account_no} />}
        {/* Top-level accounts only (session parent '0', spec 1 §2): the user manager and live chat. A
            link to a page the sidebar lists already (the panel's own /user-manager) is not listed twice. */}
        {session.parent === '0' &&
          [
            { href: config.userManagerUrl, icon: <ManageAccountsIcon />, label: MESSAGES.userManager },
            { href: config.liveChatUrl, icon: <SupportAgentIcon />, label: MESSAGES.liveHelpChat },
          ]
            .filter((link) => !areas.some((a) => a.path === link.href))
            .map((link) => (
              <ListItem key={link.label} disablePadding>
                <ListItemButton {...panelLinkProps(link.href)} onClick={onNavigate}>
                  <ListItemIcon>{link.icon}</ListItemIcon>
                  <ListItemText primary={link.label} />
                </ListItemButton>
              </ListItem>
            ))}
        <ListItem disablePadding>
          <ListItemButton
            onClick={() => void logout()}
            aria-label={impersonating ? MESSAGES.backToPortal : MESSAGES.logOut}
          >
            <ListItemIcon>
              <LogoutIcon />
            </ListItemIcon>
            <ListItemText primary={impersonating ? MESSAGES.backToPortal : MESSAGES.logOut} />
          </ListItemButton>
        </ListItem>
      </List>
    </Box>
  );
}
