/**
 * /voicemail/settings/{mailbox} (spec 3 §2, §3, §5, §8): the mailbox's settings (full name, e-mail,
 * delete after e-mail, PIN — left blank keeps the current one) saved against the seat's version,
 * and its prerecorded greetings: each type's player, an upload (MP3 or WAV up to 20,000,000 bytes,
 * checked here and by the server on its content) with the spec's texts, and a delete (asked first).
 */
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  GREETING_TYPES,
  MESSAGES,
  VOICEMAIL_MESSAGES,
  type VoicemailGreeting,
  type VoicemailSettings,
  type VoicemailSettingsInput,
} from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../platform/api.ts';
import { useBreadcrumb } from '../../platform/breadcrumb.tsx';
import { useConfirm } from '../../platform/confirm.tsx';
import { WaveformPlayer } from '../../platform/media/waveform-player.tsx';
import { useChange } from '../../platform/mutation.ts';
import { useSession } from '../../platform/session-context.ts';
import { voicemail, voicemailKeys } from './api.ts';
import { GreetingUpload } from './greeting-upload.tsx';

export default function VoicemailSettingsPage() {
  const { mailbox = '' } = useParams();
  const settings = useQuery(voicemail.settings(mailbox));
  useBreadcrumb(settings.data ? `Mailbox ${settings.data.mailbox} settings` : null);
  if (settings.isPending) return <CircularProgress aria-label="Loading" />;
  if (settings.isError) return <Alert severity="error">{MESSAGES.recordNotFound}</Alert>;
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Mailbox {settings.data.mailbox} Settings
      </Typography>
      <SettingsForm key={settings.data.version} mailbox={mailbox} settings={settings.data} />
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        Prerecorded Greetings
      </Typography>
      <Greetings mailbox={mailbox} />
    </Box>
  );
}

/** The settings' form: the server's rules and texts (spec 3 §5) under each field. */
function SettingsForm({ mailbox, settings }: { mailbox: string; settings: VoicemailSettings }) {
  const { can } = useSession();
  const editable = can('voicemail', 'update');
  const [values, setValues] = useState<VoicemailSettingsInput>({
    fullname: settings.fullname,
    email: settings.email,
    password: '',
    vmDelete: settings.vmDelete,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useChange({
    mutationFn: (body: VoicemailSettingsInput) => voicemail.saveSettings(mailbox, body, settings.version),
    invalidates: [voicemailKeys.all],
    success: (reply) => reply.message,
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      await save.mutateAsync(values);
    } catch (e) {
      setErrors(e instanceof ApiError ? { _: e.message, ...e.validation } : { _: MESSAGES.saveFallback });
    }
  };
  const text = (name: 'fullname' | 'email' | 'password', label: string, extra: object = {}) => (
    <TextField
      label={label}
      size="small"
      value={values[name] ?? ''}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      error={errors[name] !== undefined}
      helperText={errors[name]}
      disabled={!editable}
      {...extra}
    />
  );
  return (
    <Paper variant="outlined" component="form" onSubmit={submit} noValidate sx={{ p: 2 }}>
      <Stack spacing={2} sx={{ maxWidth: 480 }}>
        {errors._ && <Alert severity="error">{errors._}</Alert>}
        {text('fullname', 'Full Name')}
        {text('email', 'Voicemail to Email', { type: 'email' })}
        <FormControlLabel
          control={
            <Switch
              checked={values.vmDelete ?? false}
              onChange={(e) => setValues((v) => ({ ...v, vmDelete: e.target.checked }))}
              disabled={!editable}
            />
          }
          label="Delete Voicemail After Emailing"
        />
        {text('password', 'PIN', {
          type: 'password',
          autoComplete: 'new-password',
          inputProps: { inputMode: 'numeric' },
          helperText:
            errors.password ?? (settings.passwordSet ? 'A PIN is set: leave blank to keep it' : 'No PIN is set'),
        })}
        {editable && (
          <Box>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              Save
            </Button>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}

function Greetings({ mailbox }: { mailbox: string }) {
  const greetings = useQuery(voicemail.greetings(mailbox));
  if (greetings.isPending) return <CircularProgress aria-label="Loading" />;
  if (greetings.isError) return <Alert severity="error">{greetings.error.message}</Alert>;
  return (
    <Stack spacing={2}>
      {greetings.data.records.map((g) => (
        <Greeting key={g.type} mailbox={mailbox} greeting={g} />
      ))}
    </Stack>
  );
}

function Greeting({ mailbox, greeting: g }: { mailbox: string; greeting: VoicemailGreeting }) {
  const { can } = useSession();
  const confirm = useConfirm();
  const [uploading, setUploading] = useState(false);
  const remove = useChange({
    mutationFn: () => voicemail.removeGreeting(mailbox, g.type),
    invalidates: [voicemailKeys.greetings(mailbox)],
    success: (reply) => reply.message,
    failure: (error) => error.message,
  });
  const ask = async () => {
    const ok = await confirm.ask({
      title: `Delete ${g.label} Greeting`,
      text: VOICEMAIL_MESSAGES.confirmGreetingDelete,
      action: 'Delete',
    });
    if (ok) await remove.mutateAsync().catch(() => undefined);
  };
  const helper = GREETING_TYPES.find((t) => t.value === g.type)?.helper;
  const titleId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="subtitle1" component="h3" id={titleId}>
            {g.label}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {helper}
          </Typography>
        </Box>
        {can('voicemail', 'update') && (
          <Button variant="outlined" onClick={() => setUploading(true)}>
            {g.set ? 'Replace' : 'Upload'}
          </Button>
        )}
        {g.set && can('voicemail', 'update') && (
          <Button color="error" startIcon={<DeleteIcon />} onClick={ask}>
            Delete
          </Button>
        )}
      </Box>
      {g.set ? (
        <WaveformPlayer url={voicemail.greetingUrl(mailbox, g.type, g.uploadedAt)} name={`${g.label} greeting`} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          Not set: callers hear the standard greeting.
        </Typography>
      )}
      <GreetingUpload open={uploading} onClose={() => setUploading(false)} mailbox={mailbox} greeting={g} />
      {confirm.dialog}
    </Paper>
  );
}
