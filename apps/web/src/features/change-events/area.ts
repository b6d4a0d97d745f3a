import SyncProblemIcon from '@mui/icons-material/SyncProblem';
import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';
import { useSession } from '../../platform/session-context.ts';

/**
 * /change-events: the change events' consumers (provider admins) — each one's position and lag, the
 * events it gave up on with their errors, and Retry. Beside Jobs, and like it hidden while acting as a
 * customer: the consumers are the provider's, not the customer's.
 */
export const changeEventsArea: AreaDefinition = {
  label: AREA_NAMES['change-events'],
  path: '/change-events',
  icon: SyncProblemIcon,
  group: 'Portal',
  rules: readRules('VHAdmin'),
  useVisible: () => useSession().session.puppeteer === null,
};
