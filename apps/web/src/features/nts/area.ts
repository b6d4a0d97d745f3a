import PhoneForwardedIcon from '@mui/icons-material/PhoneForwarded';
import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';

/** NTS: external forwarding destinations (spec 2 §2: /nts and /nts/{id}, permission externalExt). */
export const ntsArea: AreaDefinition = {
  label: AREA_NAMES.nts,
  path: '/nts',
  icon: PhoneForwardedIcon,
  group: 'Call Routing',
  rules: readRules('externalExt'),
};
