import PriceChangeIcon from '@mui/icons-material/PriceChange';
import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';
import { useSession } from '../../platform/session-context.ts';

/** /balance-adjustment: a provider admin credits or debits an account's balance, with a reason. */
export const balanceAdjustmentsArea: AreaDefinition = {
  label: AREA_NAMES.ledger,
  path: '/balance-adjustment',
  icon: PriceChangeIcon,
  group: 'Portal',
  rules: readRules('VHAdmin'),
  // The provider's own work: not while acting as a customer (the server refuses it then).
  useVisible: () => useSession().session.puppeteer === null,
};
