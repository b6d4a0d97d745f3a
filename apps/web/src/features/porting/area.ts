import { AREA_NAMES } from '@switchboard/domain';
import type { AreaDefinition } from '../../platform/areas.ts';

/**
 * Advice of transfer (spec 3 §2 /AOT): the public page of the link mailed to an account holder when
 * a number of theirs is being ported away. No sidebar entry; no session needed. (A provider admin
 * raises and cancels requests on the number's Porting tab, telephone-numbers.)
 */
export const portingArea: AreaDefinition = {
  label: AREA_NAMES.porting,
  path: '/AOT',
  group: 'Numbers & Devices',
  rules: [],
  useVisible: () => false,
};
