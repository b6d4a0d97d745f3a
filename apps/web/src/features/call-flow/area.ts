import AltRouteIcon from '@mui/icons-material/AltRoute';
import { AREA_NAMES, CALL_FLOW_READ_RESOURCES } from '@switchboard/domain';
import type { AreaDefinition } from '../../platform/areas.ts';

/**
 * /call-flow (ours, issue 29): what happens when a number or destination is called at an instant,
 * traced by the routing engine — for whoever may read every kind of object a trace can name.
 */
export const callFlowArea: AreaDefinition = {
  label: AREA_NAMES['call-flow'],
  path: '/call-flow',
  icon: AltRouteIcon,
  group: 'Call Routing',
  rules: CALL_FLOW_READ_RESOURCES.map((resource) => ({ resource, action: 'read' as const })),
};
