/** The Numbers tab: the list's entries, add one number, delete, and a CSV upload. */
import Button from '@mui/material/Button';
import { type AccessList, accessListEntryInput, accessListRoutes } from '@switchboard/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../platform/client.ts';
import { NumberEntries } from '../../platform/number-entries/number-entries.tsx';
import { accessLists, entriesSource } from './api.ts';
import { CsvUploadDialog } from './csv-upload-dialog.tsx';

export function NumbersTab({ list }: { list: AccessList }) {
  const queryClient = useQueryClient();
  const [uploadOpen, setUploadOpen] = useState(false);
  // The list's numbers, its entry count and the lists' counts all change.
  const refresh = () => queryClient.invalidateQueries({ queryKey: accessLists.keys.all });
  return (
    <>
      <NumberEntries
        resource="acl"
        schema={accessListEntryInput}
        add={(number) => call(accessListRoutes.addEntry, { params: { id: list.id }, body: { number } })}
        invalidates={[accessLists.keys.all]}
        source={entriesSource(list.id)}
        tableKey="entries"
        remove={(e) => call(accessListRoutes.removeEntry, { params: { id: e.id } })}
        actions={
          <Button variant="outlined" onClick={() => setUploadOpen(true)} sx={{ mt: '2px' }}>
            Upload CSV
          </Button>
        }
      />
      <CsvUploadDialog open={uploadOpen} listId={list.id} onClose={() => setUploadOpen(false)} onUploaded={refresh} />
    </>
  );
}
