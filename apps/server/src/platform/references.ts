/**
 * References between areas, declared once and checked generically:
 * - destinations: what routes to a seat, trunk, time profile... ('{type}:{key}' in a column);
 * - numbers: what uses a telephone number (caller ID, emergency location...).
 * Deleting something referenced is refused with 'In use in {type} {name}' for each use.
 */
import { MESSAGES } from '@switchboard/domain';
import { sql } from 'kysely';
import type { DB } from '../db/database.ts';
import { HttpError } from './errors.ts';

export interface Reference {
  kind: 'destination' | 'number';
  /** The referring table (must have account_no). */
  table: string;
  /** The column holding the destination value or the telephone number. */
  column: string;
  /**
   * How the column holds the value: 'value' (default) the column equals it; 'jsonArray' the
   * column is a jsonb array of values that contains it (e.g. a seat's outbound CLI list).
   */
  holds?: 'value' | 'jsonArray';
  /** How the referrer is named in the refusal: 'Telephone Number', 'Seat', ... */
  type: string;
  /** A trusted SQL expression naming the referring row. */
  name: string;
}

export interface Usage {
  type: string;
  name: string;
}

export class ReferenceRegistry {
  readonly #refs: Reference[] = [];

  add(...refs: Reference[]): void {
    this.#refs.push(...refs);
  }

  /** Every use of `value` within the account (a row using it in several columns is named once). */
  async usages(db: DB, accountNo: number, kind: Reference['kind'], value: string): Promise<Usage[]> {
    const out: Usage[] = [];
    const seen = new Set<string>();
    for (const ref of this.#refs.filter((r) => r.kind === kind)) {
      const column = sql.ref(ref.column);
      const match =
        ref.holds === 'jsonArray'
          ? sql`jsonb_typeof(${column}) = 'array' and ${column} @> ${JSON.stringify([value])}::jsonb`
          : sql`${column} = ${value}`;
      const rows = await sql<{ name: string }>`
        select ${sql.raw(ref.name)} as name from ${sql.table(ref.table)}
        where account_no = ${accountNo} and ${match}
        order by 1`.execute(db);
      for (const row of rows.rows) {
        const key = `${ref.type}\u0000${row.name}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ type: ref.type, name: String(row.name) });
      }
    }
    return out;
  }

  /** Refuses (409) when anything uses `value`, listing each use. */
  async assertUnused(db: DB, accountNo: number, kind: Reference['kind'], value: string): Promise<void> {
    const uses = await this.usages(db, accountNo, kind, value);
    if (uses.length > 0) throw inUseError(uses);
  }
}

export function inUseError(uses: Usage[]): HttpError {
  const messages = uses.map((u) => MESSAGES.inUseIn(u.type, u.name));
  const error = new HttpError(409, messages.join('\n'));
  (error as HttpError & { usages?: string[] }).usages = messages;
  return error;
}
