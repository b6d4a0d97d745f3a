/**
 * Bulk edit changes only what the person sets (spec 1 §4 "Tables": a row counts as changed when it
 * differs from the loaded copy). Every field of the bulk-edit modal starts as 'Leave unchanged';
 * the values it produces hold only the fields that were set, validated by the area's own schema.
 * PagedTable builds its modal from keepFields, keepDefaults and keepSchema.
 */
import { z } from 'zod';
import type { FieldDef } from '../fields/form-fields.tsx';

/** The value of 'Leave unchanged' in a bulk-edit select. */
export const KEEP = '__keep__';
export const KEEP_LABEL = 'Leave unchanged';

/** A value that leaves the field as it is on each row: the 'Leave unchanged' choice or an empty input. */
const kept = (v: unknown) => v === KEEP || v === '' || v === undefined;

/**
 * The modal's fields: selects gain 'Leave unchanged' first, a switch becomes a select of
 * Leave unchanged / On / Off (a switch cannot say 'no change'); text and destination fields left
 * empty keep each row's value.
 */
export function keepFields<V extends Record<string, unknown>>(fields: FieldDef<V>[]): FieldDef<V>[] {
  return fields.map((f): FieldDef<V> => {
    switch (f.kind) {
      case 'select':
        return { ...f, required: false, options: [{ value: KEEP, label: KEEP_LABEL }, ...f.options] };
      case 'switch':
        return {
          kind: 'select',
          name: f.name,
          label: f.label,
          options: [
            { value: KEEP, label: KEEP_LABEL },
            { value: true, label: 'On' },
            { value: false, label: 'Off' },
          ],
        };
      case 'text':
        return { ...f, required: false, helper: f.helper ?? 'Leave empty to keep each record’s value' };
      case 'checkboxes':
        return f;
      default:
        return { ...f, required: false };
    }
  });
}

/** Every field of the modal starts as 'Leave unchanged'. */
export function keepDefaults<V extends Record<string, unknown>>(fields: FieldDef<V>[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => [f.name, f.kind === 'select' || f.kind === 'switch' ? KEEP : '']));
}

/**
 * The area's bulk-edit schema applied to the fields that were set only: the reply holds just those
 * (so a field's default never overwrites the rows), and a bad value is reported under its field.
 */
export function keepSchema<S extends z.ZodObject>(schema: S) {
  return z.record(z.string(), z.unknown()).transform((raw, ctx) => {
    const set = Object.fromEntries(Object.entries(raw).filter(([, v]) => !kept(v)));
    const mask = Object.fromEntries(Object.keys(set).map((k) => [k, true])) as Record<string, true>;
    const parsed = schema.pick(mask).safeParse(set);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    return parsed.data as Partial<z.output<S>>;
  });
}
