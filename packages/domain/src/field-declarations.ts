/**
 * One declaration per field of an area. A field is declared once — its input rule (a zod schema),
 * its label, the column it is stored in (its name in snake_case unless told), whether lists sort,
 * search or filter by it, what it refers to, its choices — and every side derives what it needs:
 *
 * - the domain: the input shape (`shape`, the create-only fields apart) and the record shape
 *   (`recordShape`, the plain type each input yields; a write-only field is not in it);
 * - the server: the field map (apps/server platform `declaredFields`), the table's column types
 *   (`DeclaredColumns`), the list indexes (every sortable or filterable column leads one);
 * - the web: the form fields, list columns and filters (apps/web platform `formFields`).
 *
 *   export const callGroupFields = declareFields({
 *     customName: field(requiredText({ max: 45 }), { label: 'Name', sortable: true, searchable: true }),
 *     ringTime: choice(CALL_GROUP_RING_TIMES, 10, { label: 'Ring Time', sortable: true, filterable: true }),
 *   });
 *   export const callGroupInput = z.object(callGroupFields.shape);
 */
import { z } from 'zod';
import { oneOfOptions } from './fields.ts';

/** A select's choice, as the spec's option lists give them. */
export interface FieldOption {
  readonly value: number | string;
  readonly label: string;
}

/** How the web's forms show a field, when its schema does not say (text, choices, boolean, destination). */
export type FieldControl = 'text' | 'select' | 'switch' | 'destination' | 'checkboxes' | 'datetime' | 'multiselect';

export interface FieldMeta {
  /** The form's label and the list's column header. */
  readonly label?: string;
  /** The column it is stored in, when not its name in snake_case (ringTime → ring_time). */
  readonly column?: string;
  readonly sortable?: boolean;
  readonly searchable?: boolean;
  readonly filterable?: boolean;
  /** Written on create only (a group's number): not in the update input. */
  readonly createOnly?: boolean;
  /** It holds a destination or a number of the account (a delete of what it names is refused). */
  readonly uses?: { readonly kind: 'destination' | 'number'; readonly many?: boolean };
  /** It holds the id of a row of this table of the account (null: none). */
  readonly references?: string;
  /** Its choices (a select; a list filter). */
  readonly options?: readonly FieldOption[];
  /** The form control, when not derived (choices → select, boolean → switch, destination, else text). */
  readonly control?: FieldControl;
  /** The form field's hint under it. */
  readonly helper?: string;
  /** The text input's type. */
  readonly inputType?: 'text' | 'email' | 'tel' | 'number' | 'password';
  /** The record field, when the input's output has no plain shape (a transform) or the record differs. */
  readonly record?: z.ZodType;
  /**
   * Written, never read back (a voicemail PIN): not in the record; with `keepWhenEmpty`, a save that
   * leaves it empty keeps the stored value.
   */
  readonly writeOnly?: { readonly keepWhenEmpty?: boolean };
}

export interface Declared<S extends z.ZodType = z.ZodType, M extends FieldMeta = FieldMeta> {
  readonly schema: S;
  readonly meta: M;
}

/** A field: its input rule and what else is said of it once. */
export function field<S extends z.ZodType, const M extends FieldMeta = Record<never, never>>(
  schema: S,
  meta?: M,
): Declared<S, M> {
  return { schema, meta: (meta ?? {}) as M };
}

/** One of `options` (a select), `fallback` when not sent: 'Please select an option' otherwise. */
export function choice<const O extends readonly { value: number; label: string }[], const M extends FieldMeta>(
  options: O,
  fallback: number,
  meta: M,
) {
  return field(oneOfOptions(options, fallback), { ...meta, options });
}

/** A boolean, `fallback` when not sent (a switch). */
export function flag<const M extends FieldMeta>(fallback: boolean, meta: M) {
  return field(z.boolean().default(fallback), meta);
}

type Fields = Record<string, Declared>;
type CreateOnly<D extends Fields> = {
  [K in keyof D]: D[K]['meta'] extends { createOnly: true } ? K : never;
}[keyof D];
type WriteOnly<D extends Fields> = {
  [K in keyof D]: D[K]['meta'] extends { writeOnly: object } ? K : never;
}[keyof D];

