/** Upload of music on hold: an MP3 up to 20,000,000 bytes, a name, and the terms accepted (spec 3 §5). */
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MESSAGES, MUSIC_NAME_MAX, MUSIC_TERMS, musicOnHoldRoutes } from '@switchboard/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../platform/api.ts';
import { upload } from '../../platform/client.ts';
import { FileField } from '../../platform/fields/file-field.tsx';
import { StagedForm } from '../../platform/staged-form/staged-form.tsx';
import { music } from './api.ts';

type Outcome = { ok: true } | { ok: false; message: string };

export function MusicUploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [terms, setTerms] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const close = () => {
    setFile(null);
    setFileError(null);
    setName('');
    setTerms(false);
    setOutcome(null);
    onClose();
  };
  const nameError = name.trim().length > MUSIC_NAME_MAX ? MESSAGES.maxLength(MUSIC_NAME_MAX) : null;

  const send = async () => {
    if (!file || fileError || !terms || nameError) return false;
    const form = new FormData();
    // The text fields first: the server reads them wherever they come, but this is the usual order.
    if (name.trim()) form.append('name', name.trim());
    form.append('termsAccepted', 'true');
    form.append('musicFile', file, file.name);
    try {
      await upload(musicOnHoldRoutes.upload, {}, form);
      setOutcome({ ok: true });
    } catch (error) {
      const message = error instanceof ApiError && error.message ? error.message : MESSAGES.uploadFallback;
      setOutcome({ ok: false, message });
    }
    await queryClient.invalidateQueries({ queryKey: music.keys.all });
    return true;
  };

  return (
    <StagedForm
      open={open}
      title="Upload Music On Hold"
      onClose={close}
      feedback={
        outcome &&
        (outcome.ok ? (
          <Alert severity="success">{MESSAGES.musicAdded}</Alert>
        ) : (
          <Alert severity="error">{outcome.message}</Alert>
        ))
      }
      stages={[
        {
          label: 'Choose File',
          blocked: !file || fileError !== null || !terms || nameError !== null,
          actionLabel: 'Upload',
          action: send,
          content: (
            <Stack spacing={2}>
              <FileField
                label="Choose MP3 file"
                accept={['audio/mpeg']}
                file={file}
                error={fileError}
                onChange={(f, e) => {
                  setFile(f);
                  setFileError(e);
                  if (f && !name) setName(f.name.replace(/\.[^.]*$/, '').slice(0, MUSIC_NAME_MAX));
                }}
              />
              <TextField
                label="Name"
                size="small"
                value={name}
                onChange={(e) => setName(e.target.value)}
                error={nameError !== null}
                helperText={nameError ?? 'Defaults to the file name'}
              />
              <div>
                <FormControlLabel
                  control={<Checkbox checked={terms} onChange={(e) => setTerms(e.target.checked)} />}
                  label={MUSIC_TERMS}
                />
                {file && !terms && <FormHelperText>{MESSAGES.musicTerms}</FormHelperText>}
              </div>
            </Stack>
          ),
        },
      ]}
    />
  );
}
