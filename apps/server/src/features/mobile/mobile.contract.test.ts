import { MESSAGES, mobileRoutes } from '@switchboard/domain';
import { expect, it } from 'vitest';
import { describeResource } from '../../test/contract-suite.ts';

describeResource({
  name: 'mobile numbers',
  routes: mobileRoutes,
  permission: 'mobile',
  readPermission: 'callGroups',
  // Retail accounts only: Bella (30001) is made retail here, so only tenancy keeps it out of Acme's.
  setup: async (t) => {
    await t.database.db
      .updateTable('accounts')
      .set({ account_kind: 'retail' })
      .where('account_no', '=', 30001)
      .execute();
  },
  create: ({ u, n }) => ({ mobileDescription: `Mobile ${u}`, mobileNo: `07700${910000 + n}`, active: true }),
  update: ({ u }) => ({ mobileDescription: `Renamed ${u}`, active: false }),
  sortable: ['mobileDescription', 'mobileNo', 'active'],
  searchable: ['mobileDescription', 'mobileNo'],
  filterable: ['active'],
  invalid: { patch: { mobileNo: '01214960000' }, field: 'mobileNo', message: MESSAGES.mobileNumber },
  unique: { field: 'mobileNo', message: MESSAGES.mobileDuplicate },
  cases: (s) => {
    it('refuses a non-retail account even with every mask (403)', async () => {
      const harrogate = await s.signIn('harrogate');
      for (const [method, url] of [
        ['POST', '/mobile/0/10'],
        ['GET', '/mobile/0/10'],
        ['POST', '/mobile'],
      ] as const) {
        expect((await harrogate.call(method, url, method === 'POST' ? {} : undefined)).statusCode, url).toBe(403);
      }
    });
  },
});
