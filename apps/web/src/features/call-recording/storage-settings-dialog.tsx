/**
 * The Storage Settings modal (spec 3 §2, §6: callRecordings read opens it): the account's used
 * storage against its quota, and its retention days and quota (GB) — saved by callRecordings update,
 * based on the version read (a save made meanwhile is refused, the form keeping its values); read
 * only for the others.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import {
  CALL_RECORDING_MESSAGES,
  type CallRecordingSettings,
  type CallRecordingSettingsInput,
  callRecordingSettingsFields,
  callRecordingSettingsInput,
  formatBytes,
  MESSAGES,
} from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formFields } from '../../platform/fields/declared-fields.ts';
import { applySaveFailure } from '../../platform/fields/form-errors.ts';
import { FormFields } from '../../platform/fields/form-fields.tsx';
import { useSchemaForm } from '../../platform/fields/form-schema.ts';
import { useChange } from '../../platform/mutation.ts';
import { useSession } from '../../platform/session-context.ts';
import { callRecordingKeys, saveStorageSettings, storageSettings } from './api.ts';

const FIELDS = formFields<CallRecordingSettingsInput>(callRecordingSettingsFields, ['retentionDays', 'quotaGb']);

/** 'Used 8 KB of 10 GB (4 recordings)' over a bar of the share used. */
function UsedStorage({ settings }: { settings: CallRecordingSettings }) {
  const share = Math.min(100, (settings.usedBytes / settings.quotaBytes) * 100);
  const count = settings.recordings === 1 ? '1 recording' : `${settings.recordings.toLocaleString('en-GB')} recordings`;
  return (
    <Box>
      <Typography variant="body2" gutterBottom>
        Used {formatBytes(settings.usedBytes)} of {formatBytes(settings.quotaBytes)} ({count})
      </Typography>
      <LinearProgress
        variant="determinate"
        value={share}
        color={share >= 90 ? 'warning' : 'primary'}
        aria-label="Used storage"
      />
    </Box>
  );
}

function SettingsForm({ settings, onClose }: { settings: CallRecordingSettings; onClose: () => void }) {
  const editable = useSession().can('callRecordings', 'update');
  const form = useSchemaForm(callRecordingSettingsInput, {
    retentionDays: settings.retentionDays,
    quotaGb: settings.quotaGb,
  });
  const [message, setMessage] = useState<string | null>(null);
  const save = useChange({
    mutationFn: (values: CallRecordingSettingsInput) => saveStorageSettings(values, settings.version),
    invalidates: [callRecordingKeys.all],
    success: () => CALL_RECORDING_MESSAGES.settingsSaved,
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      await save.mutateAsync(values);
      onClose();
    } catch (error) {
      setMessage(applySaveFailure(error, form.setError));
    }
  });
  return (
    <Box component="form" onSubmit={onSubmit} noValidate>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <UsedStorage settings={settings} />
        {message && <Alert severity="error">{message}</Alert>}
        <FormFields control={form.control} fields={FIELDS} disabled={!editable} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{editable ? 'Cancel' : 'Close'}</Button>
        {editable && (
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Save
          </Button>
        )}
      </DialogActions>
    </Box>
  );
}

export function StorageSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const settings = useQuery({ ...storageSettings(), enabled: open });
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="storage-settings-title">
      <DialogTitle id="storage-settings-title">Storage Settings</DialogTitle>
      {settings.isPending ? (
        <DialogContent>
          <CircularProgress aria-label="Loading" />
        </DialogContent>
      ) : settings.isError ? (
        <>
          <DialogContent>
            <Alert severity="error">{MESSAGES.noResponse}</Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      ) : (
        // Each opening starts from the settings as read.
        <SettingsForm key={settings.dataUpdatedAt} settings={settings.data} onClose={onClose} />
      )}
    </Dialog>
  );
}
