/**
 * A parent's list of telephone numbers (an access list's numbers, a dial-through's caller IDs):
 * with the parent's update, a one-field form adding a number (its message under the field, or a
 * toast) and more actions beside it (e.g. Upload CSV); then the numbers in a nested table whose
 * delete is an update of the parent.
 *
 *   <NumberEntries resource="acl" schema={accessListEntryInput} add={(number) => call(...)}
 *     invalidates={[accessLists.keys.all]} source={entriesSource(list.id)} tableKey="entries"
 *     remove={(e) => call(accessListRoutes.removeEntry, { params: { id: e.id } })} />
 */
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Resource, SaveReply } from '@switchboard/domain';
import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { applySaveFailure } from '../fields/form-errors.ts';
import { FormTextField } from '../fields/form-fields.tsx';
import { type FormSchema, useSchemaForm } from '../fields/form-schema.ts';
import { useChange } from '../mutation.ts';
import { PagedTable } from '../paged-table/paged-table.tsx';
import type { ListSource } from '../resource.ts';
import { useSession } from '../session-context.ts';
import { useToast } from '../toast.ts';

type NumberValues = { number: string };

export interface NumberEntriesProps<T extends { id: number; number: string }> {
  /** The parent's permission resource: adding and deleting a number needs its update. */
  resource: Resource;
  /** The number's schema (the domain's, as the server validates it). */
  schema: FormSchema<NumberValues, NumberValues>;
  add: (number: string) => Promise<SaveReply>;
  /** What an add refreshes (the parent's keys: its numbers and counts). */
  invalidates: QueryKey[];
  source: ListSource<T>;
  tableKey: string;
  remove: (row: T) => Promise<SaveReply>;
  /** A line above, saying what the numbers do. */
  intro?: ReactNode;
  /** More actions at the end of the add row, shown with the parent's update (e.g. Upload CSV). */
  actions?: ReactNode;
}

export function NumberEntries<T extends { id: number; number: string }>(props: NumberEntriesProps<T>) {
  const { can } = useSession();
  const toast = useToast();
  const form = useSchemaForm(props.schema, { number: '' });
  const addNumber = useChange({
    mutationFn: (values: NumberValues) => props.add(values.number),
    invalidates: props.invalidates,
    success: (reply) => reply.message,
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await addNumber.mutateAsync(values);
      form.reset({ number: '' });
    } catch (error) {
      // Field messages show under the field; anything else as a toast.
      const message = applySaveFailure(error, form.setError);
      if (message !== null) toast.error(message);
    }
  });

  return (
    // minmax(0, 1fr): the column is the card's width, never its widest row's (a phone's 390 px).
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      {props.intro}
      {can(props.resource, 'update') && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <Box
            component="form"
            onSubmit={submit}
            noValidate
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', minWidth: 0 }}
          >
            <Box sx={{ flex: '1 1 180px', maxWidth: 260 }}>
              <FormTextField control={form.control} name="number" label="Telephone number" type="tel" />
            </Box>
            <Button type="submit" variant="contained" startIcon={<AddIcon />} sx={{ mt: '2px', whiteSpace: 'nowrap' }}>
              Add Number
            </Button>
          </Box>
          <Box sx={{ flex: 1 }} />
          {props.actions}
        </Box>
      )}
      <PagedTable
        source={props.source}
        resource={props.resource}
        nested
        tableKey={props.tableKey}
        label={(e) => e.number}
        columns={[{ field: 'number', header: 'Telephone Number' }]}
        remove={props.remove}
        deleteAction="update"
      />
    </Box>
  );
}
