/**
 * The benchmarks' estate: `seats` seats (extensions from 20000, half of them registered, some on
 * softphones, a third with one of the numbers as their emergency CLI) and `numbers` telephone numbers
 * (every other one with an emergency address: a sixth of the seats located) loaded into the demo
 * account 30000, demo data seeded first.
 */
import { type RawBuilder, sql } from 'kysely';
import type { Tenancy } from '../apps/server/src/platform/tenancy.ts';

export const ACCOUNT = 30000;
export const FIRST_EXT = 20000;

/** The estate's `g`th telephone number. */
const numberOf = (g: RawBuilder<unknown>) => sql`'0300' || lpad((${g})::text, 7, '0')`;

export async function loadEstate(tenancy: Tenancy, seats: number, numbers: number): Promise<void> {
  // A third of the seats give one of the numbers as their emergency CLI (none when there are none).
  const emergencyCli =
    numbers > 0 ? sql`case when g % 3 = 0 then ${numberOf(sql`g % ${numbers}`)} else '' end` : sql`''`;
  await tenancy.crossAccount('seed', async (tx) => {
    await sql`update accounts set extension_digits = 5 where account_no = ${ACCOUNT}`.execute(tx);
    for (let start = 0; start < seats; start += 5000) {
      const end = Math.min(seats, start + 5000) - 1;
      // Nicknames in another order than the extensions; some seats in advanced voicemail or recorded.
      await sql`insert into seats (account_no, extension, name, secret, unique_string, nickname, caller_id_name,
          caller_id_number, vm_mode, call_recording, vm_email, emergency_service_cid)
        select ${ACCOUNT}, ${FIRST_EXT} + g, ${`${ACCOUNT}*`} || (${FIRST_EXT} + g), md5('s' || g), md5('u' || g),
          'D ' || substr(md5(g::text), 1, 8), 'Desk ' || g, '', case when g % 10 = 0 then 0 else 1 end,
          case when g % 7 = 0 then 1 else 0 end, 'desk' || g || '@example.com', ${emergencyCli}
        from generate_series(${start}::int, ${end}::int) g`.execute(tx);
    }
    // Half the seats registered (the status columns read the registrations).
    await sql`insert into seat_registrations (account_no, seat_id, kind, user_agent, ipaddr, port, expires_at)
      select account_no, id, 'desk', 'Yealink T54W', '81.2.69.' || (id % 200), 5060, now() + interval '1 hour'
      from seats where account_no = ${ACCOUNT} and extension >= ${FIRST_EXT} and id % 2 = 0`.execute(tx);
    // Softphones: a fifth of the seats on a desktop one, a seventh on a mobile one (a few expired).
    await sql`insert into seat_registrations (account_no, seat_id, kind, user_agent, ipaddr, port, expires_at)
      select account_no, id, k.kind, 'Softphone', '10.0.0.' || (id % 200), 5060,
        now() + case when id % 3 = 0 then interval '-1 hour' else interval '1 hour' end
      from seats, (values ('desktop', 5), ('mobile', 7)) k(kind, every)
      where account_no = ${ACCOUNT} and extension >= ${FIRST_EXT} and id % k.every = 0`.execute(tx);
    for (let start = 0; start < numbers; start += 5000) {
      const end = Math.min(numbers, start + 5000) - 1;
      await sql`insert into telephone_numbers (account_no, number, nickname, destination, ems_postcode)
        select ${ACCOUNT}, ${numberOf(sql`g`)}, 'N ' || g,
          case when g % 5 = 0 then '' else 'seat:' || (${FIRST_EXT} + g % ${seats}) end,
          case when g % 2 = 0 then 'B1 2JR' else '' end
        from generate_series(${start}::int, ${end}::int) g`.execute(tx);
    }
  });
}

/** The first of the other accounts' numbers (loadOtherAccounts): clear of the demo's. */
export const OTHER_ACCOUNTS_FROM = 41000;

/**
 * The rest of a platform: `seats` more seats in other accounts of the demo account's reseller, at
 * most `perAccount` each (extensions from 20000, half of them registered), so that the bench account's
 * figures are read beside a platform of e.g. 200,000 seats (issue 25). Answers how many accounts.
 */
export async function loadOtherAccounts(tenancy: Tenancy, seats: number, perAccount = 20_000): Promise<number> {
  const accounts = Math.ceil(seats / perAccount);
  await tenancy.crossAccount('seed', async (tx) => {
    for (let k = 0; k < accounts; k++) {
      const accountNo = OTHER_ACCOUNTS_FROM + k;
      const count = Math.min(perAccount, seats - k * perAccount);
      await sql`insert into accounts (account_no, parent, account_type, account_kind, company, extension_digits)
        select ${accountNo}, parent, account_type, account_kind, ${`Bench customer ${k + 1}`}, 5
        from accounts where account_no = ${ACCOUNT}`.execute(tx);
      for (let start = 0; start < count; start += 5000) {
        const end = Math.min(count, start + 5000) - 1;
        await sql`insert into seats (account_no, extension, name, secret, unique_string, nickname, caller_id_name,
            caller_id_number, vm_mode, vm_email)
          select ${accountNo}, ${FIRST_EXT} + g, ${`${accountNo}*`} || (${FIRST_EXT} + g), md5('o' || g), md5(${`${accountNo}`} || g),
            'D ' || substr(md5(g::text), 1, 8), 'Desk ' || g, '', 1, 'desk' || g || '@example.net'
          from generate_series(${start}::int, ${end}::int) g`.execute(tx);
      }
      await sql`insert into seat_registrations (account_no, seat_id, kind, user_agent, ipaddr, port, expires_at)
        select account_no, id, 'desk', 'Yealink T54W', '81.2.70.' || (id % 200), 5060, now() + interval '1 hour'
        from seats where account_no = ${accountNo} and id % 2 = 0`.execute(tx);
    }
  });
  return accounts;
}
