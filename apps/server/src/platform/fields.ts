/**
 * The field map: an area declares each API field once — its column (or a read-only SQL
 * expression), its kind, whether lists may sort, search or filter by it, whether it is a secret,
 * what it refers to — and the platform derives from it the SELECT list, the row mapping both ways,
 * the sort / search / filter whitelist and its schema, the secrets blanking and the references a
 * delete must respect.
 *
 * Columns are written unqualified; the map qualifies them with the area's table. Computed
 * expressions are trusted SQL over the area's FROM (never user input).
 */
import { type Action, can, type Resource } from '@switchboard/domain';
import type { RawBuilder } from 'kysely';
import type { z } from 'zod';
import type { AuthContext } from './auth.ts';

export type FieldKind = 'text' | 'number' | 'boolean' | 'json';

export interface FieldOptions {
  sortable?: boolean;
  searchable?: boolean;
  filterable?: boolean;
  /** The expression to sort by when it differs from the shown value (e.g. a formatted date). */
  sortSql?: string;
  /**
   * A secret: sent only to users who `maySee` it; others get '' (the record keeps its shape). A save
   * by such a user that carries '' keeps the stored value.
   */
  secret?: (auth: AuthContext) => boolean;
  /** Written on create only (e.g. the number a seat is created with). */
  createOnly?: boolean;
  /** The stored value of an API value when they differ (e.g. a 1/0 select stored as a boolean). */
  toColumn?: (value: unknown) => unknown;
  /**
   * The field holds a destination ('{type}:{key}') or a telephone number of the account (or, with
   * `many`, a json array of them): deleting what it names is refused while it does.
   */
  uses?: { kind: 'destination' | 'number'; many?: boolean };
  /** The field holds the id of a row of `table` (a mapped field with sentinels, e.g. -1 for none). */
  references?: { table: string };
  /**
   * A filter other than equality (with `filterable`): the value's rule and the condition it stands
   * for — a month of the call records is a range of their start, which its index and the
   * partitions serve, where `to_char(start) = month` would read every row.
   */
  filterBy?: {
    value: z.ZodType<string>;
    message: string;
    where: (value: string) => RawBuilder<boolean>;
    /**
     * The part of the table's kept count (db/list-counts.ts, migration 104) that holds exactly the
     * rows this filter keeps: the list's total when it is the list's only condition.
     */
    keptPart?: (value: string) => string;
  };
}

export interface FieldDef extends FieldOptions {
  kind: FieldKind;
  /** Written, never read back (e.g. a voicemail PIN: the record says only whether one is set). */
  writeOnly?: { keepWhenEmpty: boolean };
  /** The SELECT expression (qualified). */
  sql: string;
  /** The column written from this field; none for computed fields. */
  column?: string;
  /** A member of a json column: written together with the column's other members. */
  member?: { column: string; key: string };
  /** A reference to a row of another table of the account (a foreign key with the account). */
  references?: { table: string };
}

/** The declaration helpers; the map qualifies column names with the table. */
export type Builder = (table: string) => FieldDef;

const column =
  (kind: FieldKind) =>
  (name: string, options: FieldOptions = {}): Builder =>
  (table) => ({ ...options, kind, sql: `${table}.${name}`, column: name });

export const field = {
  text: column('text'),
  number: column('number'),
  boolean: column('boolean'),
  json: column('json'),
  /** The row id (read only). */
  id: (): Builder => (table) => ({ kind: 'number', sql: `${table}.id` }),
  /** The row's version (read only; every update increments it). */
  version: (): Builder => (table) => ({ kind: 'number', sql: `${table}.version` }),
  /** A read-only SQL expression over the area's FROM. */
  computed:
    (sql: string, kind: FieldKind, options: FieldOptions = {}): Builder =>
    () => ({ ...options, kind, sql }),
  /**
   * A column read through an expression (e.g. a timestamp shown as 'DD/MM/YYYY HH:mm'): written
   * from the API value with `toColumn`, read with `readSql` (its {col} is the qualified column).
   */
  mapped:
    (name: string, readSql: string, kind: FieldKind, options: FieldOptions = {}): Builder =>
    (table) => ({ ...options, kind, sql: readSql.replaceAll('{col}', `${table}.${name}`), column: name }),
  /** A key of a json(b) column; written as part of the whole column. */
  member:
    (jsonColumn: string, key: string, kind: 'text' | 'boolean' | 'number', options: FieldOptions = {}): Builder =>
    (table) => {
      const raw = `${table}.${jsonColumn}->>'${key}'`;
      const sql =
        kind === 'text'
          ? `coalesce(${raw}, '')`
          : kind === 'boolean'
            ? `coalesce((${raw})::boolean, false)`
            : `(${raw})::numeric`;
      return { ...options, kind, sql, member: { column: jsonColumn, key } };
    },
  /**
   * An input-only field (not in the record): written to `name`; with keepWhenEmpty, '' leaves the
   * stored value (a PIN field left blank).
   */
  writeOnly:
    (name: string, options: FieldOptions & { keepWhenEmpty?: boolean } = {}): Builder =>
    (table) => ({
      ...options,
      kind: 'text',
      sql: `${table}.${name}`,
      column: name,
      writeOnly: { keepWhenEmpty: options.keepWhenEmpty ?? false },
    }),
  /** A nullable id of another table's row of the same account. */
  ref:
    (name: string, target: string, options: FieldOptions = {}): Builder =>
    (table) => ({ ...options, kind: 'number', sql: `${table}.${name}`, column: name, references: { table: target } }),
};

