import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';

/** /billing/directdebit (spec 1 §2, §4): the Direct Debit wizard, reached from /invoice's Direct Debit button. */
export const directDebitArea: AreaDefinition = {
  label: AREA_NAMES['direct-debit'],
  path: '/billing/directdebit',
  group: 'Account',
  rules: readRules('directDebit'),
  useVisible: () => false,
};
