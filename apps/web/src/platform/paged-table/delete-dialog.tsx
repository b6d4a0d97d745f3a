/** The delete modal: the selected rows, then one delete a row with per-row feedback. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { MESSAGES, type SaveReply } from '@switchboard/domain';
import type { QueryKey } from '@tanstack/react-query';
import { errorMessage } from '../api.ts';
import { useChange } from '../mutation.ts';
import { FeedbackList, runEach } from './feedback-list.tsx';

export interface DeleteDialogProps<T extends { id: number }> {
  open: boolean;
  onClose: () => void;
  rows: T[];
  label: (row: T) => string;
  remove: (row: T) => Promise<SaveReply>;
  /** Shown for a failed delete when the server gave no message (numbers: spec 2 §8). */
  fallback?: string;
  /** What the delete does (asked before it); 'This cannot be undone.' unless the area says more. */
  warning?: string;
  invalidates: QueryKey[];
  /** After the deletes (the selection is dropped). */
  onDeleted: () => void;
}

export function DeleteDialog<T extends { id: number }>(props: DeleteDialogProps<T>) {
  const { open, rows, label, remove, fallback, invalidates, onDeleted } = props;
  const change = useChange({
    invalidates,
    mutationFn: async (chosen: T[]) => {
      const results = await runEach(
        chosen,
        (r) => String(r.id),
        remove,
        (r, e) => `${label(r)}: ${errorMessage(e, fallback)}`,
      );
      onDeleted();
      return results;
    },
  });
  const close = () => {
    change.reset();
    props.onClose();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="delete-title">
      <DialogTitle id="delete-title">Delete</DialogTitle>
      <DialogContent>
        {change.data ? (
          <FeedbackList results={change.data} successSummary={MESSAGES.deletedSuccessfully} />
        ) : (
          <>
            <DialogContentText>{MESSAGES.confirmDelete}</DialogContentText>
            <Box component="ul" sx={{ mt: 1 }}>
              {rows.map((r) => (
                <li key={r.id}>{label(r)}</li>
              ))}
            </Box>
            <Alert severity="warning" data-testid="delete-warning">
              {props.warning ?? MESSAGES.deleteIsFinal}
            </Alert>
            {change.isPending && <Alert severity="info">Deleting…</Alert>}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Close</Button>
        {!change.data && (
          <Button
            color="error"
            variant="contained"
            disabled={change.isPending || rows.length === 0}
            onClick={() => change.mutate(rows)}
          >
            Delete
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
