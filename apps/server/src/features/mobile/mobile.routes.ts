/** Mobile numbers (spec 2): retail accounts only; the list uses the callGroups permission. */
import { MESSAGES, type Mobile, mobileFields, mobileRoutes } from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { declaredFields } from '../../platform/declared-fields.ts';
import type { UniqueViolations } from '../../platform/errors.ts';
import { fieldMap, versionedFields } from '../../platform/fields.ts';
import type { Platform } from '../../platform/platform.ts';
import { resource } from '../../platform/resources.ts';
import { uniqueIn } from '../../platform/validators.ts';

const fields = fieldMap<Mobile>('mobiles', { ...versionedFields, ...declaredFields(mobileFields) });

/** The list's field map (its sortable and filterable columns are indexed). */
export const mobileLists = [fields];

/** A number once per account (mobiles_number_uq, migration 002): the message when two saves race. */
export const MOBILE_UNIQUE_VIOLATIONS: UniqueViolations = {
  mobiles_number_uq: { field: 'mobileNo', message: MESSAGES.mobileDuplicate },
};

export function registerMobileRoutes(api: FastifyInstance, platform: Platform): void {
  resource(api, platform, {
    area: 'mobile',
    routes: mobileRoutes,
    table: 'mobiles',
    permission: 'mobile',
    readPermission: 'callGroups',
    requires: [{ resource: 'retail', action: 'read' }],
    fields,
    defaultSort: { field: 'mobileNo', direction: 'asc' },
    label: (m) => m.mobileDescription || m.mobileNo,
    validate: [uniqueIn('mobileNo', 'mobiles', 'number', MESSAGES.mobileDuplicate)],
    uniqueViolations: MOBILE_UNIQUE_VIOLATIONS,
  });
}
