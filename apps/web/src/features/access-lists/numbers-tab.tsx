/** The Numbers tab: the list's entries, add one number, delete, and a CSV upload. */

import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type AccessList, accessListEntryInput, accessListRoutes } from '@switchboard/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../platform/client.ts';
import { applySaveFailure } from '../../platform/fields/form-errors.ts';
import { FormTextField } from '../../platform/fields/form-fields.tsx';
import { useSchemaForm } from '../../platform/fields/form-schema.ts';
import { useChange } from '../../platform/mutation.ts';
import { useSession } from '../../platform/session-context.ts';
import { useToast } from '../../platform/toast.ts';
import { accessListKeys } from './api.ts';
import { CsvUploadDialog } from './csv-upload-dialog.tsx';
import { EntriesTable } from './entries-table.tsx';

export function NumbersTab({ list }: { list: AccessList }) {
  const { can } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [uploadOpen, setUploadOpen] = useState(false);
  const form = useSchemaForm(accessListEntryInput, { number: '' });
  const mayUpdate = can('acl', 'update');
  // The list's numbers, its entry count and the lists' counts all change.
  const refresh = () => queryClient.invalidateQueries({ queryKey: accessListKeys.all });
  const addEntry = useChange({
    mutationFn: (body: { number: string }) => call(accessListRoutes.addEntry, { params: { id: list.id }, body }),
    invalidates: [accessListKeys.all],
    success: (reply) => reply.message,
  });

  const add = form.handleSubmit(async (values) => {
    try {
      await addEntry.mutateAsync(values);
      form.reset({ number: '' });
    } catch (error) {
      // Field messages show under the field; anything else as a toast.
      const message = applySaveFailure(error, form.setError);
      if (message !== null) toast.error(message);
    }
  });

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {mayUpdate && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <Box component="form" onSubmit={add} noValidate sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <Box sx={{ width: 260 }}>
              <FormTextField control={form.control} name="number" label="Telephone number" type="tel" />
            </Box>
            <Button type="submit" variant="contained" startIcon={<AddIcon />} sx={{ mt: '2px' }}>
              Add Number
            </Button>
          </Box>
          <Box sx={{ flex: 1 }} />
          <Button variant="outlined" onClick={() => setUploadOpen(true)} sx={{ mt: '2px' }}>
            Upload CSV
          </Button>
        </Box>
      )}
      <EntriesTable list={list} />
      <CsvUploadDialog open={uploadOpen} listId={list.id} onClose={() => setUploadOpen(false)} onUploaded={refresh} />
    </Box>
  );
}
