import PendingActionsIcon from '@mui/icons-material/PendingActions';
import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';
import { useSession } from '../../platform/session-context.ts';

/**
 * /jobs: the job queue's jobs queued, running and failed (provider admins), and Retry on a failed
 * one. Hidden while acting as a customer: the queue is the provider's, not the customer's.
 */
export const jobsArea: AreaDefinition = {
  label: AREA_NAMES.jobs,
  path: '/jobs',
  icon: PendingActionsIcon,
  group: 'Portal',
  rules: readRules('VHAdmin'),
  useVisible: () => useSession().session.puppeteer === null,
};
