import PublicIcon from '@mui/icons-material/Public';
import { AREA_NAMES, canUseInternational } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';
import { useSession } from '../../platform/session-context.ts';

/**
 * International addresses (spec 3: /international-addresses): for wholesale accounts and provider
 * admins (§6) with the numbers permission; the page says 403 to anyone else.
 */
export const internationalAddressesArea: AreaDefinition = {
  label: AREA_NAMES['international-addresses'],
  path: '/international-addresses',
  icon: PublicIcon,
  group: 'Numbers & Devices',
  rules: readRules('numbers'),
  useVisible: () => canUseInternational(useSession().session, 'read'),
};
