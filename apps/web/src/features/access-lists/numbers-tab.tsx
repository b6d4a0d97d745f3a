/** The Numbers tab: the list's entries, add one number, delete, and a CSV upload. */

import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type AccessList, accessListEntryInput, type SaveReply } from '@switchboard/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError, api } from '../../platform/api.ts';
import { FormTextField } from '../../platform/fields/form-fields.tsx';
import { applyServerErrors } from '../../platform/fields/server-errors.ts';
import { useSession } from '../../platform/session-context.ts';
import { useToast } from '../../platform/toast.ts';
import { CsvUploadDialog } from './csv-upload-dialog.tsx';
import { EntriesTable } from './entries-table.tsx';

export function NumbersTab({ list }: { list: AccessList }) {
  const { can } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [uploadOpen, setUploadOpen] = useState(false);
  const form = useForm<{ number: string }>({
    resolver: zodResolver(accessListEntryInput),
    defaultValues: { number: '' },
  });
  const mayUpdate = can('acl', 'update');
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['list', `/accesscontrol/${list.id}/entries`] });
    await queryClient.invalidateQueries({ queryKey: ['record', '/accesscontrol', String(list.id)] });
    await queryClient.invalidateQueries({ queryKey: ['list', '/accesscontrol'] });
  };

  const add = form.handleSubmit(async (values) => {
    try {
      const reply = await api.post<SaveReply>(`/accesscontrol/entry/${list.id}`, values);
      toast.success(reply.message);
      form.reset({ number: '' });
      await refresh();
    } catch (error) {
      const message = applyServerErrors(error, form.setError);
      // Field messages show under the field; anything else as a toast.
      if (!(error instanceof ApiError) || Object.keys(error.validation).length === 0) toast.error(message);
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
