/**
 * Issue 11: an index for every sortable or filterable column of every list, so that a sorted or
 * filtered page of a large account is read in order from an index rather than sorting or reading
 * every row of the account. A column of the list's own table counts; a computed one (a count, a
 * status) cannot have one. Each index leads with the account (or is the column's own).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredLists } from '../areas.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

describe('list indexes', () => {
  it('every sortable or filterable column of a list’s own table leads an index, after the account', async () => {
    const { rows } = await sql<{ table: string; columns: Array<string | null> }>`
      select t.relname as table, array_agg(a.attname::text order by k.ord) as columns
      from pg_index i
      join pg_class t on t.oid = i.indrelid
      cross join lateral unnest(i.indkey::int2[]) with ordinality k(attnum, ord)
      left join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
      where t.relnamespace = 'public'::regnamespace
      group by i.indexrelid, t.relname`.execute(t.database.db);
    const leads = (table: string, column: string) =>
      rows.some(
        (r) =>
          r.table === table && (r.columns[0] === column || (r.columns[0] === 'account_no' && r.columns[1] === column)),
      );
    const lists = t.app.platform.lists;
    expect(lists.length).toBeGreaterThan(15);
    const missing: string[] = [];
    let checked = 0;
    for (const { area, table, fields } of lists) {
      for (const [name, def] of Object.entries(fields)) {
        if (!def.sortable && !def.filterable) continue;
        if (def.column === undefined || def.sql !== `${table}.${def.column}`) continue; // computed or joined
        checked++;
        if (!leads(table, def.column)) missing.push(`${area}.${name} (${table}.${def.column})`);
      }
    }
    expect(checked).toBeGreaterThan(80);
    expect(missing).toEqual([]);
  });

  it('every list’s field map is one its area declares, so its indexes are derived (platform/list-indexes.ts)', () => {
    const declared = new Set<object>(declaredLists());
    const undeclared = t.app.platform.lists.filter((l) => !declared.has(l.fields)).map((l) => `${l.area} (${l.table})`);
    expect(undeclared).toEqual([]);
  });
});
