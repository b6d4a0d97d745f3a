import GroupsIcon from '@mui/icons-material/Groups';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';
import { useSession } from '../../platform/session-context.ts';

/**
 * The portal is the user's own account: while acting as a customer (the session's puppeteer is set)
 * the server refuses the customers list (403) and a second disguise, so the area is hidden — even
 * from a provider admin, who keeps the VHAdmin mask while disguised.
 */
export function useInPortal(): boolean {
  return useSession().session.puppeteer === null;
}

/** The wholesale customers page: the accounts below the user's own, with 'Act as customer'. */
export const customersArea: AreaDefinition = {
  label: 'Customers',
  path: '/customers',
  icon: GroupsIcon,
  group: 'Portal',
  rules: readRules('wholesaleCustomers'),
  useVisible: useInPortal,
};
