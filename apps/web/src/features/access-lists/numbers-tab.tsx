/**
 * The Numbers tab: the list's entries, add one number, delete, and a CSV upload of numbers
 * (multipart field 'numbers'): choose, upload, then per-line feedback.
 */
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import {
  type AccessList,
  accessListEntryInput,
  accessListRoutes,
  type CsvUploadReply,
  MESSAGES,
} from '@switchboard/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../platform/api.ts';
import { call, upload } from '../../platform/client.ts';
import { FileField } from '../../platform/fields/file-field.tsx';
import { NumberEntries } from '../../platform/number-entries/number-entries.tsx';
import { childrenOf, listSource } from '../../platform/resource.ts';
import { StagedForm } from '../../platform/staged-form/staged-form.tsx';
import { accessLists } from './api.ts';

export function NumbersTab({ list }: { list: AccessList }) {
  return (
    <NumberEntries
      resource="acl"
      schema={accessListEntryInput}
      add={(number) => call(accessListRoutes.addEntry, { params: { id: list.id }, body: { number } })}
      // The list's numbers, its entry count and the lists' counts all change.
      invalidates={[accessLists.keys.all]}
      source={listSource(accessListRoutes.entriesPage, childrenOf(accessLists.keys, list.id, 'entries'))}
      tableKey="entries"
      remove={(e) => call(accessListRoutes.removeEntry, { params: { id: e.id } })}
      actions={<CsvUpload listId={list.id} />}
    />
  );
}

/** The per-line failures in the red accordion (spec 2 §8); `total` counts those the reply left out. */
function FailureAccordion({ failures, total }: { failures: CsvUploadReply['failures']; total: number }) {
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

/** Any failure (the request's, or some lines') says the spec's text, the lines in the red accordion. */
function UploadFeedback({ outcome }: { outcome: CsvUploadReply }) {
  if (outcome.success) return <Alert severity="success">{outcome.message}</Alert>;
  return (
    <>
      <Alert severity="error" sx={{ mb: 2 }}>
        {MESSAGES.csvUploadFailed}
      </Alert>
      {outcome.message && (
        <Typography variant="body2" sx={{ mb: 2 }}>
          {outcome.message}
        </Typography>
      )}
      {outcome.failureCount > 0 && <FailureAccordion failures={outcome.failures} total={outcome.failureCount} />}
    </>
  );
}

function CsvUpload({ listId }: { listId: number }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<{ file: File | null; error: string | null }>({ file: null, error: null });
  const [outcome, setOutcome] = useState<CsvUploadReply | null>(null);

  const close = () => {
    setOpen(false);
    setChosen({ file: null, error: null });
    setOutcome(null);
  };

  const send = async () => {
    const { file, error } = chosen;
    if (!file || error) return false;
    const form = new FormData();
    form.append('numbers', file, file.name);
    try {
      setOutcome(await upload(accessListRoutes.uploadCsv, { id: listId }, form));
    } catch (error) {
      // The request's own failure: the server's reason for refusing the file, when it gave one (line 0).
      const reason = error instanceof ApiError ? error.message : '';
      const failures = reason && reason !== MESSAGES.csvUploadFailed ? [{ line: 0, number: '', message: reason }] : [];
      setOutcome({ success: false, message: '', added: 0, failures, failureCount: failures.length });
    }
    await queryClient.invalidateQueries({ queryKey: accessLists.keys.all });
    return true;
  };

  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)} sx={{ mt: '2px' }}>
        Upload CSV
      </Button>
      <StagedForm
        open={open}
        title="Upload CSV of numbers"
        onClose={close}
        feedback={outcome && <UploadFeedback outcome={outcome} />}
        stages={[
          {
            label: 'Choose File',
            blocked: !chosen.file || chosen.error !== null,
            actionLabel: 'Upload',
            action: send,
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
    </>
  );
}
