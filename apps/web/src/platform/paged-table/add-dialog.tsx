/**
 * The add modals of the paged table: one create of the form's values (`create`), or a create of
 * several with per-item results (`submit`, e.g. a range add). The list is refreshed afterwards.
 */
import { MESSAGES, type SaveReply } from '@switchboard/domain';
import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { FieldDef } from '../fields/form-fields.tsx';
import type { FormSchema } from '../fields/form-schema.ts';
import { useChange } from '../mutation.ts';
import type { ItemResult } from './feedback-list.tsx';
import { RecordFormDialog } from './record-form-dialog.tsx';

export interface AddConfig<V extends FieldValues, O extends FieldValues> {
  title: string;
  /** The form's schema: the fields hold its input V, a create gets its output O. */
  schema: FormSchema<V, O>;
  defaults: DefaultValues<V>;
  fields: FieldDef<V>[];
  /** One create of the values (e.g. an area's `create`), or `submit` for several with per-item results. */
  create?: (values: O) => Promise<SaveReply>;
  submit?: (values: O) => Promise<ItemResult[]>;
  /** Why no more records may be added (e.g. a retail cap): Add is disabled and this is shown. */
  disabledReason?: string;
  /** Why the form cannot be submitted yet (e.g. no number to choose): shown in the modal, Create disabled. */
  blocked?: string;
  /** A line computed from the values as they are typed (e.g. the monthly cost of what is created). */
  summary?: (values: V) => ReactNode;
}

export interface AddDialogProps {
  open: boolean;
  onClose: () => void;
  /** What a create invalidates (the list's pages and counts). */
  invalidates: QueryKey[];
}

/** An add button of a table with its modal, whatever its form's types. */
export interface AddAction {
  button: string;
  /** False hides the button (e.g. a permission beyond create on the resource). */
  visible?: boolean;
  disabledReason?: string;
  dialog: (props: AddDialogProps) => ReactNode;
}

async function createOne<O>(config: { create?: (values: O) => Promise<SaveReply> }, values: O): Promise<ItemResult[]> {
  if (!config.create) throw new Error('An add needs create or submit');
  const reply = await config.create(values);
  return [{ key: String(reply.id ?? 'new'), ok: true, message: reply.message }];
}

function AddDialog<V extends FieldValues, O extends FieldValues>({
  config,
  open,
  onClose,
  invalidates,
}: AddDialogProps & { config: AddConfig<V, O> }) {
  const change = useChange({
    mutationFn: (values: O) => (config.submit ? config.submit(values) : createOne(config, values)),
    invalidates,
  });
  return (
    <RecordFormDialog<V, O>
      open={open}
      title={config.title}
      submitLabel="Create"
      schema={config.schema}
      defaults={config.defaults}
      fields={config.fields}
      successSummary={MESSAGES.createdSuccessfully}
      summary={config.summary}
      another
      blocked={config.blocked}
      onClose={onClose}
      submit={change.mutateAsync}
    />
  );
}

/** A further way to create a record, with its own button (e.g. 'Add Softphone User' beside Add). */
export function addAction<V extends FieldValues, O extends FieldValues>(
  config: AddConfig<V, O> & { button: string; visible?: boolean },
): AddAction {
  return {
    button: config.button,
    visible: config.visible,
    disabledReason: config.disabledReason,
    dialog: (props) => <AddDialog config={config} {...props} />,
  };
}
