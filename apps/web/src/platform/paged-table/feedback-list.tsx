/** Per-item results of a bulk action, and the summary line. */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { MESSAGES } from '@switchboard/domain';

export interface ItemResult {
  key: string;
  ok: boolean;
  message: string;
}

export function FeedbackList({ results, successSummary }: { results: ItemResult[]; successSummary: string }) {
  const failures = results.filter((r) => !r.ok).length;
  return (
    <>
      <Alert severity={failures === 0 ? 'success' : 'error'} sx={{ mb: 1 }}>
        {failures === 0 ? successSummary : MESSAGES.errorsOccurred(failures)}
      </Alert>
      <List dense aria-label="Results">
        {results.map((r) => (
          <ListItem key={r.key}>
            <ListItemIcon sx={{ minWidth: 32 }}>
              {r.ok ? (
                <CheckCircleIcon color="success" fontSize="small" />
              ) : (
                <ErrorIcon color="error" fontSize="small" />
              )}
            </ListItemIcon>
            {/* A refusal may list several reasons, one a line ('In use in {type} {name}'). */}
            <ListItemText primary={r.message} slotProps={{ primary: { sx: { whiteSpace: 'pre-line' } } }} />
          </ListItem>
        ))}
      </List>
    </>
  );
}

/** Runs one call per item, in order, collecting honest per-item results. */
export async function runEach<T>(
  items: T[],
  key: (item: T) => string,
  call: (item: T) => Promise<{ message: string }>,
  failure: (item: T, error: unknown) => string,
): Promise<ItemResult[]> {
  const results: ItemResult[] = [];
  for (const item of items) {
    try {
      const reply = await call(item);
      results.push({ key: key(item), ok: true, message: reply.message });
    } catch (error) {
      results.push({ key: key(item), ok: false, message: failure(item, error) });
    }
  }
  return results;
}
