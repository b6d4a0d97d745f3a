/**
 * The top bar's notifications button: the unread count as a badge, opening /notifications. In the
 * first load: a native title rather than MUI's Tooltip (which brings Popper, Grow and Portal).
 */
import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { notificationsQuery } from './query.ts';

export function UnreadBadge() {
  const { data } = useQuery(notificationsQuery);
  const unread = data?.unread ?? 0;
  const label = unread === 1 ? '1 unread notification' : `${unread} unread notifications`;
  return (
    <IconButton
      color="inherit"
      component={RouterLink}
      to="/notifications"
      aria-label={`Notifications, ${label}`}
      title="Notifications"
    >
      <Badge badgeContent={unread} color="secondary" max={99} data-testid="unread-badge">
        <NotificationsIcon />
      </Badge>
    </IconButton>
  );
}
