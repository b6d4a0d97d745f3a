/**
 * Demo seats for accounts 30000 (a dozen, most registered, desk phones provisioned) and 30001
 * (three), with the registrar's view of their desk phones and softphones.
 */
import { DEFAULT_RESTRICTIONS } from '@switchboard/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { newSecret } from '../platform/secrets.ts';

const ACME = [
  'Reception',
  'Accounts',
  'Office manager',
  'Sales desk',
  'On-call',
  'Workshop',
  'Stores',
  'Director',
  'Estimating',
  'Van 1',
  'Van 2',
  'Training room',
];
const BELLA = ['Front desk', 'Salon floor', 'Back office'];
const ALL_DAY = { mode: 'on', from: '00:00', to: '23:59' };
const YEAR = 365 * 24 * 3600 * 1000;
const MAC = (n: number) =>
  `80:5e:c0:${(0x10 + Math.floor(n / 256)).toString(16)}:${(n % 256).toString(16).padStart(2, '0')}:a1`;

export async function seedSeats(trx: Transaction<Database>): Promise<void> {
  const rows = [
    ...ACME.map((nickname, i) => ({ account_no: 30000, extension: 201 + i, nickname })),
    ...BELLA.map((nickname, i) => ({ account_no: 30001, extension: 201 + i, nickname })),
  ].map((s, i) => {
    const acme = s.account_no === 30000;
    const director = s.nickname === 'Director';
    return {
      ...s,
      name: `${s.account_no}*${s.extension}`,
      secret: newSecret(),
      unique_string: newSecret(32),
      caller_id_name: acme ? 'Acme Plumbing' : 'Bella Hair',
      caller_id_number: acme ? '01214960000' : '01179460000',
      vm_fullname: acme ? `Acme Plumbing - ${s.nickname}` : `Bella Hair - ${s.nickname}`,
      vm_email: s.nickname === 'Reception' ? 'reception@acmeplumbing.example' : '',
      vm_pin: s.nickname === 'Reception' ? '4826' : '',
      call_recording: s.nickname === 'Sales desk' ? 2 : s.nickname === 'Accounts' ? 1 : 0,
      cfwd_no_answer: s.nickname === 'On-call' ? '07700900333' : '',
      transport: i % 5 === 3 ? 'tls' : 'udp',
      // The director may call abroad (with a PIN); the workshop only in working hours.
      restrictions: JSON.stringify(
        director
          ? { ...DEFAULT_RESTRICTIONS, allowInternational: true, internationalPIN: '739104' }
          : DEFAULT_RESTRICTIONS,
      ),
      weekday_times: JSON.stringify(
        s.nickname === 'Workshop' ? { mode: 'range', from: '07:30', to: '18:00' } : ALL_DAY,
      ),
      weekend_times: JSON.stringify(s.nickname === 'Workshop' ? { ...ALL_DAY, mode: 'off' } : ALL_DAY),
      tps: s.nickname === 'Sales desk' ? 'block' : 'off',
      ctps: s.nickname === 'Sales desk' ? 'option' : 'off',
    };
  });
  const seats = await trx.insertInto('seats').values(rows).returning(['id', 'account_no', 'extension']).execute();
  // The registrar's view: desk phones on the office LAN, the vans' and on-call softphones from the internet.
  const acmeOff = (s: { account_no: number; extension: number }, list: number[]) =>
    s.account_no === 30000 && list.includes(s.extension);
  const expires = new Date(Date.now() + 10 * YEAR);
  const registrations = seats
    .filter((s) => !acmeOff(s, [207, 212]))
    .map((s) => {
      const remote = acmeOff(s, [205, 210, 211]);
      return {
        account_no: s.account_no,
        seat_id: s.id,
        kind: 'desk',
        user_agent: remote ? 'Switchboard Softphone 3.2 (Android)' : 'Yealink SIP-T54W 96.86.0.100',
        ipaddr: remote ? `81.2.69.${s.extension - 180}` : `192.168.1.${s.extension - 150}`,
        port: remote ? 42000 + s.extension : 5060,
        expires_at: expires,
      };
    });
  const softphones = seats
    .filter((s) => acmeOff(s, [201, 208, 210, 211]))
    .map((s) => ({
      account_no: s.account_no,
      seat_id: s.id,
      kind: s.extension >= 210 ? 'mobile' : 'desktop',
      user_agent: s.extension >= 210 ? 'Switchboard Mobile 3.2 (iOS)' : 'Switchboard Desktop 3.2 (Windows)',
      ipaddr: `81.2.69.${s.extension - 150}`,
      port: 51000 + s.extension,
      expires_at: expires,
    }));
  await trx
    .insertInto('seat_registrations')
    .values([...registrations, ...softphones])
    .execute();
  // Provisioned desk phones: locked after their first check-in; the training room's is new (unlocked).
  const now = Date.now();
  const devices = seats
    .filter((s) => s.account_no === 30001 || !acmeOff(s, [205, 210, 211]))
    .map((s, i) => {
      const fresh = acmeOff(s, [212]);
      return {
        account_no: s.account_no,
        seat_id: s.id,
        make: 'Yealink',
        model: i % 3 === 0 ? 'SIP-T54W' : 'SIP-T46U',
        mac_address: MAC(s.account_no - 30000 + s.extension * 2),
        last_checkin: fresh ? null : new Date(now - (i + 1) * 3600 * 1000),
        locked: !fresh,
        unlocked_at: fresh ? new Date(now) : null,
        initialised: !fresh,
        ldap_password: newSecret(16),
      };
    });
  await trx.insertInto('seat_devices').values(devices).execute();
}
