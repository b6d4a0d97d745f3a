import Inventory2Icon from '@mui/icons-material/Inventory2';
import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';
import { useSession } from '../../platform/session-context.ts';

/**
 * /number-stock (provider admins): the stock's ranges by type and area, adding a range, and the
 * service tariff's prices. The add-number wizard itself opens from /telephone-numbers.
 */
export const buyNumbersArea: AreaDefinition = {
  label: AREA_NAMES['buy-numbers'],
  path: '/number-stock',
  icon: Inventory2Icon,
  group: 'Portal',
  rules: readRules('VHAdmin'),
  useVisible: () => useSession().session.puppeteer === null,
};
