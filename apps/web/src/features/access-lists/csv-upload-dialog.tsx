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

/** What an upload came to: the server's reply, or none when the request failed, and the failures to list. */
interface Outcome {
  reply?: CsvUploadReply;
  failures: Failure[];
  total: number;
}

export function CsvUploadDialog({ open, listId, onClose, onUploaded }: CsvUploadDialogProps) {
  const [chosen, setChosen] = useState<{ file: File | null; error: string | null }>({ file: null, error: null });
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const close = () => {
    setChosen({ file: null, error: null });
    setOutcome(null);
    onClose();
  };

  const upload = async () => {
    const { file, error } = chosen;
    if (!file || error) return false;
    const form = new FormData();
    form.append('numbers', file, file.name);
    try {
      const reply = await uploadFile(accessListRoutes.uploadCsv, { id: listId }, form);
      setOutcome({ reply, failures: reply.failures, total: reply.failureCount });
    } catch (error) {
      // The request's own failure: the server's reason for refusing the file, when it gave one.
      const reason = error instanceof ApiError ? error.message : '';
      const failures = reason && reason !== MESSAGES.csvUploadFailed ? [{ line: 0, number: '', message: reason }] : [];
      setOutcome({ failures, total: failures.length });
    }
    await onUploaded();
    return true;
  };

  // Any failure (the request's, or some lines') says the spec's text, the lines in the red accordion.
  const feedback = !outcome ? null : outcome.reply && outcome.failures.length === 0 ? (
    <Alert severity="success">{outcome.reply.message}</Alert>
  ) : (
    <>
      <Alert severity="error" sx={{ mb: 2 }}>
        {MESSAGES.csvUploadFailed}
      </Alert>
      {outcome.reply && (
        <Typography variant="body2" sx={{ mb: 2 }}>
          {outcome.reply.message}
        </Typography>
      )}
      {outcome.failures.length > 0 && <FailureAccordion failures={outcome.failures} total={outcome.total} />}
    </>
  );

  return (
    <StagedForm
      open={open}
      title="Upload CSV of numbers"
      onClose={close}
      feedback={feedback}
      stages={[
        {
          label: 'Choose File',
          blocked: !chosen.file || chosen.error !== null,
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
                file={chosen.file}
                error={chosen.error}
                onChange={(file, error) => setChosen({ file, error })}
              />
            </>
          ),
        },
      ]}
    />
  );
}
