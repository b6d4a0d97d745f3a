import DnsIcon from '@mui/icons-material/Dns';
import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';
import { useSession } from '../../platform/session-context.ts';

/**
 * /platform-servers: the provider's switch, media server and recording server and their credentials
 * (provider admins in their own account: hidden while acting as a customer).
 */
export const platformServersArea: AreaDefinition = {
  label: AREA_NAMES['platform-servers'],
  path: '/platform-servers',
  icon: DnsIcon,
  group: 'Portal',
  rules: readRules('VHAdmin'),
  useVisible: () => useSession().session.puppeteer === null,
};
