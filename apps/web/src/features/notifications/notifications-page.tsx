/**
 * /notifications (spec 1 §2, §4): the account's notifications as expandable items, unread first
 * marked; 'Mark as Read' on an unread one. `?open={id}` opens that one (`modal=true` is accepted).
 */

import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Accordion from '@mui/material/Accordion';
import AccordionActions from '@mui/material/AccordionActions';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { MESSAGES, type NotificationRecord } from '@switchboard/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../platform/session-context.ts';
import { useToast } from '../../platform/toast.ts';
import { markRead, notificationsQuery } from './api.ts';

const ICONS = {
  warning: WarningAmberIcon,
  error: ErrorOutlineIcon,
  success: TaskAltIcon,
  info: InfoOutlinedIcon,
} as const;
type Tone = keyof typeof ICONS;
const toneOf = (value: string): Tone => (value in ICONS ? (value as Tone) : 'info');

function Item({
  n,
  expanded,
  onToggle,
}: {
  n: NotificationRecord;
  expanded: boolean;
  onToggle: (open: boolean) => void;
}) {
  const { can } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const mark = useMutation({
    mutationFn: () => markRead(n.notification_id),
    onSuccess: async () => {
      toast.success(MESSAGES.notificationMarked);
      await queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
    },
    onError: () => toast.error(MESSAGES.notificationNotMarked),
  });
  const Icon = ICONS[toneOf(n.notification_icon)];
  const id = `notification-${n.notification_id}`;
  return (
    <Accordion
      expanded={expanded}
      onChange={(_, open) => onToggle(open)}
      disableGutters
      id={id}
      sx={{ '&:before': { display: 'none' }, mb: 1, borderRadius: 1 }}
      variant="outlined"
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-content`}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, width: '100%', pr: 1 }}>
          <Icon color={toneOf(n.notification_color)} />
          <Typography sx={{ fontWeight: n.notification_read ? 400 : 600, flex: 1 }}>{n.notification_title}</Typography>
          {!n.notification_read && <Chip size="small" color="primary" label="Unread" />}
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {dayjs(n.notification_created).format('DD/MM/YYYY HH:mm')}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails id={`${id}-content`}>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
          {n.notification_message}
        </Typography>
      </AccordionDetails>
      {!n.notification_read && can('notification', 'update') && (
        <AccordionActions>
          <Button
            variant="outlined"
            size="small"
            onClick={() => mark.mutate()}
            disabled={mark.isPending}
            startIcon={mark.isPending ? <CircularProgress size={14} aria-label={MESSAGES.listLoading} /> : undefined}
          >
            Mark as Read
          </Button>
        </AccordionActions>
      )}
    </Accordion>
  );
}

export default function NotificationsPage() {
  const { data, isLoading, isError } = useQuery(notificationsQuery);
  const [params] = useSearchParams();
  const requested = Number(params.get('open'));
  const [open, setOpen] = useState<Set<number>>(() => new Set(requested > 0 ? [requested] : []));

  // ?open={id}: that notification opens and comes into view once the list is there.
  useEffect(() => {
    if (!(requested > 0) || !data) return;
    setOpen((current) => new Set([...current, requested]));
    document.getElementById(`notification-${requested}`)?.scrollIntoView({ block: 'center' });
  }, [requested, data]);

  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom>
        Notifications
      </Typography>
      {isLoading && <CircularProgress aria-label={MESSAGES.listLoading} />}
      {isError && <Alert severity="error">{MESSAGES.fetchFailedRetry}</Alert>}
      {data && data.records.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 4 }}>
          {MESSAGES.noNotifications}
        </Typography>
      )}
      <Box sx={{ maxWidth: 900 }}>
        {data?.records.map((n) => (
          <Item
            key={n.notification_id}
            n={n}
            expanded={open.has(n.notification_id)}
            onToggle={(isOpen) =>
              setOpen((current) => {
                const next = new Set(current);
                if (isOpen) next.add(n.notification_id);
                else next.delete(n.notification_id);
                return next;
              })
            }
          />
        ))}
      </Box>
    </>
  );
}
