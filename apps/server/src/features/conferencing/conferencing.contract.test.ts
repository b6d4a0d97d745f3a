import { CONFERENCE_MESSAGES, conferenceRoutes, MESSAGES } from '@switchboard/domain';
import { expect, it } from 'vitest';
import { describeResource } from '../../test/contract-suite.ts';

describeResource({
  name: 'conference rooms',
  routes: conferenceRoutes,
  permission: 'conference',
  create: ({ u, n }) => ({ confNumber: n, nickname: `Room ${u}`, pin: '1234', adminPin: '5678' }),
  update: ({ u }) => ({ nickname: `Renamed ${u}`, listenOnly: true, maxParticipants: 50, announceUsers: true }),
  sortable: ['confNumber', 'nickname', 'maxParticipants'],
  searchable: ['confNumber', 'nickname'],
  filterable: ['listenOnly', 'waitForMarked', 'announceUsers', 'moh', 'mohClass'],
  invalid: { patch: { pin: '12' }, field: 'pin', message: MESSAGES.pin },
  unique: { field: 'confNumber', message: CONFERENCE_MESSAGES.inUse },
  // A time profile routing to it.
  inUse: async ({ owner, record, u, n }) => {
    const res = await owner.call('POST', '/timeprofile', {
      extension: n,
      name: `Via ${u}`,
      inDestination: `conference:${record.confNumber}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return MESSAGES.inUseIn('Time Profile', `${n} - Via ${u}`);
  },
  cases: (s) => {
    it('refuses a room the number of a seat: one numbering plan', async () => {
      const { u, n } = s.make();
      const seat = await s.owner.call('POST', '/seat', { extension: n, nickname: `C ${u}` });
      expect(seat.statusCode, seat.body).toBe(200);
      const room = await s.owner.call('POST', '/conferencing', { confNumber: n, pin: '1234', adminPin: '4321' });
      expect(room.statusCode, room.body).toBe(400);
      expect((room.json() as { validation: object }).validation).toEqual({ confNumber: CONFERENCE_MESSAGES.inUse });
    });
  },
});
