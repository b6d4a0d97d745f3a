import PriceCheckIcon from '@mui/icons-material/PriceCheck';
import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';

/**
 * /tariff (spec 3 §2): the call-cost look-up, the tariff documents and their viewer. Retail accounts
 * (pricing is hidden for wholesale, spec 3 §6) and provider admins, who also edit the rate deck here.
 */
export const tariffArea: AreaDefinition = {
  label: AREA_NAMES.tariff,
  path: '/tariff',
  icon: PriceCheckIcon,
  group: 'Account',
  rules: [],
  anyOf: readRules('retail', 'VHAdmin'),
  resource: 'retail',
};
