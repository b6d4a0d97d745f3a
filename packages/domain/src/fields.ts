/**
 * Field builders carrying the spec's generic messages (spec 1 §5), so every feature schema speaks
 * with the same words on the web and on the server.
 */
import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import type { PatternRule } from './patterns.ts';

interface TextOptions {
  max?: number;
  min?: number;
  pattern?: PatternRule;
}

/** A required text: trimmed, non-empty ('This is a required field'), with optional limits. */
export function requiredText(options: TextOptions = {}) {
  let schema = z.string({ error: MESSAGES.required }).trim().min(1, { error: MESSAGES.required });
  if (options.min !== undefined) schema = schema.min(options.min + 1, { error: MESSAGES.minLength(options.min) });
  if (options.max !== undefined) schema = schema.max(options.max, { error: MESSAGES.maxLength(options.max) });
  if (options.pattern) schema = schema.regex(options.pattern.pattern, { error: options.pattern.message });
  return schema;
}

/** An optional text: empty means '' (never undefined on the wire), limits apply when filled. */
export function optionalText(options: TextOptions = {}) {
  let schema = z.string().trim();
  if (options.max !== undefined) schema = schema.max(options.max, { error: MESSAGES.maxLength(options.max) });
  const base = schema;
  const refined = options.pattern
    ? base.refine((v) => v === '' || (options.pattern as PatternRule).pattern.test(v), {
        error: options.pattern.message,
      })
    : base;
  return refined.default('');
}

/** An integer within bounds with the spec's number messages; zero counts as filled. */
export function integer(min: number, max: number) {
  return z.coerce
    .number({ error: MESSAGES.required })
    .int({ error: MESSAGES.required })
    .min(min, { error: MESSAGES.minValue(min) })
    .max(max, { error: MESSAGES.maxValue(max) });
}

export function email(max?: number) {
  let schema = z.string({ error: MESSAGES.required }).trim().min(1, { error: MESSAGES.required });
  if (max !== undefined) schema = schema.max(max, { error: MESSAGES.maxLength(max) });
  return schema.pipe(z.email({ error: MESSAGES.email }));
}

/** A record id in a path: a positive integer. */
export const idParam = z.object({ id: z.coerce.number().int().positive() });
export type IdParam = z.infer<typeof idParam>;
