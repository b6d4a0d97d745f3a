/** Mobile numbers (spec 2: /mobile, retail accounts only, list gated by callGroups). */
import { z } from 'zod';
import { resourceRoutes, versionedRecordFields } from '../contract.ts';
import { optionalText, requiredText } from '../fields.ts';
import { PATTERNS } from '../patterns.ts';
import { recordShape } from '../record-shape.ts';

export const mobileInput = z.object({
  mobileDescription: optionalText({ max: 45 }),
  mobileNo: requiredText()
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(PATTERNS.ukMobile.pattern, { error: PATTERNS.ukMobile.message })),
  active: z.boolean().default(true),
});
export type MobileInput = z.input<typeof mobileInput>;

export const mobileRecord = z.object({ ...versionedRecordFields, ...recordShape(mobileInput.shape) });
export type Mobile = z.infer<typeof mobileRecord>;

/** Spec 2 'Mobile numbers': /mobile (retail accounts only). */
export const mobileRoutes = resourceRoutes('/mobile', { tag: 'mobile', record: mobileRecord, input: mobileInput });
