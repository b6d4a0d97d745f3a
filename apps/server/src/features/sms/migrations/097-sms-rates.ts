import { type Kysely, sql } from 'kysely';

/**
 * The rate deck's SMS rate (issue 28): hundredths of a penny per message part, by the same prefixes
 * as calls (rating.ts `priceSms`: the longest prefix names the destination; null, a landline or a
 * freephone range, takes no texts). The provider's SMS price list, November 2026: UK mobiles 4p a
 * part, the Isle of Man's 6p, every international destination 8p.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tariff_rates add column sms integer check (sms is null or sms >= 0)`.execute(db);
  await sql`update tariff_rates set sms = case
      when prefix = '447' then 400
      when prefix = '447624' then 600
      when category = 'international' then 800
    end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tariff_rates drop column sms`.execute(db);
}
