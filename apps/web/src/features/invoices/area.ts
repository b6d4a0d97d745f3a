import ReceiptIcon from '@mui/icons-material/Receipt';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';
import { useSession } from '../../platform/session-context.ts';

/** /invoice (spec 1 §2): retail accounts, account read (admin and VHAdmin stand in for account). */
export const invoicesArea: AreaDefinition = {
  label: AREA_NAMES.invoice,
  path: '/invoice',
  icon: RequestQuoteIcon,
  group: 'Account',
  rules: readRules('retail', 'account'),
};

/** /provider-invoices: every account's invoices, for provider admins, where an unpaid one is voided. */
export const providerInvoicesArea: AreaDefinition = {
  label: 'All Invoices',
  path: '/provider-invoices',
  icon: ReceiptIcon,
  group: 'Portal',
  rules: readRules('VHAdmin'),
  // The provider's own work: not while acting as a customer (the server refuses it then).
  useVisible: () => useSession().session.puppeteer === null,
};
