/**
 * Named (prepared) statements on PostgreSQL (issue 11: the server's own cost per request). Kysely's
 * driver sends every statement unnamed, so the server parses and plans it again each time: for a
 * list's decorating query (some fifty columns and sub-queries) that is over a millisecond of a
 * request's eight. This connection class names each parameterised statement the first time it
 * sees its text, so later runs on the connection skip the parse and, once PostgreSQL's plan cache
 * settles on a generic plan, the planning too.
 *
 * - Only statements with parameters: those go by the extended protocol anyway; the tenancy's
 *   set-up statement (no parameters, several statements in one message) stays simple.
 * - At most `max` names a connection; texts beyond them run unnamed (a statement per connection is
 *   a few kilobytes of the server's memory; the texts of lists, reads and writes number in the
 *   hundreds). 0 turns naming off: behind a pooler in transaction mode that does not track them
 *   (PgBouncer before 1.21), `DB_PREPARED_STATEMENTS=0`.
 * - Correctness stays PostgreSQL's: a cached plan is re-planned when a table it reads changes, or
 *   when the role differs (row-level security is part of the plan).
 */
import pg from 'pg';

/** A pg client class naming up to `max` parameterised statement texts of each connection. */
export function preparingClient(max: number): typeof pg.Client {
  return class PreparingClient extends pg.Client {
    readonly #names = new Map<string, string>();
    // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; this passes each through.
    override query(config: any, values?: any, callback?: any): any {
      if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
        const name = this.#nameOf(config);
        if (name) return super.query({ name, text: config, values }, callback);
      }
      return super.query(config, values, callback);
    }
    #nameOf(text: string): string | undefined {
      const known = this.#names.get(text);
      if (known !== undefined || this.#names.size >= max) return known;
      const name = `sb_${this.#names.size}`;
      this.#names.set(text, name);
      return name;
    }
  };
}
