/**
 * The web's side of a field declaration (the domain's declareFields): a form's fields, a list's
 * columns and filters from the one declaration of each field — its label, its choices, its control
 * (choices: a select; a boolean: a switch; a destination; otherwise a text, required when neither ''
 * nor nothing is accepted). A page names the fields it shows and adds only what the page alone knows (a source of
 * choices, the destinations to leave out):
 *
 *   formFields(callGroupFields, ['customName', 'cidPrefix', 'ringType'], {
 *     falloverLocation: { exclude: self },
 *   })
 */
import {
  type Declared,
  type DestinationOption,
  type DestinationType,
  type FieldDeclarations,
  type FieldMeta,
  storedKind,
} from '@switchboard/domain';
import type { FieldValues, Path } from 'react-hook-form';
import type { Column, FilterDef } from '../paged-table/paged-table.tsx';
import { textFilter, yesNoFilter } from '../paged-table/table-toolbar.tsx';
import type { FieldDef } from './form-fields.tsx';

type Declarations = FieldDeclarations<Record<string, Declared>>;

/** What a page adds to a derived form field. */
export interface FieldExtras {
  disabled?: boolean;
  helper?: string;
  /** A destination's: what it may not name (e.g. the record itself), the kinds it offers, choices beyond. */
  exclude?: string[];
  types?: readonly DestinationType[];
  extra?: DestinationOption[];
}

function declaredOf(declarations: Declarations, name: string): Declared {
  const declared = declarations.declared[name];
  if (!declared) throw new Error(`The field ${name} is not declared`);
  return declared;
}

/** The declared label of `name` (a form's, a column's): every field a page shows has one. */
export function labelOf(declarations: Declarations, name: string): string {
  const label = declaredOf(declarations, name).meta.label;
  if (label === undefined) throw new Error(`The field ${name} is declared without a label`);
  return label;
}

function control({ schema, meta }: Declared): NonNullable<FieldMeta['control']> {
  if (meta.control) return meta.control;
  if (meta.options) return 'select';
  if (meta.uses?.kind === 'destination') return 'destination';
  return storedKind(schema) === 'boolean' ? 'switch' : 'text';
}

/** The form field of one declared field. */
export function formField<V extends FieldValues>(
  declarations: Declarations,
  name: Path<V>,
  extras: FieldExtras = {},
): FieldDef<V> {
  const declared = declaredOf(declarations, name);
  const { meta, schema } = declared;
  const label = labelOf(declarations, name);
  const helper = extras.helper ?? meta.helper;
  const common = { name, label, ...(extras.disabled !== undefined && { disabled: extras.disabled }) };
  // Required: neither left empty nor left out is accepted (a field with a default is not).
  const required = !schema.safeParse('').success && !schema.safeParse(undefined).success;
  switch (control(declared)) {
    case 'select':
      return { kind: 'select', ...common, options: meta.options ?? [], ...(helper && { helper }) };
    case 'switch':
      return { kind: 'switch', ...common, ...(helper && { helper }) };
    case 'destination': {
      const { exclude, types, extra } = extras;
      return { kind: 'destination', ...common, required, ...{ exclude, types, extra } };
    }
    case 'datetime':
      return { kind: 'datetime', ...common, required, ...(helper && { helper }) };
    default:
      return { kind: 'text', ...common, required, type: meta.inputType ?? 'text', ...(helper && { helper }) };
  }
}

/**
 * A form's fields, in order: each name's derived field, or the field a page gives in its place (a
 * select whose choices are the account's records: `selectFrom(source, name, labelOf(...))`).
 */
export function formFields<V extends FieldValues>(
  declarations: Declarations,
  names: ReadonlyArray<NoInfer<Path<V>> | FieldDef<V>>,
  extras: { [K in NoInfer<Path<V>>]?: FieldExtras } = {},
): FieldDef<V>[] {
  return names.map((name) => (typeof name === 'string' ? formField<V>(declarations, name, extras[name]) : name));
}

/** A list's column of a declared field: its label as header, sortable when lists sort by it. */
export function columnOf<T>(
  declarations: Declarations,
  name: keyof T & string,
  render?: Column<T>['render'],
): Column<T> {
  const { meta } = declaredOf(declarations, name);
  return {
    field: name,
    header: labelOf(declarations, name),
    sortable: meta.sortable === true,
    ...(render && { render }),
  };
}

/** A list's filter by a declared field: its choices, Yes / No for a switch, or a text typed in full. */
export function filterOf(declarations: Declarations, name: string): FilterDef {
  const declared = declaredOf(declarations, name);
  const label = labelOf(declarations, name);
  if (declared.meta.options) return { field: name, label, options: declared.meta.options };
  if (storedKind(declared.schema) === 'boolean') return yesNoFilter(name, label);
  if (storedKind(declared.schema) === 'text')
    return textFilter(name, label, declared.meta.inputType === 'tel' ? 'tel' : 'text');
  throw new Error(`The field ${name} has no choices to filter by`);
}
