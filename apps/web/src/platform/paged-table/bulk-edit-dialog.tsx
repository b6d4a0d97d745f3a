/**
 * The bulk-edit modal: every field starts as 'Leave unchanged' (bulk-edit.ts); each selected row
 * that the set fields really change (spec 1 §4: it differs from the loaded copy) is saved with its
 * current body and those fields, one update a row, with per-row feedback.
 */
import { MESSAGES, type SaveReply } from '@switchboard/domain';
import type { QueryKey } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../api.ts';
import type { FieldDef } from '../fields/form-fields.tsx';
import { useChange } from '../mutation.ts';
import { keepDefaults, keepFields, keepSchema } from './bulk-edit.ts';
import { type ItemResult, runEach } from './feedback-list.tsx';
import { RecordFormDialog } from './record-form-dialog.tsx';
import { isChanged } from './row-changes.ts';

/** The area's bulk-edit schema: an object of the editable fields (V, its input). */
export type BulkSchema<V extends FieldValues> = z.ZodObject & z.ZodType<FieldValues, V>;

export interface BulkEditConfig<T, V extends FieldValues, U extends Record<string, unknown>> {
  title: string;
  /** Only the fields set are validated and applied. */
  schema: BulkSchema<V>;
  /** The editable fields; each starts as 'Leave unchanged'. */
  fields: FieldDef<V>[];
  /** The row's current update body; the update sends it with the set fields applied. */
  current: (row: T) => U;
  /** One row's update (e.g. an area's `update`). */
  update: (id: number, body: U) => Promise<SaveReply>;
}

export interface BulkEditDialogProps<
  T extends { id: number },
  V extends FieldValues,
  U extends Record<string, unknown>,
> {
  config: BulkEditConfig<T, V, U>;
  open: boolean;
  onClose: () => void;
  /** The selected rows, as loaded. */
  rows: T[];
  label: (row: T) => string;
  invalidates: QueryKey[];
  /** After the saves (the selection is dropped, so a further edit starts from fresh copies). */
  onSaved: () => void;
}

export function BulkEditDialog<T extends { id: number }, V extends FieldValues, U extends Record<string, unknown>>(
  props: BulkEditDialogProps<T, V, U>,
) {
  const { config, open, onClose, rows, label, invalidates, onSaved } = props;
  const change = useChange({
    invalidates,
    mutationFn: async (values: Record<string, unknown>): Promise<ItemResult[]> => {
      // Only rows the edit really changes are saved, each with its current body and the set fields.
      const changed = rows
        .map((row) => ({ row, before: config.current(row), after: { ...config.current(row), ...values } }))
        .filter(({ before, after }) => isChanged(before, after));
      const results = await runEach(
        changed,
        ({ row }) => String(row.id),
        async ({ row, after }) => {
          await config.update(row.id, after);
          return { message: `${label(row)} ${MESSAGES.editedSuccessfully}` };
        },
        ({ row }, e) => MESSAGES.rowEditRefused(`${label(row)}: ${errorMessage(e)}`),
      );
      onSaved();
      return results.length ? results : [{ key: 'none', ok: true, message: 'Nothing to change' }];
    },
  });
  return (
    <RecordFormDialog
      open={open}
      title={config.title}
      submitLabel="Save"
      schema={keepSchema(config.schema)}
      defaults={keepDefaults(config.fields)}
      fields={keepFields(config.fields)}
      successSummary={MESSAGES.editedSuccessfully}
      onClose={onClose}
      submit={change.mutateAsync}
    />
  );
}
