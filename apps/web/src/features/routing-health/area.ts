import HealthAndSafetyIcon from '@mui/icons-material/HealthAndSafety';
import { AREA_NAMES, ROUTING_HEALTH_COUNT, ROUTING_HEALTH_READ_RESOURCES } from '@switchboard/domain';
import type { AreaDefinition } from '../../platform/areas.ts';
import { invalidatedByEveryChange, resourceKeys } from '../../platform/query-keys.ts';
import { ROUTING_HEALTH_KEY } from './keys.ts';

// A save anywhere in the routing may add or clear a finding: the page's findings and the dashboard's count follow.
invalidatedByEveryChange(ROUTING_HEALTH_KEY);
invalidatedByEveryChange(resourceKeys(ROUTING_HEALTH_COUNT.api).all);

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
