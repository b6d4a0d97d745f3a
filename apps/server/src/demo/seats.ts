/** Demo seats for accounts 30000 (a dozen, most registered) and 30001 (three). */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { newSecret } from '../platform/secrets.ts';

const ACME = [
  'Reception',
  'Accounts',
  'Office manager',
  'Sales desk',
  'On-call engineer',
  'Workshop',
  'Stores',
  'Director',
  'Estimating',
  'Van 1',
  'Van 2',
  'Training room',
];
const BELLA = ['Front desk', 'Salon floor', 'Back office'];

export async function seedSeats(trx: Transaction<Database>): Promise<void> {
  const rows = [
    ...ACME.map((nickname, i) => ({ account_no: 30000, extension: 201 + i, nickname })),
    ...BELLA.map((nickname, i) => ({ account_no: 30001, extension: 201 + i, nickname })),
  ].map((s, i) => ({
    ...s,
    name: `${s.account_no}*${s.extension}`,
    secret: newSecret(),
    caller_id_name: s.account_no === 30000 ? 'Acme Plumbing' : 'Bella Hair',
    caller_id_number: s.account_no === 30000 ? '01214960000' : '01179460000',
    vm_email: s.nickname === 'Reception' ? 'reception@acmeplumbing.example' : '',
    call_recording: s.nickname === 'Sales desk' ? 2 : s.nickname === 'Accounts' ? 1 : 0,
    cfwd_no_answer: s.nickname === 'On-call engineer' ? '07700900333' : '',
    transport: i % 5 === 3 ? 'tls' : 'udp',
  }));
  const seats = await trx.insertInto('seats').values(rows).returning(['id', 'account_no', 'extension']).execute();
  // The registrar's view: desk phones on the office LAN, softphones and vans from the internet.
  const registrations = seats
    .filter((s) => !(s.account_no === 30000 && [207, 212].includes(s.extension)))
    .map((s) => {
      const remote = s.extension === 210 || s.extension === 211 || s.extension === 205;
      return {
        seat_id: s.id,
        user_agent: remote ? 'Switchboard Softphone 3.2 (Android)' : 'Yealink SIP-T54W 96.86.0.100',
        ipaddr: remote ? `203.0.113.${s.extension - 180}` : `192.168.1.${s.extension - 150}`,
        port: remote ? 42000 + s.extension : 5060,
        expires_at: new Date(Date.now() + 10 * 365 * 24 * 3600 * 1000),
      };
    });
  await trx.insertInto('seat_registrations').values(registrations).execute();
}
