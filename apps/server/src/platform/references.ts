/**
 * References between areas, declared once and checked generically:
 * - 'destination': what routes to a seat, trunk, time profile... ('{type}:{key}' in a column);
 * - 'number': what uses a telephone number (caller ID, emergency location...);
 * - 'row:{table}': what holds the id of a row of that table (a seat's access list); declared by
 *   the field maps' `ref()` fields, which also carry a foreign key with the account.
 * Deleting something referenced is refused with 'In use in {type} {name}' for each use.
 *
 * The queries run in the tenant transaction: row-level security keeps them to the account.
 */
import { MESSAGES } from '@switchboard/domain';
import { sql } from 'kysely';
import { HttpError } from './errors.ts';
import type { FieldDef } from './fields.ts';
import type { Tx } from './tenancy.ts';

export type ReferenceKind = 'destination' | 'number' | `row:${string}`;

export interface Reference {
  kind: ReferenceKind;
  /** The referring table. */
  table: string;
  /** The column holding the destination value, the telephone number or the id. */
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
  /** A trusted SQL expression of the referring row's page in the panel ('/seats/' || seats.id). */
  link?: string;
}

/** How an area's rows are named where they use something ('Seat', SQL of the name and page). */
export type UsageDef = Pick<Reference, 'type' | 'name' | 'link'>;

export interface Usage {
  type: string;
  name: string;
  /** The referring row's page in the panel, where it has one. */
  link?: string;
}

export class ReferenceRegistry {
  readonly #refs: Reference[] = [];

  add(...refs: Reference[]): void {
    this.#refs.push(...refs);
  }

  /**
   * What the rows of `table` use, by their fields (`references` a row's id, `uses` a destination or
   * a number), so that a delete elsewhere names them as `usage` says.
   */
  addUses(table: string, fields: Readonly<Record<string, FieldDef>>, usage: UsageDef): void {
    for (const d of Object.values(fields)) {
      if (d.references && d.column) this.add({ kind: `row:${d.references.table}`, table, column: d.column, ...usage });
      if (d.uses && d.column) {
        const holds = d.uses.many ? 'jsonArray' : 'value';
        this.add({ kind: d.uses.kind, table, column: d.column, holds, ...usage });
      }
    }
  }

  /** The references of one kind (e.g. what holds a music's id), for counts and usage lists. */
  of(kind: ReferenceKind): readonly Reference[] {
    return this.#refs.filter((r) => r.kind === kind);
  }

  /** Every use of `value` in the account (a row using it in several columns is named once). */
  async usages(tx: Tx, kind: ReferenceKind, value: string | number): Promise<Usage[]> {
    return (await this.usagesOf(tx, kind, [value])).get(String(value)) ?? [];
  }

  /**
   * The uses of each of `values` (by the value as text): one statement per reference whatever the
   * number of values (a bulk delete checks its rows together). Each value's list is as `usages`.
   */
  async usagesOf(tx: Tx, kind: ReferenceKind, values: ReadonlyArray<string | number>): Promise<Map<string, Usage[]>> {
    const out = new Map<string, Usage[]>();
    const wanted = [...new Set(values.map(String))];
    if (wanted.length === 0) return out;
    const seen = new Set<string>();
    for (const ref of this.#refs.filter((r) => r.kind === kind)) {
      const column = sql.ref(`${ref.table}.${ref.column}`);
      const query =
        ref.holds === 'jsonArray'
          ? sql<{ value: string; name: string; link: string | null }>`
            select held.value as value, ${sql.raw(ref.name)} as name, ${sql.raw(ref.link ?? 'null')} as link
            from ${sql.table(ref.table)} cross join lateral jsonb_array_elements_text(${column}) as held(value)
            where jsonb_typeof(${column}) = 'array' and ${column} ?| ${sql.val(wanted)}::text[]
              and held.value in (${sql.join(wanted)})
            order by 2`
          : sql<{ value: string; name: string; link: string | null }>`
            select (${column})::text as value, ${sql.raw(ref.name)} as name, ${sql.raw(ref.link ?? 'null')} as link
            from ${sql.table(ref.table)}
            where ${column} in (${sql.join(values.filter((v, i) => values.indexOf(v) === i))})
            order by 2`;
      const rows = await query.execute(tx);
      for (const row of rows.rows) {
        const key = `${row.value}\u0000${ref.type}\u0000${row.name}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const list = out.get(row.value) ?? [];
        list.push({ type: ref.type, name: String(row.name), ...(row.link ? { link: String(row.link) } : {}) });
        out.set(row.value, list);
      }
    }
    return out;
  }

  /** Refuses (409) when there are uses, naming each. */
  refuseIfUsed(uses: Usage[]): void {
    if (uses.length > 0) throw inUseError(uses);
  }

  /**
   * Refuses (409) when anything uses `values` (looked up together, e.g. the numbers of a bulk
   * delete), naming each use of the first one used.
   */
  async assertUnused(tx: Tx, kind: ReferenceKind, values: ReadonlyArray<string | number>): Promise<void> {
    const uses = await this.usagesOf(tx, kind, values);
    for (const value of values) this.refuseIfUsed(uses.get(String(value)) ?? []);
  }
}

/** 409 naming each use ('In use in Seat 201'); `message`, where the spec words the refusal itself. */
export function inUseError(uses: Usage[], message?: string): HttpError {
  const messages = uses.map((u) => MESSAGES.inUseIn(u.type, u.name));
  const error = new HttpError(409, message ?? messages.join('\n'));
  (error as HttpError & { usages?: string[] }).usages = messages;
  return error;
}
