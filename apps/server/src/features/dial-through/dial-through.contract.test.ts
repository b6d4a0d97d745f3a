import { dialThroughRoutes, MESSAGES } from '@switchboard/domain';
import { describeResource } from '../../test/contract-suite.ts';

describeResource({
  name: 'dial-throughs',
  routes: dialThroughRoutes,
  permission: 'dialThrough',
  create: ({ u }) => ({ name: `Dial ${u}`, pin: '1234', channels: 3 }),
  // International calls need highRisk as well (dial-through.test.ts): the mask test's user has dialThrough alone.
  // (The PIN stays on: without it a dial-through needs a caller ID first, dial-through.test.ts.)
  update: ({ u }) => ({ name: `Renamed ${u}`, channels: 10, ukOther: true, ukGeo: false }),
  sortable: ['name', 'cli', 'channels', 'cliCount'],
  searchable: ['name', 'cli'],
  filterable: ['pinEnabled', 'ukGeo', 'inter', 'ukMob', 'ukOther', 'channels'],
  invalid: { patch: { name: ' ' }, field: 'name', message: MESSAGES.required },
});
