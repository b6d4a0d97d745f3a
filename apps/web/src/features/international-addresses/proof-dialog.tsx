/**
 * A proof document's upload for an address (spec 3 §5, §9): its type and a pdf, jpeg, jpg or png of
 * at most 20,000,000 bytes (checked here, and by the server on the content); 'Documents added
 * successfully', else the server's message or 'Something went wrong, please try again' (§8).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  INTERNATIONAL_MESSAGES,
  type InternationalAddress,
  internationalRoutes,
  MESSAGES,
  PROOF_TYPE_LABELS,
  PROOF_TYPES,
  type ProofType,
} from '@switchboard/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../platform/api.ts';
import { upload } from '../../platform/client.ts';
import { FileField } from '../../platform/fields/file-field.tsx';
import { refreshInternational } from './api.ts';

/** The types a proof may be (the server decides by the content). */
export const PROOF_ACCEPTED = ['application/pdf', 'image/jpeg', 'image/png'];

/** Sends a proof; answers null when it was added, else the message to show. */
export async function sendProof(addressId: number, proofType: ProofType, file: File): Promise<string | null> {
  const form = new FormData();
  form.append('proofType', proofType);
  form.append('proofFile', file, file.name);
  try {
    await upload(internationalRoutes.uploadProof, { id: addressId }, form);
    return null;
  } catch (error) {
    return errorMessage(error, MESSAGES.uploadFallback);
  }
}

/** The proof type and document inputs, with their 'This is a required field' once tried. */
export function ProofInputs(props: {
  types: readonly ProofType[];
  proofType: ProofType | '';
  onType: (type: ProofType | '') => void;
  file: File | null;
  fileError: string | null;
  onFile: (file: File | null, error: string | null) => void;
  tried: boolean;
}) {
  const typeMissing = props.tried && props.proofType === '';
  const fileMissing = props.tried && props.file === null;
  return (
    <Stack spacing={2}>
      <TextField
        select
        size="small"
        label="Proof Type"
        value={props.proofType}
        onChange={(e) => props.onType(PROOF_TYPES.find((t) => t === e.target.value) ?? '')}
        error={typeMissing}
        helperText={typeMissing ? MESSAGES.required : ' '}
      >
        {props.types.map((t) => (
          <MenuItem key={t} value={t}>
            {PROOF_TYPE_LABELS[t]}
          </MenuItem>
        ))}
      </TextField>
      <FileField
        label="Choose PDF, JPEG or PNG"
        accept={PROOF_ACCEPTED}
        file={props.file}
        error={props.fileError ?? (fileMissing ? MESSAGES.required : null)}
        onChange={props.onFile}
      />
    </Stack>
  );
}

export function ProofDialog({ address, onClose }: { address: InternationalAddress; onClose: () => void }) {
  const client = useQueryClient();
  const [proofType, setProofType] = useState<ProofType | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async () => {
    setTried(true);
    if (proofType === '' || !file || fileError) return;
    setSending(true);
    const failed = await sendProof(address.id, proofType, file);
    setSending(false);
    setOutcome(failed ? { ok: false, message: failed } : { ok: true, message: INTERNATIONAL_MESSAGES.documentsAdded });
    await refreshInternational(client);
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Upload Proof</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="info">
            For {address.title} {address.firstname} {address.lastname}, {address.postcode}
          </Alert>
          {outcome?.ok ? null : (
            <ProofInputs
              types={PROOF_TYPES}
              proofType={proofType}
              onType={setProofType}
              file={file}
              fileError={fileError}
              onFile={(f, e) => {
                setFile(f);
                setFileError(e);
              }}
              tried={tried}
            />
          )}
          {outcome && <Alert severity={outcome.ok ? 'success' : 'error'}>{outcome.message}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{outcome?.ok ? 'Close' : 'Cancel'}</Button>
        {!outcome?.ok && (
          <Button variant="contained" disabled={sending} onClick={() => void submit()}>
            Upload
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
