/** Mobile numbers on the web: the resource at /mobile and the fields the pages share. */
import { type MobileInput, mobileFields, mobileRoutes } from '@switchboard/domain';
import { formField, formFields } from '../../platform/fields/declared-fields.ts';
import { resourceApi } from '../../platform/resource.ts';

export const mobiles = resourceApi('/mobile', mobileRoutes);

/** The Active switch: on the record, and the list's bulk edit. */
export const activeField = formField<{ active: boolean }>(mobileFields, 'active');

/** The General tab's and the add modal's fields. */
export const mobileFormFields = formFields<MobileInput>(mobileFields, ['mobileDescription', 'mobileNo', 'active']);
