/**
 * Demo data: a believable provider. Password `Switchboard-1` for every demo login.
 * Runs once, on the first start of an empty database.
 */
import { hash, verify } from '@node-rs/argon2';
import { ACCOUNT_HOLDER_FEATURES, FEATURES, MASK } from '@switchboard/domain';
import { type Insertable, sql, type Transaction } from 'kysely';
import type { AccountsTable, Database } from '../db/schema.ts';
import { NEW_ACCOUNT_DEFAULTS } from '../modules/identity/index.ts';
import { addRange, DRAMA_RANGES, OFCOM_DRAMA_SOURCE } from '../modules/numbering/index.ts';
import { type FileStore, fileKey } from '../platform/file-store.ts';
import type { Tenancy } from '../platform/tenancy.ts';
import { mp3Of, TUNES, wavOf } from './audio.ts';
import { seedCallRecordings } from './call-recording.ts';

import { demoCalls, moveDemoCalls, seedCallRecords } from './call-records.ts';
import { seedInternational } from './international.ts';
import { seedLedger } from './ledger.ts';
import { seedPlatformServers } from './platform-servers.ts';
import { seedPorting } from './porting.ts';
import { seedRouting } from './routing.ts';
import { seedSeats } from './seats.ts';
import { seedSipTrunks } from './sip-trunks.ts';
import { seedSms } from './sms.ts';
import { seedTelephoneNumbers } from './telephone-numbers.ts';
import { seedTimeProfiles } from './time-profiles.ts';
import { moveVoicemailClock, seedVoicemail } from './voicemail.ts';

export const DEMO_PASSWORD = 'Switchboard-1';

/** The features an ordinary customer account holder is granted (a registered account's holder gets the same). */
const CUSTOMER_FEATURES: number[] = [...ACCOUNT_HOLDER_FEATURES];

/** What the read-only demo user is not granted at all. */
const VIEWER_WITHHELD: number[] = [
  FEATURES.seatsCallRestrictions,
  FEATURES.sipTrunksCallRestrictions,
  FEATURES.softphone,
];

function grants(features: number[], mask: number): Array<[number, number]> {
  return [...features.map((f): [number, number] => [f, mask]), [FEATURES.betaPanel, MASK.readOnly]];
}

type AccountSeed = Pick<AccountsTable, 'account_no' | 'parent' | 'account_type' | 'account_kind'> &
  Partial<Omit<Insertable<AccountsTable>, 'created_at'>>;

/** An account row with the defaults filled in. */
function account(seed: AccountSeed): Insertable<AccountsTable> {
  return {
    first_name: '',
    surname: '',
    company: '',
    address_line1: '',
    address_line2: '',
    address_city: '',
    address_county: '',
    address_country: 'United Kingdom',
    address_postcode: '',
    telephone: '',
    fax: '',
    mobile: '',
    email: '',
    end_user_type: '0',
    vulnerable_person: false,
    ...NEW_ACCOUNT_DEFAULTS,
    ...seed,
  };
}

