/**
 * /jobs: the job queue (platform/jobs.ts on the server), newest first — each job's name, state,
 * attempts, last error and times — filtered by state (queued, running and failed by default) or
 * searched by name; a failed job's Retry runs it again.
 */
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { JOB_STATE_LABELS, JOB_STATES, type JobRecord, jobRoutes, type ListRequest } from '@switchboard/domain';
import { errorMessage } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { useChange } from '../../platform/mutation.ts';
import { ListPage } from '../../platform/paged-table/list-page.tsx';
import { type ListSource, resourceKeys } from '../../platform/resource.ts';

/** A job as a row of the table: the table's rows are numbered, the job's own id is a UUID. */
type JobRow = Omit<JobRecord, 'id'> & { id: number; jobId: string };

const keys = resourceKeys('/jobs');

const jobs: ListSource<JobRow> = {
  key: keys.lists(),
  invalidates: [keys.all],
  fetch: async ({ offset, limit, ...body }: ListRequest) => {
    const page = await call(jobRoutes.list, { params: { offset, limit }, body });
    const first = Math.max(0, offset);
    return { ...page, records: page.records.map((j, i) => ({ ...j, id: first + i + 1, jobId: j.id })) };
  },
};

const when = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('en-GB', { timeZone: 'Europe/London', dateStyle: 'short', timeStyle: 'medium' })
    : '—';

const STATE_COLOURS = { queued: 'default', running: 'info', failed: 'error', completed: 'success' } as const;

function RetryButton({ job }: { job: JobRow }) {
  const retry = useChange({
    mutationFn: (id: string) => call(jobRoutes.retry, { params: { id } }),
    invalidates: [keys.all],
    success: (reply) => reply.message,
    failure: (e) => errorMessage(e),
  });
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={retry.isPending}
      aria-label={`Retry ${job.name}`}
      onClick={() => retry.mutate(job.jobId)}
    >
      Retry
    </Button>
  );
}

export default function JobsPage() {
  return (
    <ListPage<JobRow>
      title="Jobs"
      intro={
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          The platform's background work: scheduled runs (billing, collections, housekeeping), deliveries and retries.
          Shown: the jobs queued, running and failed; a failed job keeps its error until it is retried.
        </Typography>
      }
      source={jobs}
      resource="VHAdmin"
      selectable={false}
      searchable
      label={(j) => j.name}
      filters={[
        { field: 'state', label: 'State', options: JOB_STATES.map((s) => ({ value: s, label: JOB_STATE_LABELS[s] })) },
      ]}
      columns={[
        {
          field: 'name',
          header: 'Job',
          sortable: false,
          // On a phone the error goes under the name (its own column is left for wider screens).
          render: (j) => (
            <>
              {j.name}
              {j.lastError && (
                <Typography variant="caption" color="error" sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}>
                  {j.lastError}
                </Typography>
              )}
            </>
          ),
        },
        {
          field: 'state',
          header: 'State',
          sortable: false,
          render: (j) => <Chip size="small" label={JOB_STATE_LABELS[j.state]} color={STATE_COLOURS[j.state]} />,
        },
        {
          field: 'attempts',
          header: 'Attempts',
          sortable: false,
          render: (j) => `${j.attempts} of ${j.retryLimit + 1}`,
          phoneHidden: true,
        },
        {
          field: 'lastError',
          header: 'Last error',
          sortable: false,
          render: (j) => (
            <Typography variant="body2" sx={{ maxWidth: 360, overflowWrap: 'anywhere' }}>
              {j.lastError ?? '—'}
            </Typography>
          ),
          phoneHidden: true,
        },
        { field: 'created', header: 'Created', sortable: false, render: (j) => when(j.created), phoneHidden: true },
        { field: 'started', header: 'Started', sortable: false, render: (j) => when(j.started), phoneHidden: true },
        {
          field: 'completed',
          header: 'Completed',
          sortable: false,
          render: (j) => when(j.completed),
          phoneHidden: true,
        },
      ]}
      rowActions={(j) => (j.state === 'failed' ? <RetryButton job={j} /> : null)}
    />
  );
}
