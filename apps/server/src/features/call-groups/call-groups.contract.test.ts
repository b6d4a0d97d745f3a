import { CALL_GROUP_MESSAGES, callGroupRoutes, MESSAGES } from '@switchboard/domain';
import { expect, it } from 'vitest';
import { describeResource } from '../../test/contract-suite.ts';

describeResource({
  name: 'call groups',
  routes: callGroupRoutes,
  permission: 'callGroups',
  create: ({ u, n }) => ({ groupNo: n, customName: `Group ${u}`, cidPrefix: 'CG' }),
  update: ({ u }) => ({ customName: `Renamed ${u}`, ringType: 2, ringTime: 30, answerElsewhere: true }),
  sortable: ['groupNo', 'customName', 'cidPrefix', 'falloverLocation', 'ringType', 'ringTime', 'memberCount'],
  searchable: ['groupNo', 'customName', 'cidPrefix'],
  filterable: ['answerElsewhere', 'ignoreCfwd', 'ringType', 'ringTime'],
  invalid: { patch: { customName: ' ' }, field: 'customName', message: MESSAGES.required },
  unique: { field: 'groupNo', message: CALL_GROUP_MESSAGES.inUse },
  // A time profile routing to it.
  inUse: async ({ owner, record, u, n }) => {
    const res = await owner.call('POST', '/timeprofile', {
      extension: n,
      name: `Via ${u}`,
      inDestination: `callgroup:${record.groupNo}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return MESSAGES.inUseIn('Time Profile', `${n} - Via ${u}`);
  },
  cases: (s) => {
    it('refuses a call group the number of a seat: one numbering plan', async () => {
      const { u, n } = s.make();
      const seat = await s.owner.call('POST', '/seat', { extension: n, nickname: `G ${u}` });
      expect(seat.statusCode, seat.body).toBe(200);
      const group = await s.owner.call('POST', '/callgroup', { groupNo: n, customName: `Plan ${u}` });
      expect(group.statusCode, group.body).toBe(400);
      expect((group.json() as { validation: object }).validation).toEqual({ groupNo: CALL_GROUP_MESSAGES.inUse });
    });
  },
});
