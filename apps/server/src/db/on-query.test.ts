/** openDatabase's onQuery: each statement as sent, after every plugin (bench:scale times the lists' own). */
import { type CompiledQuery, SelectQueryNode, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { queryPlugin } from '../platform/list.ts';
import { onPostgres, pgliteTemplateDump } from '../test/harness.ts';
import { openDatabase } from './database.ts';

/** A plugin that rewrites a select's limit: what a listener sees must be the rewritten statement. */
const limitedToOne = queryPlugin((node) =>
  SelectQueryNode.is(node) ? { ...node, limit: { kind: 'LimitNode', limit: sql.lit(1).toOperationNode() } } : node,
);

describe('onQuery', () => {
  it('is told of every statement with its parameters as sent, transactions included', async () => {
    const seen: CompiledQuery[] = [];
    const handle = await openDatabase({
      databaseUrl: onPostgres ? process.env.TEST_DATABASE_URL : undefined,
      dataDir: 'memory',
      loadDataDir: onPostgres ? undefined : pgliteTemplateDump(),
      onQuery: (query) => seen.push(query),
    });
    try {
      const rows = await handle.db
        .withPlugin(limitedToOne)
        .selectFrom(sql<{ n: number }>`(values (1), (2), (3))`.as('v'))
        .select(sql<number>`v.column1`.as('n'))
        .where(sql`v.column1`, '>', 0)
        .execute();
      expect(rows).toHaveLength(1);
      expect(seen.at(-1)?.sql).toMatch(/limit 1$/);
      expect(seen.at(-1)?.parameters).toEqual([0]);
      await handle.db.transaction().execute((tx) => sql`select 2`.execute(tx));
      expect(seen.at(-1)?.sql).toBe('select 2');
    } finally {
      await handle.close();
    }
  });
});
