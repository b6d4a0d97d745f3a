/**
 * The demo's advice of transfer: a pending porting-away request for Acme's 'Sales' number (account
 * 30000) with a FIXED key, so the README can link its page:
 * http://localhost:3000/AOT?key=DemoAdviceOfTransfer-Acme-30000&response=accept. A real request's
 * key is 256 random bits (features/porting); this one is public on purpose and valid for a year
 * from the seeding.
 */
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import '../features/porting/tables.ts';
import { hashKey } from '../features/porting/porting.logic.ts';

export const DEMO_AOT_KEY = 'DemoAdviceOfTransfer-Acme-30000';

export async function seedPorting(trx: Transaction<Database>): Promise<void> {
  const sales = await trx
    .selectFrom('telephone_numbers')
    .select(['id', 'number'])
    .where('account_no', '=', 30000)
    .where('number', '=', '01214960001')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('porting_requests')
    .values({
      account_no: 30000,
      telephone_number_id: sales.id,
      number: sales.number,
      date_porting: sql<string>`(now() at time zone 'Europe/London')::date + 21`,
      aot_response: null,
      aot_date_response: null,
      date_rejected: null,
      date_cancelled: null,
      reason: null,
      responder_name: null,
      company_name: null,
      key_hash: hashKey(DEMO_AOT_KEY),
      expires_at: sql<Date>`now() + interval '365 days'`,
      raised_by: null,
    })
    .execute();
}
