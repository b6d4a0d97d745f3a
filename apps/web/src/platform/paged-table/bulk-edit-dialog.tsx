/**
 * The bulk-edit modal: every field starts as 'Leave unchanged' (bulk-edit.ts); each selected row
 * that the set fields really change (spec 1 §4: it differs from the loaded copy) gets one partial
 * update (PATCH) of those fields only, based on the row's version as listed (If-Match): a field
 * someone else changed meanwhile is never reverted, and a row changed since is refused (409) and
 * reported, with per-row feedback.
 */
import { MESSAGES, type SaveReply } from '@switchboard/domain';
import type { QueryKey } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../api.ts';
import type { FieldDef } from '../fields/form-fields.tsx';
import { useChange } from '../mutation.ts';
import { versionOf } from '../resource.ts';
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
  /** The row's current values (as its update body), to skip the rows the set fields do not change. */
  current: (row: T) => U;
  /** One row's partial update of the set fields, based on its version (an area's `patch`). */
  patch: (id: number, changes: Partial<U>, version?: number) => Promise<SaveReply>;
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
      // Only rows the edit really changes are saved, each with the set fields alone.
      const changes = values as Partial<U>;
      const changed = rows.filter((row) => isChanged(config.current(row), { ...config.current(row), ...changes }));
      const results = await runEach(
        changed,
        (row) => String(row.id),
        async (row) => {
          await config.patch(row.id, changes, versionOf(row));
          return { message: `${label(row)} ${MESSAGES.editedSuccessfully}` };
        },
        (row, e) => MESSAGES.rowEditRefused(`${label(row)}: ${errorMessage(e)}`),
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
