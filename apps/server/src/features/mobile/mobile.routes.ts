/** Mobile numbers (spec 2): retail accounts only; the list uses the callGroups permission. */
import { MESSAGES, mobileInput, mobileRecord } from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import type { UniqueViolations } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { registerResource } from '../../platform/resource.ts';

/** A number once per account (mobiles_number_uq, migration 002): the check's message when two saves race. */
export const MOBILE_UNIQUE_VIOLATIONS: UniqueViolations = {
  mobiles_number_uq: { field: 'mobileNo', message: MESSAGES.mobileDuplicate },
};

export function registerMobileRoutes(app: FastifyInstance, platform: Platform): void {
  registerResource(app, platform, {
    path: '/mobile',
    table: 'mobiles',
    tag: 'mobile',
    permission: 'mobile',
    readPermission: 'callGroups',
    requires: [{ resource: 'retail', action: 'read' }],
    record: mobileRecord,
    input: mobileInput,
    columns: {
      id: { sql: 'mobiles.id', kind: 'number' },
      mobileDescription: { sql: 'mobiles.description', kind: 'text', sortable: true, searchable: true },
      mobileNo: { sql: 'mobiles.number', kind: 'text', sortable: true, searchable: true },
      active: { sql: 'mobiles.active', kind: 'boolean', sortable: true, filterable: true },
    },
    defaultSort: { field: 'mobileNo', direction: 'asc' },
    toRow: (input) => ({ description: input.mobileDescription, number: input.mobileNo, active: input.active }),
    uniqueViolations: MOBILE_UNIQUE_VIOLATIONS,
    label: (input) => input.mobileDescription || input.mobileNo,
    check: async ({ trx, auth, id }, input): Promise<Record<string, string>> => {
      let q = trx
        .selectFrom('mobiles')
        .select('id')
        .where('account_no', '=', auth.accountNo)
        .where('number', '=', input.mobileNo);
      if (id !== undefined) q = q.where('id', '<>', id);
      return (await q.executeTakeFirst()) ? { mobileNo: MESSAGES.mobileDuplicate } : {};
    },
  });
}
