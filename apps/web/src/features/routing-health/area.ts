import HealthAndSafetyIcon from '@mui/icons-material/HealthAndSafety';
import { AREA_NAMES, ROUTING_HEALTH_READ_RESOURCES } from '@switchboard/domain';
import type { AreaDefinition } from '../../platform/areas.ts';

/**
 * /routing-health (ours, issue 29): what is wrong in the account's routing, each finding linking to
 * the object to fix — for whoever may read every kind of routing object.
 */
export const routingHealthArea: AreaDefinition = {
  label: AREA_NAMES['routing-health'],
  path: '/routing-health',
  icon: HealthAndSafetyIcon,
  group: 'Call Routing',
  rules: ROUTING_HEALTH_READ_RESOURCES.map((resource) => ({ resource, action: 'read' as const })),
};
