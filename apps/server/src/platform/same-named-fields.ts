/**
 * Field map entries for the fields stored in columns named as they are — the API's camelCase in
 * snake_case (vmFullname → vm_fullname) — of the kind their record schema gives (a boolean, a
 * number, an object or array as json, anything else text). An area spreads them first, then
 * declares the fields that differ (computed, referenced, searchable, named otherwise), which
 * replace these:
 *
 *   fieldMap<Seat>('seats', { ...sameNamedFields(seatRecord.shape), id: field.id(), ... })
 *
 * `prefix` is put before every column name, for fields kept in columns of their own prefix
 * (a number's emergency address: premises → ems_premises).
 */
import { snakeCase, storedKind } from '@switchboard/domain';
import type { z } from 'zod';
import { type Builder, field } from './fields.ts';

export function sameNamedFields<S extends z.ZodRawShape>(shape: S, prefix = ''): { [K in keyof S & string]: Builder } {
  const out: Record<string, Builder> = {};
  for (const [name, schema] of Object.entries(shape)) out[name] = field[storedKind(schema)](prefix + snakeCase(name));
  return out as { [K in keyof S & string]: Builder };
}
