/**
 * Migration 052: the seats' six trigram indexes (one for each searched column) replaced by one over
 * the stored search text, which an edit updates at once (fastupdate off: no pending list for every
 * search to read until a vacuum, issue 25); a trigram search uses it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exemptFromChangeEvents } from '../../platform/outbox.ts';
import { createTestContext, json, type TestContext } from '../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

describe('the seats’ search index', () => {
  it('is one trigram index over search_text (and the pickers’ one over the seat’s name, 056), with fastupdate off', async () => {
    const { rows } = await sql<{ name: string; definition: string; options: string[] | null }>`
      select c.relname as name, pg_get_indexdef(c.oid) as definition, c.reloptions as options
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = 'seats'::regclass and pg_get_indexdef(c.oid) like '%gin_trgm_ops%'`.execute(t.database.db);
    expect(rows.map((r) => r.name).sort()).toEqual(['seats_destination_label_trgm', 'seats_search_text_trgm']);
    const searchText = rows.find((r) => r.name === 'seats_search_text_trgm');
    expect(searchText?.definition).toMatch(/USING gin \(search_text gin_trgm_ops\)/);
    for (const r of rows) expect(r.options).toEqual(['fastupdate=off']);
    const numbers = await sql<{ options: string[] | null }>`select c.reloptions as options from pg_class c
      where c.relname like 'telephone_numbers_%_trgm'`.execute(t.database.db);
    expect(numbers.rows.length).toBeGreaterThan(0);
    for (const r of numbers.rows) expect(r.options).toEqual(['fastupdate=off']);
  });

  it('app_search_ids plans without index-only scans (058: no walk of the account for a common term)', async () => {
    // Its index path, app_search_candidates since migration 068.
    const { rows } = await sql<{ config: string[] | null }>`select proconfig as config from pg_proc
      where proname = 'app_search_candidates'`.execute(t.database.db);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.config).toContain('enable_indexonlyscan=off');
  });

  it('finds what the six columns held, whatever their case, after an edit', async () => {
    const retail = await t.login('retail');
    const list = async (search: string) => {
      const res = await t.api('POST', '/seat/0/15', retail, { search });
      expect(res.statusCode, res.body).toBe(200);
      return json<{ records: Array<{ extension: number }> }>(res).records.map((r) => r.extension);
    };
    const seats = json<{ records: Array<{ id: number; extension: number }> }>(
      await t.api('POST', '/seat/0/1', retail, {}),
    ).records;
    const seat = seats[0];
    if (!seat) throw new Error('no seat');
    await t.app.platform.tenancy.tenant(30000, async (tx) => {
      await exemptFromChangeEvents(tx, 'test fixture');
      await sql`update seats set nickname = 'Quokka Desk', caller_id_name = 'Zebra Line' where id = ${seat.id}`.execute(
        tx,
      );
    });
    expect(await list('QUOKKA')).toEqual([seat.extension]);
    expect(await list('bra li')).toEqual([seat.extension]);
    expect(await list(String(seat.extension))).toContain(seat.extension);
    // A term that would span two columns matches nothing.
    expect(await list('desk zebra')).toEqual([]);
  });
});
