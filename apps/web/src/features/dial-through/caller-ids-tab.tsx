/**
 * The caller-ID authentication entries of a dial-through: callers ringing from these numbers are
 * recognised. Add one number, delete (confirmed); changing them is an update of the dial-through.
 */
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type DialThrough, dialThroughCliInput, dialThroughRoutes } from '@switchboard/domain';
import { call } from '../../platform/client.ts';
import { applySaveFailure } from '../../platform/fields/form-errors.ts';
import { FormTextField } from '../../platform/fields/form-fields.tsx';
import { useSchemaForm } from '../../platform/fields/form-schema.ts';
import { useChange } from '../../platform/mutation.ts';
import { PagedTable } from '../../platform/paged-table/paged-table.tsx';
import { useSession } from '../../platform/session-context.ts';
import { useToast } from '../../platform/toast.ts';
import { clisSource, dialThroughKeys } from './api.ts';

const numberInput = dialThroughCliInput.pick({ number: true });

export function CallerIdsTab({ dialThrough }: { dialThrough: DialThrough }) {
  const { can } = useSession();
  const toast = useToast();
  const form = useSchemaForm(numberInput, { number: '' });
  const addCli = useChange({
    mutationFn: (body: { number: string }) =>
      call(dialThroughRoutes.addCli, { body: { dialThroughId: dialThrough.id, number: body.number } }),
    invalidates: [dialThroughKeys.all],
    success: (reply) => reply.message,
  });

  const add = form.handleSubmit(async (values) => {
    try {
      await addCli.mutateAsync(values);
      form.reset({ number: '' });
    } catch (error) {
      // Field messages show under the field; anything else as a toast.
      const message = applySaveFailure(error, form.setError);
      if (message !== null) toast.error(message);
    }
  });

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        Callers ringing from these numbers are recognised by the dial through.
      </Typography>
      {can('dialThrough', 'update') && (
        <Box component="form" onSubmit={add} noValidate sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <Box sx={{ width: 260 }}>
            <FormTextField control={form.control} name="number" label="Telephone number" type="tel" />
          </Box>
          <Button type="submit" variant="contained" startIcon={<AddIcon />} sx={{ mt: '2px' }}>
            Add Number
          </Button>
        </Box>
      )}
      <PagedTable
        source={clisSource(dialThrough.id)}
        resource="dialThrough"
        nested
        tableKey="clis"
        label={(c) => c.number}
        columns={[{ field: 'number', header: 'Telephone Number' }]}
        remove={(c) => call(dialThroughRoutes.removeClis, { body: { id: c.id } })}
        deleteAction="update"
      />
    </Box>
  );
}
