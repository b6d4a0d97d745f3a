/**
 * A row's own edit (e.g. a member's days and delay): an Edit button on each row opens a modal
 * filled from that row, whose save changes that row alone, with the server's field messages under
 * the fields and the reply's message as feedback.
 *
 *   editRow={rowEdit({ title: 'Edit Member', schema, fields, values: (m) => ({ ... }),
 *     save: (m, values) => call(routes.updateMember, { body: { id: m.id, ...values } }) })}
 */
import { MESSAGES, type SaveReply } from '@switchboard/domain';
import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { FieldDef } from '../fields/form-fields.tsx';
import type { FormSchema } from '../fields/form-schema.ts';
import { useChange } from '../mutation.ts';
import { RecordFormDialog } from './record-form-dialog.tsx';

export interface RowEditConfig<T, V extends FieldValues, O extends FieldValues> {
  title: string;
  /** The form's schema: the fields hold its input V, `save` gets its output O. */
  schema: FormSchema<V, O>;
  fields: FieldDef<V>[];
  /** The row's current values, filling the form. */
  values: (row: T) => DefaultValues<V>;
  save: (row: T, values: O) => Promise<SaveReply>;
}

export interface RowEditDialogProps<T> {
  /** The row being edited; null while closed. */
  row: T | null;
  onClose: () => void;
  /** What a save invalidates (the table's pages and its parent). */
  invalidates: QueryKey[];
}

/** A table's row edit, whatever its form's types. */
export interface RowEdit<T> {
  dialog: (props: RowEditDialogProps<T>) => ReactNode;
}

function RowEditDialog<T, V extends FieldValues, O extends FieldValues>({
  config,
  row,
  onClose,
  invalidates,
}: RowEditDialogProps<T> & { config: RowEditConfig<T, V, O> }) {
  const change = useChange({
    mutationFn: async ({ target, values }: { target: T; values: O }) => {
      const reply = await config.save(target, values);
      return [{ key: String(reply.id ?? 'row'), ok: true, message: reply.message || MESSAGES.editedSuccessfully }];
    },
    invalidates,
  });
  const defaults = row === null ? ({} as DefaultValues<V>) : config.values(row);
  return (
    <RecordFormDialog<V, O>
      open={row !== null}
      title={config.title}
      submitLabel="Save"
      schema={config.schema}
      defaults={defaults}
      fields={config.fields}
      successSummary={MESSAGES.editedSuccessfully}
      onClose={onClose}
      submit={async (values) => {
        if (row === null) return [];
        return change.mutateAsync({ target: row, values });
      }}
    />
  );
}

export function rowEdit<T, V extends FieldValues, O extends FieldValues>(config: RowEditConfig<T, V, O>): RowEdit<T> {
  return { dialog: (props) => <RowEditDialog config={config} {...props} /> };
}
