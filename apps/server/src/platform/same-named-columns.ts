/**
 * A table's columns named as the record's fields they store, in snake_case (vmFullname →
 * vm_fullname, as sameNamedFields reads them), of the record's types; a table type states after
 * them only the columns that differ:
 *
 *   interface TimeProfilesTable extends RecordRow, SameNamedColumns<Omit<TimeProfile, 'id' | ...>> {
 *     days: ColumnType<Days, string, string>;
 *   }
 */
import type { Generated } from 'kysely';
import type { RecordRow } from '../db/schema.ts';

export type SameNamedColumns<Rec> = { [K in keyof Rec & string as SnakeCase<K>]: Rec[K] };
/**
 * The same, for columns the database gives a default (Generated: optional in an insert); with
 * `Prefix` before each name, as sameNamedFields' prefix (a number's ems_premises...).
 */
export type DefaultedColumns<Rec, Prefix extends string = ''> = {
  [K in keyof Rec & string as `${Prefix}${SnakeCase<K>}`]: Generated<Rec[K]>;
};

/** 'vmFullname' → 'vm_fullname', as a type. */
export type SnakeCase<S extends string> = S extends `${infer C}${infer Rest}`
  ? `${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}${SnakeCase<Rest>}`
  : S;

/**
 * An area's record row (RecordRow: id, account, version, creation) and the columns of its record's
 * other fields, but `Except` (the fields stored otherwise), which the table type states after them:
 *
 *   interface TimeProfilesTable extends RecordColumns<TimeProfile, 'days'> {
 *     days: ColumnType<Days, string, string>;
 *   }
 */
export type RecordColumns<Rec, Except extends keyof Rec = never> = RecordRow &
  SameNamedColumns<Omit<Rec, 'id' | 'version' | 'accountNo' | Except>>;
