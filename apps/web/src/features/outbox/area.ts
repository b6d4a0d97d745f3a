import OutboxIcon from '@mui/icons-material/Outbox';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';
import { useSession } from '../../platform/session-context.ts';

/**
 * /outbox: the e-mails the platform sent through the sandbox mail provider (no SMTP_URL), for
 * provider admins — a newcomer sees the mails (low balance, later activation and invoices) here.
 * Hidden while acting as a customer: it is the provider's, not the customer's.
 */
export const outboxArea: AreaDefinition = {
  label: 'Outbox',
  path: '/outbox',
  icon: OutboxIcon,
  group: 'Portal',
  rules: readRules('VHAdmin'),
  useVisible: () => useSession().session.puppeteer === null,
};
