import PhoneForwardedIcon from '@mui/icons-material/PhoneForwarded';
import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';

/** Outbound caller-ID lists (spec 3 §2 /outbound-clis, permission outboundCLILists). */
export const outboundClisArea: AreaDefinition = {
  label: AREA_NAMES['outbound-clis'],
  path: '/outbound-clis',
  icon: PhoneForwardedIcon,
  group: 'Numbers & Devices',
  rules: readRules('outboundCLILists'),
};
