/**
 * A record's fields from the input fields it carries back. A record (a read's reply) holds what its
 * input stored, so each such field is the plain type its input yields — a string, an integer, a
 * boolean, one of an enum, nullable where the input is — without the input's defaults, coercions,
 * trims and rules (a reply states what is stored; it does not validate it again). An area then
 * states only what its record adds to its input (id, version, computed columns).
 */
import { z } from 'zod';

/** The record field of one input field: the type of what the input gives, nothing more. */
export type RecordFieldOf<S extends z.core.$ZodType> = z.ZodType<z.output<S>, z.output<S>>;

/**
 * The plain schema of what `schema` outputs. An input ending in a transform has no output shape
 * known at run time: its record field must be stated (recordShape's `stated`).
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
  if (schema instanceof z.ZodObject) return z.object(recordShape(schema.shape));
  // Every string format (an email, a trimmed text with rules) is a string once stored.
  if (schema._zod.def.type === 'string') return z.string();
  throw new Error(`recordField: state the record field of a ${schema._zod.def.type} input`);
}

type Stated<S extends z.ZodRawShape> = { [K in keyof S]?: z.ZodType };

/**
 * The record fields of an input shape (recordField of each), except those `stated` (a transformed
 * input's, or one the record carries differently), which are taken as given.
 */
export function recordShape<S extends z.ZodRawShape, T extends Stated<S> = Record<never, never>>(
  shape: S,
  stated?: T,
): { [K in keyof S]: K extends keyof T ? NonNullable<T[K]> : RecordFieldOf<S[K]> } {
  const out: Record<string, z.ZodType> = {};
  for (const [name, schema] of Object.entries(shape)) out[name] = stated?.[name] ?? plain(schema);
  return out as { [K in keyof S]: K extends keyof T ? NonNullable<T[K]> : RecordFieldOf<S[K]> };
}
