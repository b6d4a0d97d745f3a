import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';

/** /billing/directdebit (spec 1 §2, §4): the Direct Debit wizard, reached from /invoice's Direct Debit button. */
export const directDebitArea: AreaDefinition = {
  label: 'Direct Debit',
  path: '/billing/directdebit',
  icon: RequestQuoteIcon,
  group: 'Account',
  rules: readRules('directDebit'),
  routes: [{ path: '', load: () => import('./direct-debit-page.tsx') }],
  useVisible: () => false,
};
