/** Mobile numbers on the web: the resource at /mobile and the fields the pages share. */
import { type MobileInput, mobileRoutes } from '@switchboard/domain';
import type { FieldDef } from '../../platform/fields/form-fields.tsx';
import { resourceApi } from '../../platform/resource.ts';

export const mobiles = resourceApi('/mobile', mobileRoutes);

/** The Active switch: on the record, and the list's bulk edit. */
export const activeField = { kind: 'switch', name: 'active', label: 'Active' } satisfies FieldDef<{ active: boolean }>;

export const mobileFields: FieldDef<MobileInput>[] = [
  { kind: 'text', name: 'mobileDescription', label: 'Description' },
  { kind: 'text', name: 'mobileNo', label: 'Mobile Number', required: true, type: 'tel' },
  activeField,
];