const ACCOUNTS: AccountSeed[] = [
  {
    account_no: 10000,
    parent: 0,
    account_type: 'postpay',
    account_kind: 'standard',
    company: 'Switchboard Telecom Ltd',
    first_name: 'Provider',
    surname: 'Operations',
    email: 'ops@switchboard.example',
    address_line1: '1 Exchange Street',
    address_city: 'Manchester',
    address_postcode: 'M2 7EF',
    telephone: '01612345000',
  },
  {
    account_no: 20000,
    parent: 10000,
    account_type: 'postpay',
    account_kind: 'wholesale',
    company: 'Northern Voice Partners',
    first_name: 'Rachel',
    surname: 'Reid',
    email: 'rachel@northernvoice.example',
    address_line1: '12 Wharf Road',
    address_city: 'Leeds',
    address_postcode: 'LS1 4DL',
    telephone: '01132460000',
    primary_colour: '#2e7d32',
    accent_colour: '#ff8f00',
  },
  {
    account_no: 20001,
    parent: 20000,
    account_type: 'postpay',
    account_kind: 'standard',
    company: 'Harrogate Dental Care',
    first_name: 'Imran',
    surname: 'Shah',
    email: 'imran@harrogatedental.example',
    address_line1: '3 Station Parade',
    address_city: 'Harrogate',
    address_postcode: 'HG1 1TT',
    telephone: '01423500100',
  },
  {
    account_no: 20002,
    parent: 20000,
    account_type: 'prepay',
    account_kind: 'standard',
    company: 'Wetherby Lettings',
    first_name: 'Claire',
    surname: 'Dobson',
    email: 'claire@wetherbylettings.example',
    address_line1: '8 Market Place',
    address_city: 'Wetherby',
    address_postcode: 'LS22 6NE',
    telephone: '01937580200',
  },
  {
    account_no: 30000,
    parent: 10000,
    account_type: 'postpay',
    account_kind: 'retail',
    company: 'Acme Plumbing Ltd',
    first_name: 'Alice',
    surname: 'Morgan',
    email: 'alice@acmeplumbing.example',
    address_line1: '45 Canal Street',
    address_city: 'Birmingham',
    address_postcode: 'B1 2JR',
    telephone: '01214960000',
    extension_digits: 3,
  },
  {
    account_no: 30001,
    parent: 10000,
    account_type: 'prepay',
    account_kind: 'standard',
    company: 'Bella Hair Studio',
    first_name: 'Priya',
    surname: 'Patel',
    email: 'priya@bellahair.example',
    address_line1: '7 High Street',
    address_city: 'Bristol',
    address_postcode: 'BS1 2AW',
    telephone: '01179460000',
  },
];

interface UserSeed {
  username: string;
  account_no: number;
  name: string;
  surname: string;
  email: string;
  is_holder: boolean;
  permissions: Array<[number, number]>;
}

const ADMIN_FEATURES = [
  ...CUSTOMER_FEATURES,
  FEATURES.admin,
  FEATURES.vhAdmin,
  FEATURES.vhCustomers,
  FEATURES.wholesaleCustomers,
  FEATURES.wholesaleAdmin,
  FEATURES.highRisk,
  FEATURES.cpAdmin,
];
const RESELLER_FEATURES = [...CUSTOMER_FEATURES, FEATURES.wholesaleCustomers, FEATURES.wholesaleAdmin];

export const DEMO_USERS: UserSeed[] = [
  {
    username: 'admin',
    account_no: 10000,
    name: 'Sam',
    surname: 'Okafor',
    email: 'sam.okafor@switchboard.example',
    is_holder: true,
    permissions: grants(ADMIN_FEATURES, MASK.all),
  },
  {
    username: 'reseller',
    account_no: 20000,
    name: 'Rachel',
    surname: 'Reid',
    email: 'rachel@northernvoice.example',
    is_holder: true,
    permissions: grants(RESELLER_FEATURES, MASK.all),
  },
  {
    username: 'harrogate',
    account_no: 20001,
    name: 'Imran',
    surname: 'Shah',
    email: 'imran@harrogatedental.example',
    is_holder: true,
    permissions: grants(CUSTOMER_FEATURES, MASK.all),
  },
  {
    username: 'wetherby',
    account_no: 20002,
    name: 'Claire',
    surname: 'Dobson',
    email: 'claire@wetherbylettings.example',
    is_holder: true,
    permissions: grants(CUSTOMER_FEATURES, MASK.all),
  },
  {
    username: 'retail',
    account_no: 30000,
    name: 'Alice',
    surname: 'Morgan',
    email: 'alice@acmeplumbing.example',
    is_holder: true,
    permissions: grants([...CUSTOMER_FEATURES, FEATURES.highRisk], MASK.all),
  },
  {
    username: 'prepay',
    account_no: 30001,
    name: 'Priya',
    surname: 'Patel',
    email: 'priya@bellahair.example',
    is_holder: true,
    permissions: grants(CUSTOMER_FEATURES, MASK.all),
  },
  {
    username: 'viewer',
    account_no: 30000,
    name: 'Victor',
    surname: 'Hale',
    email: 'victor@acmeplumbing.example',
    is_holder: false,
    // Read-only, and without the call-restriction and softphone sections (they show the section message).
    permissions: grants(
      CUSTOMER_FEATURES.filter((f) => !VIEWER_WITHHELD.includes(f)),
      MASK.readOnly,
    ),
  },
];

const SYSTEM_PROMPTS = [
  'Welcome to our company',
  'Sorry, this number cannot take your call',
  'Your call has been barred',
  'Please hold while we connect you',
  'We are currently closed',
];

