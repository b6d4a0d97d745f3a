import { IVR_MESSAGES, ivrRoutes, MESSAGES } from '@switchboard/domain';
import { expect } from 'vitest';
import { describeResource } from '../../test/contract-suite.ts';

describeResource({
  name: 'IVR menus',
  routes: ivrRoutes,
  permission: 'IVR',
  create: ({ u, n }) => ({ name: n, description: `Menu ${u}`, option1: 'seat:201' }),
  update: ({ u }) => ({ description: `Renamed ${u}`, option2: 'seat:202', optionTimeout: 'CONFERENCING' }),
  sortable: ['name', 'description', 'keysSet'],
  searchable: ['name', 'description'],
  filterable: ['greetingId'],
  invalid: { patch: { description: ' ' }, field: 'description', message: MESSAGES.required },
  unique: { field: 'name', message: IVR_MESSAGES.inUse },
  // A time profile routing to it.
  inUse: async ({ owner, record, u, n }) => {
    const res = await owner.call('POST', '/timeprofile', {
      extension: n,
      name: `Via ${u}`,
      inDestination: `ivr:${record.name}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return MESSAGES.inUseIn('Time Profile', `${n} - Via ${u}`);
  },
});
