import { MESSAGES, OUTBOUND_CLI_MESSAGES, outboundCliRoutes, telephoneNumberRoutes } from '@switchboard/domain';
import { describeResource } from '../../test/contract-suite.ts';

describeResource({
  name: 'outbound CLI lists',
  routes: outboundCliRoutes,
  permission: 'outboundCLILists',
  // A list's numbers are its account's own: the first two of the caller's.
  env: async (caller) => {
    const res = await caller.call('POST', telephoneNumberRoutes.callerIds.path);
    const numbers = (res.json() as { records: Array<{ number: string }> }).records.map((r) => r.number);
    return { numbers: numbers.slice(0, 2) };
  },
  create: ({ u, env }) => ({ name: `List ${u}`, description: 'Made by the contract suite', numbers: env.numbers }),
  update: ({ u, env }) => ({
    name: `Renamed ${u}`,
    description: 'Changed by the suite',
    numbers: env.numbers.slice(1),
  }),
  sortable: ['name', 'description', 'numberCount'],
  searchable: ['name', 'description'],
  filterable: [],
  invalid: { patch: { description: 'd'.repeat(51) }, field: 'description', message: MESSAGES.maxLength(50) },
  unique: { field: 'name', message: OUTBOUND_CLI_MESSAGES.nameInUse },
});
