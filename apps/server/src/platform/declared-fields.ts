/**
 * The server's side of a field declaration (the domain's declareFields): the field map's entries
 * and the table's column types, both from the one declaration. An area spreads `declaredFields`
 * into its map, then adds what only the server knows (the id and version, computed columns):
 *
 *   fieldMap<CallGroup>('call_groups', { ...versionedFields, ...declaredFields(callGroupFields), memberCount })
 *   interface CallGroupsTable extends RecordRow, DeclaredColumns<typeof callGroupFields> {}
 *
 * A group of fields stored under a common prefix (a number's emergency address, ems_premises...)
 * passes it: `declaredFields(emsFields, { prefix: 'ems_' })`, `DeclaredColumns<typeof emsFields, 'ems_'>`.
 */
import { columnOf, type Declared, type FieldDeclarations, storedKind } from '@switchboard/domain';
import { type Builder, field } from './fields.ts';

/** The field map's entry of each declared field: its column, kind, list use, references, write-only. */
export function declaredFields<D extends Record<string, Declared>>(
  declarations: FieldDeclarations<D>,
  { prefix = '' }: { prefix?: string } = {},
): { [K in keyof D & string]: Builder } {
  const out: Record<string, Builder> = {};
  for (const [name, { schema, meta }] of Object.entries(declarations.declared)) {
    const options = {
      ...(meta.sortable && { sortable: true }),
      ...(meta.searchable && { searchable: true }),
      ...(meta.filterable && { filterable: true }),
      ...(meta.createOnly && { createOnly: true }),
      ...(meta.uses && { uses: meta.uses }),
    };
    const column = `${prefix}${columnOf(name, meta)}`;
    out[name] = meta.writeOnly
      ? field.writeOnly(column, { ...options, keepWhenEmpty: meta.writeOnly.keepWhenEmpty ?? false })
      : meta.references
        ? field.ref(column, meta.references, options)
        : field[storedKind(schema)](column, options);
  }
  return out as { [K in keyof D & string]: Builder };
}

export type { DeclaredColumns, SnakeCase } from '../db/declared-columns.ts';
