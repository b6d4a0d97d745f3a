import type { MobileInput } from '@switchboard/domain';
import type { FieldDef } from '../../platform/fields/form-fields.tsx';

export const MOBILE_PATH = '/mobile';

export const mobileFields: FieldDef<MobileInput>[] = [
  { kind: 'text', name: 'mobileDescription', label: 'Description' },
  { kind: 'text', name: 'mobileNo', label: 'Mobile Number', required: true, type: 'tel' },
  { kind: 'switch', name: 'active', label: 'Active' },
];
