/** Mobile numbers (spec 2: /mobile, retail accounts only, list gated by callGroups). */
import { z } from 'zod';
import { resourceRoutes, versionedRecordFields } from '../contract.ts';
import { declareFields, field, flag } from '../field-declarations.ts';
import { optionalText, requiredText } from '../fields.ts';
import { PATTERNS } from '../patterns.ts';

/** Every field of a mobile number, once (field-declarations.ts): the input, the record, the server's map, the forms. */
export const mobileFields = declareFields({
  mobileDescription: field(optionalText({ max: 45 }), {
    label: 'Description',
    column: 'description',
    sortable: true,
    searchable: true,
  }),
  mobileNo: field(
    requiredText()
      .transform((v) => v.replace(/\s+/g, ''))
      .pipe(z.string().regex(PATTERNS.ukMobile.pattern, { error: PATTERNS.ukMobile.message })),
    { label: 'Mobile Number', column: 'number', sortable: true, searchable: true, inputType: 'tel' },
  ),
  active: flag(true, { label: 'Active', sortable: true, filterable: true }),
});

export const mobileInput = z.object(mobileFields.shape);
export type MobileInput = z.input<typeof mobileInput>;

export const mobileRecord = z.object({ ...versionedRecordFields, ...mobileFields.recordShape });
export type Mobile = z.infer<typeof mobileRecord>;

/** Spec 2 'Mobile numbers': /mobile (retail accounts only). */
export const mobileRoutes = resourceRoutes('/mobile', { tag: 'mobile', record: mobileRecord, input: mobileInput });