/** A versioned record's id and version (the domain's versionedRecordFields), spread first in its map. */
export const versionedFields = { id: field.id(), version: field.version() };

export type FieldMap<Rec> = { readonly [K in keyof Rec & string]: FieldDef };

/**
 * The map of `table`: every record field declared, columns qualified; `WriteOnly` names the
 * input-only fields (declared with field.writeOnly) that are written but not part of the record.
 */
export function fieldMap<Rec, WriteOnly extends string = never>(
  table: string,
  builders: { [K in (keyof Rec & string) | WriteOnly]: Builder },
): FieldMap<Rec> {
  const out: Record<string, FieldDef> = {};
  for (const [name, build] of Object.entries(builders) as Array<[string, Builder]>) out[name] = build(table);
  tables.set(out, table);
  return out as FieldMap<Rec>;
}

const tables = new WeakMap<object, string>();

/** The table a field map reads (the one it was declared for). */
export function tableOf(fields: object): string {
  const table = tables.get(fields);
  if (table === undefined) throw new Error('tableOf: not a field map made by fieldMap()');
  return table;
}

const readableOf = new WeakMap<object, Array<[string, FieldDef]>>();

/** The fields read back (every field but the write-only ones); worked out once a map. */
export function readable<Rec>(fields: FieldMap<Rec>): Array<[string, FieldDef]> {
  let entries = readableOf.get(fields);
  if (!entries) {
    entries = (Object.entries(fields) as Array<[string, FieldDef]>).filter(([, d]) => !d.writeOnly);
    readableOf.set(fields, entries);
  }
  return entries;
}

/** A database row (aliased by API name) as the API's record: numbers as numbers, booleans as booleans. */
export function recordFrom<Rec>(fields: FieldMap<Rec>, row: Record<string, unknown>): Rec {
  const out: Record<string, unknown> = {};
  for (const [name, def] of readable(fields)) {
    const v = row[name];
    out[name] =
      def.kind === 'number' && v !== null && v !== undefined ? Number(v) : def.kind === 'boolean' ? Boolean(v) : v;
  }
  return out as Rec;
}

/**
 * The columns written for `values` (API names): every writable field present in it, json kinds
 * serialised, the members of a json column merged into that column (`current` supplies the members
 * a partial write leaves alone). Fields the map does not know are ignored (e.g. a create body's
 * nested softphone user, handled by the area).
 */
export function rowFrom<Rec>(
  fields: FieldMap<Rec>,
  values: Record<string, unknown>,
  options: { create: boolean; current?: Record<string, unknown> | undefined },
): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  const members = new Map<string, Record<string, unknown>>();
  for (const [name, def] of Object.entries(fields) as Array<[string, FieldDef]>) {
    if (!(name in values)) continue;
    if (def.createOnly && !options.create) continue;
    const raw = values[name];
    if (def.writeOnly?.keepWhenEmpty && (raw === '' || raw === null || raw === undefined)) continue;
    const value = def.toColumn ? def.toColumn(raw) : raw;
    if (def.member) {
      const group = members.get(def.member.column) ?? {};
      group[def.member.key] = value;
      members.set(def.member.column, group);
    } else if (def.column) {
      row[def.column] = def.kind === 'json' && value !== null ? JSON.stringify(value) : value;
    }
  }
  for (const [jsonColumn, group] of members) {
    const kept: Record<string, unknown> = {};
    if (options.current) {
      for (const [name, def] of Object.entries(fields) as Array<[string, FieldDef]>) {
        if (def.member?.column === jsonColumn && !(def.member.key in group))
          kept[def.member.key] = options.current[name];
      }
    }
    row[jsonColumn] = JSON.stringify({ ...kept, ...group });
  }
  return row;
}

/** The names of the fields with an option set (the list whitelist). */
export function fieldsWith<Rec>(fields: FieldMap<Rec>, option: 'sortable' | 'searchable' | 'filterable'): string[] {
  return (Object.entries(fields) as Array<[string, FieldDef]>).filter(([, d]) => d[option]).map(([n]) => n);
}

/** The secret fields `auth` may not see. */
export function hiddenSecrets<Rec>(fields: FieldMap<Rec>, auth: AuthContext): string[] {
  return (Object.entries(fields) as Array<[string, FieldDef]>)
    .filter(([, d]) => d.secret && !d.secret(auth))
    .map(([n]) => n);
}

/** Records as `auth` may see them: secrets blanked for those who may not. */
export function shownTo<Rec>(fields: FieldMap<Rec>, auth: AuthContext, records: Rec[]): Rec[] {
  const hidden = hiddenSecrets(fields, auth);
  if (hidden.length === 0) return records;
  const blanks = Object.fromEntries(hidden.map((f) => [f, '']));
  return records.map((record) => ({ ...record, ...blanks }));
}

/** A secret rule: who may `action` on `resource` may see it. */
export const visibleTo =
  (resource: Resource, action: Action) =>
  (auth: AuthContext): boolean =>
    can(auth, resource, action);
