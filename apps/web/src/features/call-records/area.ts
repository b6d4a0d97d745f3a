import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';

/** Call records (spec 3 §2 /call-records, permission cdr): a month of calls and its CSV. */
export const callRecordsArea: AreaDefinition = {
  label: AREA_NAMES['call-records'],
  path: '/call-records',
  icon: ReceiptLongIcon,
  group: 'Features',
  rules: readRules('cdr'),
};
