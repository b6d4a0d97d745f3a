/** CSV upload of numbers (multipart field 'numbers'): choose, upload, then per-line feedback. */
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { accessListRoutes, type CsvUploadReply, MESSAGES } from '@switchboard/domain';
import { useState } from 'react';
import { ApiError } from '../../platform/api.ts';
import { upload as uploadFile } from '../../platform/client.ts';
import { FileField } from '../../platform/fields/file-field.tsx';
import { StagedForm } from '../../platform/staged-form/staged-form.tsx';

interface CsvUploadDialogProps {
  open: boolean;
  listId: number;
  onClose: () => void;
  onUploaded: () => Promise<void>;
}

/** A failed line, or the request's own failure (line 0: the server's reason for refusing the file). */
type Failure = CsvUploadReply['failures'][number];

/** The per-line failures in the red accordion (spec 2 §8); `total` counts those the reply left out. */
function FailureAccordion({ failures, total }: { failures: Failure[]; total: number }) {
  return (
    <Accordion
      defaultExpanded
      disableGutters
      sx={{
        border: 1,
        borderColor: 'error.main',
        '& .MuiAccordionSummary-root': { bgcolor: 'error.main', color: 'error.contrastText' },
      }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon sx={{ color: 'error.contrastText' }} />}>
        <Typography>{MESSAGES.errorsOccurred(total)}</Typography>
      </AccordionSummary>
      <AccordionDetails>
        <List dense>
          {failures.map((f) => (
            <ListItem key={`${f.line}-${f.number}`}>
              <ListItemText primary={f.line > 0 ? `Line ${f.line}: ${f.number} — ${f.message}` : f.message} />
            </ListItem>
          ))}
          {total > failures.length && (
            <ListItem>
              <ListItemText primary={`and ${total - failures.length} more lines`} />
            </ListItem>
          )}
        </List>
      </AccordionDetails>
    </Accordion>
  );
}

export function CsvUploadDialog({ open, listId, onClose, onUploaded }: CsvUploadDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [result, setResult] = useState<CsvUploadReply | null>(null);
  /** The request failed: the server's reason, when it gave one. */
  const [failure, setFailure] = useState<string[] | null>(null);

  const close = () => {
    setFile(null);
    setFileError(null);
    setResult(null);
    setFailure(null);
    onClose();
  };

  const upload = async () => {
    if (!file || fileError) return false;
    const form = new FormData();
    form.append('numbers', file, file.name);
    try {
      setResult(await uploadFile(accessListRoutes.uploadCsv, { id: listId }, form));
      setFailure(null);
    } catch (error) {
      setResult(null);
      const reason = error instanceof ApiError ? error.message : '';
      setFailure(reason && reason !== MESSAGES.csvUploadFailed ? [reason] : []);
    }
    await onUploaded();
    return true;
  };

  // Any failure (the request's, or some lines') says the spec's text, the lines in the red accordion.
  const failures: Failure[] | null = failure
    ? failure.map((message) => ({ line: 0, number: '', message }))
    : result && result.failures.length > 0
      ? result.failures
      : null;
  const feedback = failures ? (
    <>
      <Alert severity="error" sx={{ mb: 2 }}>
        {MESSAGES.csvUploadFailed}
      </Alert>
      {result && (
        <Typography variant="body2" sx={{ mb: 2 }}>
          {result.message}
        </Typography>
      )}
      {failures.length > 0 && <FailureAccordion failures={failures} total={result?.failureCount ?? failures.length} />}
    </>
  ) : result ? (
    <Alert severity="success">{result.message}</Alert>
  ) : null;

  return (
    <StagedForm
      open={open}
      title="Upload CSV of numbers"
      onClose={close}
      feedback={feedback}
      stages={[
        {
          label: 'Choose File',
          blocked: !file || fileError !== null,
          actionLabel: 'Upload',
          action: upload,
          content: (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                One telephone number per line (the first column is read; a header line is skipped).
              </Typography>
              <FileField
                label="Choose CSV file"
                accept={['text/csv']}
                file={file}
                error={fileError}
                onChange={(f, e) => {
                  setFile(f);
                  setFileError(e);
                }}
              />
            </>
          ),
        },
      ]}
    />
  );
}