/** Seeds the demo provider into an empty database (through the escape hatch: it spans accounts). */
export async function seedDemo(tenancy: Tenancy, files?: FileStore): Promise<boolean> {
  const existing = await tenancy.crossAccount('seed', (tx) =>
    tx.selectFrom('accounts').select('account_no').limit(1).executeTakeFirst(),
  );
  if (existing) return false;
  // One hash per user (argon2 draws a salt for each): no two users share a hash, so one cracked
  // hash or a look-up of equal hashes tells nothing about another user. Hashed side by side (the
  // native hashes run on libuv's threads), before the transaction opens.
  const users = await Promise.all(DEMO_USERS.map(async (u) => ({ ...u, passwordHash: await hash(DEMO_PASSWORD) })));
  await tenancy.crossAccount('seed', async (trx) => {
    await trx.insertInto('accounts').values(ACCOUNTS.map(account)).execute();
    // Balances are the ledger's sums: the demo's months of top-ups and charges.
    await seedLedger(trx);
    for (const { permissions, passwordHash, ...user } of users) {
      const row = await trx
        .insertInto('users')
        .values({ ...user, password_hash: passwordHash, enabled: true, avatar: null, avatar_mime: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('user_permissions')
        .values(permissions.map(([feature_id, mask]) => ({ user_id: row.id, feature_id, mask })))
        .execute();
    }
    await trx
      .insertInto('prompts')
      .values(SYSTEM_PROMPTS.map((name) => ({ account_no: null, name })))
      .execute();
    const [greeting] = await trx
      .insertInto('prompts')
      .values([
        { account_no: 30000, name: 'Acme main greeting' },
        { account_no: 30001, name: 'Bella salon greeting' },
      ])
      .returning(['id', 'account_no'])
      .execute();
    const barred = await trx
      .selectFrom('prompts')
      .select('id')
      .where('name', '=', 'Your call has been barred')
      .executeTakeFirstOrThrow();

    const lists = [
      {
        account_no: 30000,
        name: 'Nuisance callers',
        description: 'Numbers blocked after repeated cold calls',
        prompt_id: barred.id,
        numbers: ['01614960123', '02079460456', '07700900111', '08449460999'],
      },
      {
        account_no: 30000,
        name: 'Priority customers',
        description: 'Trade accounts routed to the senior team',
        prompt_id: greeting?.id ?? null,
        numbers: ['01214960555', '01214960556', '07700900222'],
      },
      { account_no: 30000, name: 'Out of hours engineers', description: '', prompt_id: null, numbers: ['07700900333'] },
      {
        account_no: 30001,
        name: 'Blocked callers',
        description: 'Withheld and spam callers',
        prompt_id: barred.id,
        numbers: ['01179460777', '07700900444'],
      },
    ];
    for (const { numbers, ...list } of lists) {
      const row = await trx.insertInto('access_lists').values(list).returning('id').executeTakeFirstOrThrow();
      await trx
        .insertInto('access_list_entries')
        .values(numbers.map((number) => ({ account_no: list.account_no, access_list_id: row.id, number })))
        .execute();
    }
    await trx
      .insertInto('mobiles')
      .values([
        { account_no: 30000, description: 'Alice mobile', number: '07700900501', active: true },
        { account_no: 30000, description: 'Van 1 engineer', number: '07700900502', active: true },
        { account_no: 30000, description: 'Van 2 engineer', number: '07700900503', active: false },
        { account_no: 30001, description: 'Salon manager', number: '07700900601', active: true },
      ])
      .execute();
    // The call-routing estate, in dependency order: seats and trunks, then time profiles that route
    // to them, then the numbers that route to all of these.
    await seedSeats(trx);
    await seedSipTrunks(trx);
    await seedTimeProfiles(trx);
    await seedRouting(trx);
    await seedTelephoneNumbers(trx);
    // The number stock the demo can buy from (Ofcom's drama ranges; the numbers above are stocked as held).
    for (const range of DRAMA_RANGES) await addRange(trx, range, OFCOM_DRAMA_SOURCE);
    await seedOutboundClis(trx);
    await seedPorting(trx);
    await seedSms(trx);
    // One month and a bit of calls; the recorded seats' recordings are some of them (files permitting).
    const calls = demoCalls(new Date());
    await seedCallRecords(trx, calls);
    await seedInternational(trx, files);
    await seedPlatformServers(trx);
    if (files) await seedAudio(trx, files);
    if (files) await seedCallRecordings(trx, files, calls);
    if (files) await seedVoicemail(trx, files);
  });
  return true;
}

/**
 * Real audio for the demo's media without a file (the provider's music, the accounts' greetings and
 * hold tune), made now and put in the file store: their players play something.
 */
export async function seedAudio(trx: Transaction<Database>, files: FileStore): Promise<void> {
  const put = async (kind: string, extension: string, bytes: Buffer) =>
    files.put(
      fileKey(kind, extension),
      (async function* () {
        yield bytes;
      })(),
    );
  const music = await trx
    .selectFrom('music_on_hold')
    .select(['id', 'account_no'])
    .where('file_key', 'is', null)
    .execute();
  for (const [i, m] of music.entries()) {
    const stored = await put(
      'music-on-hold',
      'mp3',
      mp3Of(m.account_no === null && i % 2 === 1 ? TUNES.lift : TUNES.hold),
    );
    await trx
      .updateTable('music_on_hold')
      .set({ file_key: stored.key, file_size: stored.size, file_sha256: stored.sha256 })
      .where('id', '=', m.id)
      .execute();
  }
  const prompts = await trx.selectFrom('prompts').select('id').where('file_key', 'is', null).execute();
  for (const p of prompts) {
    const stored = await put('prompts', 'wav', wavOf(TUNES.chime));
    await trx
      .updateTable('prompts')
      .set({ file_key: stored.key, file_size: stored.size, file_sha256: stored.sha256 })
      .where('id', '=', p.id)
      .execute();
  }
}

/**
 * The demo's stamps taken relative to the moment of seeding (desk phones' last check-ins, the
 * training room phone's unlock, registrations' expiry) moved by `ms` — the calls and their recordings
 * by whole days of it (moveDemoCalls) —: a copy of data seeded earlier (the tests' template
 * database, the build's snapshot) then reads as if seeded now. (Keep it with the seed: a new
 * time-relative stamp there belongs here too.)
 */
export async function moveDemoClock(tenancy: Tenancy, ms: number): Promise<void> {
  const by = sql<Date>`make_interval(secs => ${ms / 1000}::float8)`;
  await tenancy.crossAccount('seed', async (trx) => {
    await trx
      .updateTable('seat_devices')
      .set({ last_checkin: sql`last_checkin + ${by}`, unlocked_at: sql`unlocked_at + ${by}` })
      .execute();
    await trx
      .updateTable('seat_registrations')
      .set({ expires_at: sql`expires_at + ${by}` })
      .execute();
    await trx
      .updateTable('trunk_registrations')
      .set({ expires_at: sql`expires_at + ${by}` })
      .execute();
    await moveDemoCalls(trx, ms);
    await moveVoicemailClock(trx, by);
  });
}

/** The demo users whose password is still the published demo password (a deployment must change them). */
export async function usersWithDemoPassword(tenancy: Tenancy): Promise<string[]> {
  const users = await tenancy.crossAccount('startup', (tx) =>
    tx
      .selectFrom('users')
      .select(['username', 'password_hash'])
      .where(
        'username',
        'in',
        DEMO_USERS.map((u) => u.username),
      )
      .execute(),
  );
  const still: string[] = [];
  for (const u of users) if (u.password_hash && (await verify(u.password_hash, DEMO_PASSWORD))) still.push(u.username);
  return still;
}

/** Acme's outbound caller-ID list, given to the softphones of its two vans. */
async function seedOutboundClis(trx: Transaction<Database>): Promise<void> {
  const list = await trx
    .insertInto('outbound_clis')
    .values({
      account_no: 30000,
      name: 'Main line',
      description: 'Softphone users present the main number',
      numbers: JSON.stringify(['01214960000']),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const vans = await trx
    .selectFrom('seats')
    .select('id')
    .where('account_no', '=', 30000)
    .where('nickname', 'in', ['Van 1', 'Van 2'])
    .execute();
  await trx
    .insertInto('seat_outbound_clis')
    .values(vans.map((v) => ({ account_no: 30000, seat_id: v.id, outbound_cli_id: list.id })))
    .execute();
}
