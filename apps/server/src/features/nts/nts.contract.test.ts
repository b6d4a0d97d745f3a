import { MESSAGES, ntsRoutes } from '@switchboard/domain';
import { describeResource } from '../../test/contract-suite.ts';

describeResource({
  name: 'NTS destinations',
  routes: ntsRoutes,
  permission: 'externalExt',
  create: ({ u, n }) => ({ name: `NTS ${u}`, destination: `0161496${String(n).padStart(4, '0')}` }),
  // The toggles need ntsCallRestrictions as well (nts.test.ts): the mask test's user has externalExt alone.
  update: ({ u }) => ({ name: `Renamed ${u}`, channelLimit: 4 }),
  sortable: ['name', 'destination', 'channelLimit'],
  searchable: ['name', 'destination'],
  filterable: ['allowInternational', 'extRefuse'],
  invalid: { patch: { name: ' ' }, field: 'name', message: MESSAGES.required },
});
