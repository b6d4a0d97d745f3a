import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';

/** Call queues and their members (spec 2 §2, permission queues). */
export const callQueuesArea: AreaDefinition = {
  label: AREA_NAMES['call-queues'],
  path: '/call-queues',
  icon: SupportAgentIcon,
  group: 'Call Routing',
  rules: readRules('queues'),
};
