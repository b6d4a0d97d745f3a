import SupportIcon from '@mui/icons-material/Support';
import { AREA_NAMES } from '@switchboard/domain';
import type { AreaDefinition } from '../../platform/areas.ts';

/**
 * /support (spec 3 §2, §6): the provider's contact e-mail, live chat, phone, hours, postal address
 * and help videos — for provider admins and retail users (the domain's `canSeeSupport`); a provider
 * admin also edits the settings there.
 */
export const supportArea: AreaDefinition = {
  label: AREA_NAMES.support,
  path: '/support',
  icon: SupportIcon,
  group: 'Account',
  rules: [],
  anyOf: [
    { resource: 'VHAdmin', action: 'read' },
    { resource: 'retail', action: 'read' },
  ],
};
