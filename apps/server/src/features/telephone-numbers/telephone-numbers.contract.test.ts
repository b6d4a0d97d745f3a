import { MESSAGES, telephoneNumberResourceRoutes, telephoneNumberRoutes } from '@switchboard/domain';
import { expect } from 'vitest';
import { describeResource } from '../../test/contract-suite.ts';

describeResource({
  name: 'telephone numbers',
  // The generic calls (the JSON create among them, which the server does not register) and the area's.
  routes: { ...telephoneNumberResourceRoutes, ...telephoneNumberRoutes },
  permission: 'numbers',
  // Numbers come from the store or porting, not the API: a new one is allocated straight in the database.
  create: false,
  make: async ({ t, accountNo, n, u }) => {
    const row = await t.database.db
      .insertInto('telephone_numbers')
      .values({ account_no: accountNo, number: `0121496${5000 + n}`, nickname: `N ${u}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },
  update: ({ u }) => ({ nickname: `N ${u}`, cidPrefix: 'CS', callRecord: 1 }),
  sortable: [
    'telephoneNumber',
    'nickname',
    'destination',
    'destinationType',
    'telephoneNumberAclName',
    'callRecord',
    'emsStatus',
  ],
  searchable: ['telephoneNumber', 'nickname', 'cidPrefix', 'telephoneNumberAclName', 'faxAddress'],
  filterable: [
    'distinctiveRing',
    'destination',
    'destinationType',
    'telephoneNumberAclId',
    'anonCallReject',
    'callRecord',
    'faxContact',
    'emsNeeded',
    'emsStatus',
  ],
  invalid: { patch: { distinctiveRing: 'vh-ring-99' }, field: 'distinctiveRing', message: MESSAGES.selectOption },
  // A seat presenting the number as its caller ID.
  inUse: async ({ owner, record, u, n }) => {
    const res = await owner.call('POST', '/seat', {
      extension: n,
      nickname: `S ${u}`,
      callerIdNumber: record.telephoneNumber,
    });
    expect(res.statusCode, res.body).toBe(200);
    return MESSAGES.inUseIn('Seat', `${n} - S ${u}`);
  },
});
