/**
 * The number's emergency (EMS) address: the registry's state, the address, and the emergency
 * services address modal in view or edit mode (spec 3 §3, §4: an update pending disables edits).
 */
import EditLocationIcon from '@mui/icons-material/EditLocation';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import {
  type EmsInput,
  type EmsRecord,
  type EmsStatus,
  emsFailed,
  emsFields,
  emsInput,
  inputValuesOf,
  TELEPHONE_NUMBER_MESSAGES,
  type TelephoneNumber,
  telephoneNumberRoutes,
} from '@switchboard/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ifMatch } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { formFields } from '../../platform/fields/declared-fields.ts';
import { FormFields } from '../../platform/fields/form-fields.tsx';
import { useSchemaForm } from '../../platform/fields/form-schema.ts';
import { useFormSubmit } from '../../platform/fields/form-submit.ts';
import { Hint } from '../../platform/hint.tsx';
import { useChange } from '../../platform/mutation.ts';
import { useSession } from '../../platform/session-context.ts';
import { useToast } from '../../platform/toast.ts';
import { emsChanges, useEms } from './api.ts';
import { followEmsOutcome } from './ems-outcome.tsx';
import { EmsStatusChip } from './ems-status-chip.tsx';

/** The address modal's fields, two a row, the wider taking two thirds (on the right, then the left). */
const ADDRESS_FIELDS = formFields<EmsInput>(emsFields, [
  'title',
  'forename',
  'name',
  'businessSuffix',
  'premises',
  'thoroughfare',
  'locality',
  'postcode',
]);
const ADDRESS_ROWS = [0, 1, 2, 3].map((row) => ({
  columns: row % 2 === 0 ? '1fr 2fr' : '2fr 1fr',
  fields: ADDRESS_FIELDS.slice(row * 2, row * 2 + 2),
}));

function statusOf(e: EmsRecord): EmsStatus {
  if (!e.emsNeeded) return 'Not needed';
  if (e.updatePending) return 'Pending';
  if (emsFailed(e.errorCode)) return 'Error';
  return e.postcode ? 'Confirmed' : 'Not set';
}

/** The address as a postal block ('Ms Alice Acme Plumbing Ltd / Unit 9 Canal Street / ...'). */
function AddressBlock({ ems }: { ems: EmsRecord }) {
  const lines = [
    [ems.title, ems.forename, ems.name, ems.businessSuffix].filter(Boolean).join(' '),
    [ems.premises, ems.thoroughfare].filter(Boolean).join(' '),
    ems.locality,
    ems.postcode,
  ].filter(Boolean);
  if (lines.length === 0) return <Hint>No emergency address has been set for this number.</Hint>;
  return (
    <Box component="address" data-testid="ems-address" sx={{ fontStyle: 'normal', lineHeight: 1.7 }}>
      {lines.map((l) => (
        <Typography key={l} variant="body2">
          {l}
        </Typography>
      ))}
    </Box>
  );
}

type Mode = 'view' | 'edit';

function EmsDialog({ ems, opened, onClose }: { ems: EmsRecord; opened: Mode; onClose: () => void }) {
  const [mode, setMode] = useState(opened);
  const mayEdit = useSession().can('numbers', 'update');
  const form = useSchemaForm(emsInput, inputValuesOf(emsInput, ems));
  const queryClient = useQueryClient();
  const toast = useToast();
  const update = useChange({
    // Based on the number as the tab loaded it.
    mutationFn: (values: EmsInput) =>
      call(telephoneNumberRoutes.saveEms, { params: { id: ems.id }, body: values, headers: ifMatch(ems.version) }),
    invalidates: emsChanges,
  });
  useEffect(() => form.reset(inputValuesOf(emsInput, ems)), [ems, form]);
  const editing = mode === 'edit' && mayEdit && !ems.updatePending;
  const { submit, banner } = useFormSubmit(
    form,
    async (values) => {
      // Sent, not done: the reply says it is pending, and the registry's answer comes as a notification.
      const reply = await update.mutateAsync(values);
      toast.info(reply.message);
      followEmsOutcome(queryClient, ems.id, ems.telephoneNumber);
      onClose();
    },
    TELEPHONE_NUMBER_MESSAGES.emsUpdateFailed,
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="ems-dialog-title">
      <DialogTitle id="ems-dialog-title">Emergency Services Address — {ems.telephoneNumber}</DialogTitle>
      <DialogContent>
        <Box component="form" id="ems-form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2, pt: 1 }}>
          {banner && <Alert severity="error">{banner}</Alert>}
          {ems.updatePending && <Alert severity="info">{TELEPHONE_NUMBER_MESSAGES.emsPending}</Alert>}
          {ADDRESS_ROWS.map((row) => (
            <Box
              key={row.fields[0]?.name}
              sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: row.columns } }}
            >
              <FormFields control={form.control} disabled={!editing} fields={row.fields} />
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        {mode === 'view' && mayEdit && (
          <Button variant="outlined" disabled={ems.updatePending} onClick={() => setMode('edit')}>
            Edit
          </Button>
        )}
        {editing && (
          <Button type="submit" form="ems-form" variant="contained" disabled={form.formState.isSubmitting}>
            Update
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

export function EmergencyTab({ number }: { number: Pick<TelephoneNumber, 'id'> }) {
  const ems = useEms(number.id);
  const mayEdit = useSession().can('numbers', 'update');
  const [mode, setMode] = useState<Mode | null>(null);
  if (ems.isPending) return <CircularProgress aria-label="Loading" size={24} />;
  if (ems.isError || !ems.data) return <Alert severity="error">{TELEPHONE_NUMBER_MESSAGES.emsRetrieveFailed}</Alert>;
  const e = ems.data;
  if (!e.emsNeeded) return <Alert severity="info">{TELEPHONE_NUMBER_MESSAGES.emsNotNeeded}</Alert>;
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <Typography variant="subtitle2">Emergency address status</Typography>
        <EmsStatusChip status={statusOf(e)} />
      </Box>
      {e.updatePending && <Alert severity="info">{TELEPHONE_NUMBER_MESSAGES.emsPending}</Alert>}
      {e.errorText && (
        <Alert severity={emsFailed(e.errorCode) ? 'error' : 'info'} data-testid="ems-error">
          {e.errorText}
        </Alert>
      )}
      <AddressBlock ems={e} />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="outlined" startIcon={<VisibilityIcon />} onClick={() => setMode('view')}>
          View
        </Button>
        {mayEdit && (
          <Button
            variant="contained"
            startIcon={<EditLocationIcon />}
            disabled={e.updatePending}
            onClick={() => setMode('edit')}
          >
            Edit Address
          </Button>
        )}
      </Box>
      {mode && <EmsDialog ems={e} opened={mode} onClose={() => setMode(null)} />}
    </Box>
  );
}
