/**
 * Demo SIP trunks: Acme (30000, retail) has two, provisioned by the provider (a provider admin may
 * exceed the retail cap of one); Bella (30001) has one dynamic trunk, not registered.
 */
import { DEFAULT_RESTRICTIONS } from '@switchboard/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { newSecret } from '../platform/secrets.ts';

export async function seedSipTrunks(trx: Transaction<Database>): Promise<void> {
  const restrictions = JSON.stringify(DEFAULT_RESTRICTIONS);
  const trunks = await trx
    .insertInto('sip_trunks')
    .values([
      {
        account_no: 30000,
        name: '30000_trunk_main',
        secret: newSecret(),
        nickname: 'Main PBX',
        cli_number: '01214960000',
        emergency_services_cid: '01214960000',
        channel_limit: 2,
        host: '203.0.113.10',
        trunk_ip_auth: true,
        permit: JSON.stringify(['203.0.113.10', '203.0.113.11']),
        restrictions,
      },
      {
        account_no: 30000,
        name: '30000_trunk_dr',
        secret: newSecret(),
        nickname: 'DR site',
        cli_number: '01214960000',
        emergency_services_cid: '01214960003',
        channel_limit: 2,
        trunk_fail_over: 'seat:201',
        restrictions,
        // The DR site only dials out in working hours, and not at weekends.
        weekday_times: JSON.stringify({ mode: 'range', from: '07:00', to: '19:00' }),
        weekend_times: JSON.stringify({ mode: 'off', from: '00:00', to: '23:59' }),
      },
      {
        account_no: 30001,
        name: '30001_trunk_salon',
        secret: newSecret(),
        nickname: 'Salon PBX',
        emergency_services_cid: '01179460000',
        channel_limit: 2,
        restrictions,
      },
    ])
    .returning(['id', 'name'])
    .execute();
  const dr = trunks.find((t) => t.name === '30000_trunk_dr');
  if (dr) {
    await trx
      .insertInto('trunk_registrations')
      .values({
        account_no: 30000,
        trunk_id: dr.id,
        user_agent: 'Asterisk PBX 20.5.0',
        ipaddr: '198.51.100.20',
        port: 5060,
        expires_at: new Date(Date.now() + 10 * 365 * 24 * 3600 * 1000),
      })
      .execute();
  }
}
