import { accessListRoutes, MESSAGES } from '@switchboard/domain';
import { expect } from 'vitest';
import { describeResource } from '../../test/contract-suite.ts';

describeResource({
  name: 'access lists',
  routes: accessListRoutes,
  permission: 'acl',
  // The other account: a reseller acting as its customer Harrogate Dental (20001).
  users: { other: { user: 'reseller', disguise: 20001 } },
  create: ({ u }) => ({ name: `List ${u}`, description: 'Made by the contract suite' }),
  update: ({ u }) => ({ name: `Renamed ${u}`, description: 'Changed by the contract suite' }),
  sortable: ['name', 'description', 'promptName', 'numEntries'],
  searchable: ['name', 'description', 'promptName'],
  filterable: ['promptId'],
  invalid: { patch: { name: '   ' }, field: 'name', message: MESSAGES.required },
  unique: { field: 'name', message: MESSAGES.aclNameInUse },
  // A seat whose outbound calls are limited to the list.
  inUse: async ({ owner, record, u, n }) => {
    const res = await owner.call('POST', '/seat', { extension: n, nickname: `S ${u}`, aclId: record.id });
    expect(res.statusCode, res.body).toBe(200);
    return MESSAGES.inUseIn('Seat', `${n} - S ${u}`);
  },
});
