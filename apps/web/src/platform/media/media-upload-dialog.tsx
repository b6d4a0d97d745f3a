/**
 * The upload of a media library's item (spec 3 §5): an audio file of the accepted types up to
 * 20,000,000 bytes (checked here, and again by the server on its content while streaming), a name
 * defaulting to the file's, optionally a terms statement to accept; the spec's success text or the
 * server's message as feedback.
 *
 *   <MediaUploadDialog open onClose config={{ title: 'Upload Custom Prompt', route: promptRoutes.upload,
 *     field: 'promptFile', accept: ['audio/mpeg', 'audio/wav'], chooseLabel: 'Choose MP3 or WAV file',
 *     nameMax: PROMPT_NAME_MAX, added: MESSAGES.promptAdded, invalidates: [prompts.keys.all] }} />
 */
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MESSAGES, type RouteContract } from '@switchboard/domain';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../api.ts';
import { upload } from '../client.ts';
import { FileField } from '../fields/file-field.tsx';
import { StagedForm } from '../staged-form/staged-form.tsx';

export interface MediaUploadConfig {
  title: string;
  /** The multipart POST, and its path parameters when it has any (a greeting's mailbox). */
  route: RouteContract;
  params?: Record<string, string>;
  /** Further text fields sent with the file (a greeting's type). */
  fields?: Record<string, string>;
  /** The file's multipart field ('musicFile', 'promptFile'). */
  field: string;
  /** The accepted MIME types. */
  accept: string[];
  /** The file button's label ('Choose MP3 file'). */
  chooseLabel: string;
  /** The name's longest; without it the item has no name of its own (a greeting: its type). */
  nameMax?: number;
  /** A statement to accept (sent as termsAccepted=true) and the message while it is not. */
  terms?: { statement: string; required: string };
  /** The spec's success text ('Custom Prompt added successfully'). */
  added: string;
  invalidates: QueryKey[];
}

type Outcome = { ok: true } | { ok: false; message: string };

/** The upload's state: the file (checked), its name, the terms, and the outcome of its sending. */
function useMediaUpload(config: MediaUploadConfig, onClose: () => void) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [terms, setTerms] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const termsMissing = config.terms !== undefined && !terms;

  const close = () => {
    setFile(null);
    setFileError(null);
    setName('');
    setTerms(false);
    setOutcome(null);
    onClose();
  };
  const nameMax = config.nameMax;
  const nameError = nameMax !== undefined && name.trim().length > nameMax ? MESSAGES.maxLength(nameMax) : null;

  const send = async () => {
    if (!file || fileError || termsMissing || nameError) return false;
    const form = new FormData();
    // The text fields first: the server reads them wherever they come, but this is the usual order.
    if (nameMax !== undefined && name.trim()) form.append('name', name.trim());
    if (config.terms) form.append('termsAccepted', 'true');
    for (const [key, value] of Object.entries(config.fields ?? {})) form.append(key, value);
    form.append(config.field, file, file.name);
    try {
      await upload(config.route, config.params ?? {}, form);
      setOutcome({ ok: true });
    } catch (error) {
      const message = error instanceof ApiError && error.message ? error.message : MESSAGES.uploadFallback;
      setOutcome({ ok: false, message });
    }
    await Promise.all(config.invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    return true;
  };

  /** A file chosen (or its refusal): its name, unless one is typed, is the file's. */
  const choose = (f: File | null, e: string | null) => {
    setFile(f);
    setFileError(e);
    if (f && !name && nameMax !== undefined) setName(f.name.replace(/\.[^.]*$/, '').slice(0, nameMax));
  };
  const blocked = !file || fileError !== null || termsMissing || nameError !== null;
  return { file, fileError, name, setName, terms, setTerms, nameError, outcome, choose, close, send, blocked };
}

export function MediaUploadDialog({
  open,
  onClose,
  config,
}: {
  open: boolean;
  onClose: () => void;
  config: MediaUploadConfig;
}) {
  const dialog = useMediaUpload(config, onClose);
  const { file, fileError, name, setName, terms, setTerms, nameError, outcome } = dialog;

  return (
    <StagedForm
      open={open}
      title={config.title}
      onClose={dialog.close}
      feedback={
        outcome &&
        (outcome.ok ? (
          <Alert severity="success">{config.added}</Alert>
        ) : (
          <Alert severity="error">{outcome.message}</Alert>
        ))
      }
      stages={[
        {
          label: 'Choose File',
          blocked: dialog.blocked,
          actionLabel: 'Upload',
          action: dialog.send,
          content: (
            <Stack spacing={2}>
              <FileField
                label={config.chooseLabel}
                accept={config.accept}
                file={file}
                error={fileError}
                onChange={dialog.choose}
              />
              {config.nameMax !== undefined && (
                <TextField
                  label="Name"
                  size="small"
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  error={nameError !== null}
                  helperText={nameError ?? 'Defaults to the file name'}
                />
              )}
              {config.terms && (
                <div>
                  <FormControlLabel
                    control={<Checkbox checked={terms} onChange={(e) => setTerms(e.target.checked)} />}
                    label={config.terms.statement}
                  />
                  {file && !terms && <FormHelperText>{config.terms.required}</FormHelperText>}
                </div>
              )}
            </Stack>
          ),
        },
      ]}
    />
  );
}