/** What `declareFields` gives. */
export interface FieldDeclarations<D extends Fields> {
  readonly declared: D;
  /** The update input's shape: every field but the create-only ones. */
  readonly shape: { [K in Exclude<keyof D, CreateOnly<D>>]: D[K]['schema'] };
  /** The create input's shape: every field. */
  readonly createShape: { [K in keyof D]: D[K]['schema'] };
  /** The record's fields: what each input stores, plain (or as its meta's `record` states); no write-only ones. */
  readonly recordShape: {
    [K in Exclude<keyof D, WriteOnly<D>>]: D[K]['meta'] extends { record: infer R extends z.ZodType }
      ? R
      : RecordFieldOf<D[K]['schema']>;
  };
  /** Each field's meta, by name. */
  readonly meta: { readonly [K in keyof D]: D[K]['meta'] };
}

export function declareFields<const D extends Fields>(declared: D): FieldDeclarations<D> {
  const shape: Record<string, z.ZodType> = {};
  const createShape: Record<string, z.ZodType> = {};
  const recordShape: Record<string, z.ZodType> = {};
  const meta: Record<string, FieldMeta> = {};
  for (const [name, { schema, meta: m }] of Object.entries(declared)) {
    createShape[name] = schema;
    if (!m.createOnly) shape[name] = schema;
    if (!m.writeOnly) recordShape[name] = m.record ?? recordField(schema);
    meta[name] = m;
  }
  return { declared, shape, createShape, recordShape, meta } as FieldDeclarations<D>;
}

/** The record field of one input field: the type of what the input gives, nothing more. */
export type RecordFieldOf<S extends z.core.$ZodType> = z.ZodType<z.output<S>, z.output<S>>;

/**
 * The plain schema of what `schema` outputs, as a record (a read's reply) carries it back: a string,
 * an integer, a boolean, one of an enum, nullable where the input is — without the input's defaults,
 * coercions, trims and rules (a reply states what is stored; it does not validate it again). An
 * input ending in a transform has no output shape known at run time: its meta states `record`.
 */
export function recordField<S extends z.core.$ZodType>(schema: S): RecordFieldOf<S> {
  return plain(schema) as RecordFieldOf<S>;
}

function plain(schema: z.core.$ZodType): z.ZodType {
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault) return plain(schema.unwrap());
  if (schema instanceof z.ZodNullable) return plain(schema.unwrap()).nullable();
  if (schema instanceof z.ZodOptional) return plain(schema.unwrap()).optional();
  // A preprocess or a pipe into another schema: what comes out is the last schema's.
  if (schema instanceof z.ZodPipe && !(schema.out instanceof z.ZodTransform)) return plain(schema.out);
  if (schema instanceof z.ZodNumber) return schema.format === 'safeint' ? z.number().int() : z.number();
  if (schema instanceof z.ZodBoolean) return z.boolean();
  if (schema instanceof z.ZodEnum || schema instanceof z.ZodLiteral) return schema;
  if (schema instanceof z.ZodArray) return z.array(plain(schema.element));
  if (schema instanceof z.ZodObject) {
    return z.object(Object.fromEntries(Object.entries(schema.shape).map(([k, v]) => [k, plain(v)])));
  }
  // Every string format (an email, a trimmed text with rules) is a string once stored.
  if (schema._zod.def.type === 'string') return z.string();
  throw new Error(`recordField: state the record field of a ${schema._zod.def.type} input`);
}

/** 'vmFullname' → 'vm_fullname'. */
export const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The column a declared field is stored in. */
export const columnOf = (name: string, meta: FieldMeta) => meta.column ?? snakeCase(name);

/** How a field's value is stored: a text, a number, a boolean, or json (an object or array). */
export function storedKind(schema: z.core.$ZodType): 'text' | 'number' | 'boolean' | 'json' {
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault) return storedKind(schema.unwrap());
  if (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional) return storedKind(schema.unwrap());
  if (schema instanceof z.ZodPipe) return storedKind(schema.out instanceof z.ZodTransform ? schema.in : schema.out);
  if (schema instanceof z.ZodUnion) return storedKind(schema.options[0] as z.core.$ZodType);
  if (schema instanceof z.ZodBoolean) return 'boolean';
  if (schema instanceof z.ZodNumber) return 'number';
  return schema instanceof z.ZodObject || schema instanceof z.ZodArray ? 'json' : 'text';
}
