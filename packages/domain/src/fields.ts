/**
 * Field builders carrying the spec's generic messages (spec 1 §5), so every feature schema speaks
 * with the same words on the web and on the server.
 */
import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { PATTERNS, type PatternRule } from './patterns.ts';

interface TextOptions {
  max?: number;
  min?: number;
  pattern?: PatternRule;
}

/** A text without a limit of its own is refused past this length, before any other rule reads it. */
export const TEXT_LIMIT = 1000;

/** Control characters other than tab and line breaks (NUL above all): refused in every text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * The length limit (aborting: a pattern never reads an oversized text) and the control-character
 * rule every text field has.
 */
function bounded(schema: z.ZodString, max: number | undefined): z.ZodString {
  const limit = max ?? TEXT_LIMIT;
  return schema
    .max(limit, { error: MESSAGES.maxLength(limit), abort: true })
    .refine((v) => !CONTROL_CHARACTER.test(v), { error: MESSAGES.controlCharacters, abort: true });
}

/** A required text: trimmed, non-empty ('This is a required field'), with optional limits. */
export function requiredText(options: TextOptions = {}) {
  let schema = bounded(
    z.string({ error: MESSAGES.required }).trim().min(1, { error: MESSAGES.required, abort: true }),
    options.max,
  );
  if (options.min !== undefined) schema = schema.min(options.min + 1, { error: MESSAGES.minLength(options.min) });
  if (options.pattern) schema = schema.regex(options.pattern.pattern, { error: options.pattern.message });
  return schema;
}

/** An optional text: empty means '' (never undefined on the wire), limits apply when filled. */
export function optionalText(options: TextOptions = {}) {
  const base = bounded(z.string().trim(), options.max);
  const refined = options.pattern
    ? base.refine((v) => v === '' || (options.pattern as PatternRule).pattern.test(v), {
        error: options.pattern.message,
      })
    : base;
  return refined.default('');
}

/**
 * A number typed in a field: left empty (blank, or missing) it is 'This is a required field'
 * (spec 1 §5), never silently 0 or a range message; otherwise `schema` decides. Zero counts as filled.
 */
export function filledNumber<S extends z.ZodType>(schema: S) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .unknown()
      .refine((v) => v !== undefined && v !== null && v !== '', { error: MESSAGES.required, abort: true })
      .pipe(schema),
  );
}

/** An integer within bounds with the spec's number messages; empty is required, zero counts as filled. */
export function integer(min: number, max: number) {
  return filledNumber(
    z.coerce
      .number({ error: MESSAGES.required })
      .int({ error: MESSAGES.required })
      .min(min, { error: MESSAGES.minValue(min) })
      .max(max, { error: MESSAGES.maxValue(max) }),
  );
}

/**
 * A select's choice: one of the options' numeric values (given as a number or digits), `fallback`
 * when not sent; anything else 'Please select an option'.
 */
export function oneOfOptions(options: ReadonlyArray<{ value: number }>, fallback: number) {
  const error = { error: MESSAGES.selectOption };
  return z.coerce
    .number(error)
    .int(error)
    .refine((v) => options.some((o) => o.value === v), error)
    .default(fallback);
}

/**
 * A telephone number typed on its own (an access list's number, a dial-through's caller ID): empty
 * is 'Please enter a telephone number'; then the telephone pattern, its length checked first.
 */
export function enteredTelephone() {
  return z
    .string({ error: MESSAGES.enterTelephone })
    .trim()
    .min(1, { error: MESSAGES.enterTelephone, abort: true })
    .max(20, { error: PATTERNS.telephone.message, abort: true })
    .regex(PATTERNS.telephone.pattern, { error: PATTERNS.telephone.message });
}

/** An e-mail address that may be left empty ('' when it is), at most `max` characters. */
export function optionalEmail(max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: MESSAGES.maxLength(max) })
    .refine((v) => v === '' || z.email().safeParse(v).success, { error: MESSAGES.email })
    .default('');
}

export function email(max?: number) {
  let schema = z.string({ error: MESSAGES.required }).trim().min(1, { error: MESSAGES.required });
  if (max !== undefined) schema = schema.max(max, { error: MESSAGES.maxLength(max) });
  return schema.pipe(z.email({ error: MESSAGES.email }));
}

/** The largest value of PostgreSQL's integer (serial) columns: every id and account number. */
export const MAX_ID = 2_147_483_647;

/**
 * A record id (or account number): a positive integer an integer column can hold, given as a
 * number or a string of digits (paths, queries and form selects send strings; a boolean is not an
 * id). The one id schema for paths, bodies and queries, so a larger number is a 400 here, never a
 * database error. `message` is the field's message for any bad value (a body field's 'Please
 * select an option'); without it, zod's own texts (as for any unparseable path id). `numberOnly`:
 * a JSON number and nothing else (the id-less delete bodies).
 */
export function recordId(message?: string, options: { numberOnly?: boolean } = {}) {
  const error = message === undefined ? undefined : { error: message };
  const id = z.number(error).int(error).positive(error).max(MAX_ID, error);
  if (options.numberOnly) return id;
  return z
    .union([z.number(error), z.string(error).max(10, error).regex(/^\d+$/, error)], error)
    .pipe(z.coerce.number<string | number>(error).int(error).positive(error).max(MAX_ID, error));
}

/** A record id in a path: a positive integer up to MAX_ID (otherwise 400, like any bad id). */
export const idParam = z.object({ id: recordId() });
export type IdParam = z.infer<typeof idParam>;

/**
 * A record's values for an object schema (an update body, a form): the record's fields the schema
 * names (a read carries more: its id, version, derived columns), so they are not listed again.
 */
export function inputValuesOf<S extends z.ZodObject, R extends { [K in keyof z.output<S>]: unknown }>(
  schema: S,
  record: R,
): Pick<R, keyof z.output<S> & keyof R> {
  const values: Partial<R> = {};
  for (const key of Object.keys(schema.shape) as (keyof z.output<S> & keyof R)[]) values[key] = record[key];
  return values as Pick<R, keyof z.output<S> & keyof R>;
}
