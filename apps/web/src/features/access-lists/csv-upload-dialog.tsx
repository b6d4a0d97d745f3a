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
import { type CsvUploadReply, MESSAGES } from '@switchboard/domain';
import { useState } from 'react';
import { ApiError, api } from '../../platform/api.ts';
import { FileField } from '../../platform/fields/file-field.tsx';
import { StagedForm } from '../../platform/staged-form/staged-form.tsx';

interface CsvUploadDialogProps {
  open: boolean;
  listId: number;
  onClose: () => void;
  onUploaded: () => Promise<void>;
}

export function CsvUploadDialog({ open, listId, onClose, onUploaded }: CsvUploadDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [result, setResult] = useState<CsvUploadReply | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

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
      setResult(await api.upload<CsvUploadReply>(`/accesscontrol/entry/${listId}/csv`, form));
      setFailure(null);
    } catch (error) {
      setResult(null);
      setFailure(error instanceof ApiError ? error.message : MESSAGES.csvUploadFailed);
    }
    await onUploaded();
    return true;
  };

  const feedback = failure ? (
    <Alert severity="error">{failure}</Alert>
  ) : result ? (
    <>
      <Alert severity={result.failures.length === 0 ? 'success' : 'warning'} sx={{ mb: 2 }}>
        {result.message}
      </Alert>
      {result.failures.length > 0 && (
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
            <Typography>{MESSAGES.errorsOccurred(result.failures.length)}</Typography>
          </AccordionSummary>
          <AccordionDetails>
            <List dense>
              {result.failures.map((f) => (
                <ListItem key={`${f.line}-${f.number}`}>
                  <ListItemText primary={`Line ${f.line}: ${f.number} — ${f.message}`} />
                </ListItem>
              ))}
            </List>
          </AccordionDetails>
        </Accordion>
      )}
    </>
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
