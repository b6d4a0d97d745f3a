import { MESSAGES, SEAT_MESSAGES, seatRoutes } from '@switchboard/domain';
import { expect, it } from 'vitest';
import { describeResource } from '../../test/contract-suite.ts';

describeResource({
  name: 'seats',
  routes: seatRoutes,
  permission: 'seats',
  create: ({ u, n }) => ({ extension: n, nickname: `S ${u}` }),
  update: ({ u }) => ({ nickname: `Seat ${u}`, callerIdName: `Caller ${u}`, ringTime: 30 }),
  sortable: [
    'extension',
    'nickname',
    'callerIdName',
    'callerIdNumber',
    'callRecording',
    'status',
    'location',
    'publicIp',
    'onNet',
  ],
  searchable: ['extension', 'name', 'nickname', 'callerIdName', 'callerIdNumber', 'vmEmail'],
  filterable: ['vmMode', 'callRecording', 'status', 'desktopStatus', 'mobileStatus', 'publicIp'],
  invalid: { patch: { vmEmail: 'not-an-email' }, field: 'vmEmail', message: MESSAGES.email },
  unique: { field: 'extension', message: SEAT_MESSAGES.inUse },
  // A time profile routing to the seat.
  inUse: async ({ owner, record, u, n }) => {
    const res = await owner.call('POST', '/timeprofile', {
      extension: n,
      name: `Via ${u}`,
      inDestination: `seat:${record.extension}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return MESSAGES.inUseIn('Time Profile', `${n} - Via ${u}`);
  },
  cases: (s) => {
    // BUG: DESIGN.md ('Nothing lost silently') has one numbering plan per account across seats, time
    // profiles, call groups...; numberFree and nextFreeNumber (platform/numbered.ts) look at the seats
    // table only, so a seat takes a time profile's number (and /seat/{account}/next offers one).
    it('refuses a seat the number of a time profile: one numbering plan', async () => {
      const { u, n } = s.make();
      const profile = await s.owner.call('POST', '/timeprofile', { extension: n, name: `Plan ${u}` });
      expect(profile.statusCode, profile.body).toBe(200);
      const seat = await s.owner.call('POST', '/seat', { extension: n, nickname: `P ${u}` });
      expect(seat.statusCode, seat.body).toBe(400);
      expect((seat.json() as { validation: object }).validation).toEqual({ extension: SEAT_MESSAGES.inUse });
    });
  },
});
