import { MESSAGES, sipTrunkRoutes, TRUNK_MESSAGES, telephoneNumberRoutes } from '@switchboard/domain';
import { expect, it } from 'vitest';
import { describeResource } from '../../test/contract-suite.ts';

describeResource({
  name: 'SIP trunks',
  routes: sipTrunkRoutes,
  permission: 'SIPTrunks',
  // Acme (30000, retail) is at its cap of one trunk: the provider admin, acting as Acme, adds them.
  users: { owner: { user: 'admin', disguise: 30000 } },
  createByUser: { status: 409, message: TRUNK_MESSAGES.retailTrunks },
  // A trunk's emergency location is one of the account's numbers.
  env: async (caller) => {
    const res = await caller.call('POST', telephoneNumberRoutes.callerIds.path);
    return { number: (res.json() as { records: Array<{ number: string }> }).records[0]?.number ?? '' };
  },
  create: ({ u, env }) => ({ nickname: `T ${u}`, emergencyServicesCid: env.number }),
  update: ({ u }) => ({ nickname: `Trunk ${u}`, channelLimit: 1 }),
  sortable: [
    'name',
    'nickname',
    'cliNumber',
    'channelLimit',
    'host',
    'callRecording',
    'status',
    'location',
    'publicIp',
    'onNet',
  ],
  searchable: ['name', 'nickname', 'cliNumber', 'emergencyServicesCid', 'host'],
  filterable: ['callRecording', 'status', 'publicIp'],
  invalid: { patch: { host: '10.0.0.1' }, field: 'host', message: MESSAGES.publicIp },
  // A time profile routing to the trunk.
  inUse: async ({ owner, record, u, n }) => {
    const res = await owner.call('POST', '/timeprofile', {
      extension: n,
      name: `Via ${u}`,
      inDestination: `trunk:${record.id}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return MESSAGES.inUseIn('Time Profile', `${n} - Via ${u}`);
  },
  cases: (s) => {
    it('lets only the provider admin switch IP authentication (403 for the account holder)', async () => {
      const { u, env } = s.make();
      const res = await s.owner.call('POST', '/trunk', {
        nickname: `IP ${u}`,
        emergencyServicesCid: env.number,
        host: '81.2.69.50',
        trunkIPAuth: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      const id = (res.json() as { id: number }).id;
      const retail = await s.signIn('retail');
      const trunk = (await retail.call('GET', `/trunk/${id}`)).json() as Record<string, unknown>;
      expect(trunk.trunkIPAuth).toBe(true);
      const off = await retail.call('PUT', `/trunk/${id}`, { ...trunk, trunkIPAuth: false });
      expect(off.statusCode, off.body).toBe(403);
      expect(((await retail.call('GET', `/trunk/${id}`)).json() as Record<string, unknown>).trunkIPAuth).toBe(true);
    });
  },
});
