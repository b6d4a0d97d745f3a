/**
 * /change-events: the change events' consumers (platform/outbox.ts on the server) as provider admins
 * see and repair them — each consumer's position, lag (events behind, the oldest waiting one's age),
 * failures and last error, with "Retry all" for the events it gave up on; below, those dead events
 * with their errors, each with its Retry. A retry puts the event back for the consumer's next
 * delivery (within a second or so); both ask first and say how it went.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  areaName,
  auditRoutes,
  type ChangeConsumerRecord,
  changeEventRoutes,
  type DeadEventRecord,
  type ListRequest,
} from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { useConfirm } from '../../platform/confirm.tsx';
import { useChange } from '../../platform/mutation.ts';
import { ListPage } from '../../platform/paged-table/list-page.tsx';
import { type ListSource, resourceKeys } from '../../platform/resource.ts';

/** A dead event as a row of the table: rows are numbered, an event is one consumer's (consumer, event). */
type DeadRow = DeadEventRecord & { id: number };

const keys = resourceKeys('/change-consumers');
const consumersKey = [...keys.all, 'consumers'] as const;

const deadEvents: ListSource<DeadRow> = {
  key: keys.lists(),
  invalidates: [keys.all],
  fetch: async ({ offset, limit, ...body }: ListRequest) => {
    const page = await call(changeEventRoutes.dead, { params: { offset, limit }, body });
    const first = Math.max(0, offset);
    return { ...page, records: page.records.map((d, i) => ({ ...d, id: first + i + 1 })) };
  },
};

const when = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('en-GB', { timeZone: 'Europe/London', dateStyle: 'short', timeStyle: 'medium' })
    : '—';

/** An age as people read it: '42 s', '5 min', '3 h', '2 d'. */
export function age(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h`;
  return `${Math.floor(seconds / 86_400)} d`;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** A consumer's lag in words: 'Up to date', or '3 events behind, the oldest waiting 12 s'. */
export function lag(c: ChangeConsumerRecord): string {
  if (c.lagEvents === 0) return 'Up to date';
  return `${plural(c.lagEvents, 'event', 'events')} behind, the oldest waiting ${age(c.lagSeconds)}`;
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ minWidth: 96 }}>
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', flex: '1 1 12rem' }}>
        {children}
      </Typography>
    </Box>
  );
}

function ConsumerCard({ consumer: c }: { consumer: ChangeConsumerRecord }) {
  const { ask, dialog } = useConfirm();
  const retryAll = useChange({
    mutationFn: (name: string) => call(changeEventRoutes.retryAll, { params: { name } }),
    invalidates: [keys.all],
    success: (reply) => reply.message,
    failure: (e) => errorMessage(e),
  });
  const confirmRetryAll = async () => {
    const confirmed = await ask({
      title: `Retry all of ${c.name}`,
      text: `The ${plural(c.dead, 'event', 'events')} ${c.name} gave up on ${c.dead === 1 ? 'goes' : 'go'} back for delivery: its next delivery hands each over once more.`,
      action: 'Retry all',
    });
    if (confirmed) retryAll.mutate(c.name);
  };
  return (
    <Paper component="section" variant="outlined" aria-label={`Consumer ${c.name}`} sx={{ p: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h3" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
          {c.name}
        </Typography>
        {c.dead > 0 && <Chip size="small" color="error" label={`${c.dead} dead`} />}
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.5 }}>
        <Fact term="Position">{c.position === 0 ? 'No event yet' : `Event ${c.position}`}</Fact>
        <Fact term="Lag">{lag(c)}</Fact>
        <Fact term="Delivered">{c.delivered.toLocaleString('en-GB')}</Fact>
        {c.attempts > 0 && (
          <Fact term="Failing">{`${plural(c.attempts, 'attempt', 'attempts')} at its next event; tries again ${when(c.retryAt)}`}</Fact>
        )}
        <Fact term="Last error">{c.lastError ?? '—'}</Fact>
      </Box>
      <Button
        sx={{ mt: 1.5 }}
        size="small"
        variant="outlined"
        disabled={c.dead === 0 || retryAll.isPending}
        aria-label={`Retry all dead events of ${c.name}`}
        onClick={() => void confirmRetryAll()}
      >
        Retry all
      </Button>
      {dialog}
    </Paper>
  );
}

function Consumers() {
  const consumers = useQuery({
    queryKey: consumersKey,
    queryFn: () => call(auditRoutes.consumers),
    refetchInterval: 5000,
  });
  if (consumers.isError) return <Alert severity="error">{errorMessage(consumers.error)}</Alert>;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(auto-fill, minmax(340px, 1fr))' },
        mb: 3,
      }}
    >
      {(consumers.data?.consumers ?? []).map((c) => (
        <ConsumerCard key={c.name} consumer={c} />
      ))}
    </Box>
  );
}

function RetryButton({ row }: { row: DeadRow }) {
  const { ask, dialog } = useConfirm();
  const retry = useChange({
    mutationFn: (d: DeadRow) => call(changeEventRoutes.retry, { params: { name: d.consumer, eventId: d.eventId } }),
    invalidates: [keys.all],
    success: (reply) => reply.message,
    failure: (e) => errorMessage(e),
  });
  const confirmRetry = async () => {
    const confirmed = await ask({
      title: `Retry event ${row.eventId}`,
      text: `Event ${row.eventId} goes back for delivery to ${row.consumer}: its next delivery hands it over once more.`,
      action: 'Retry',
    });
    if (confirmed) retry.mutate(row);
  };
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        disabled={retry.isPending || row.requeuedAt !== null || row.at === null}
        aria-label={`Retry event ${row.eventId} of ${row.consumer}`}
        onClick={() => void confirmRetry()}
      >
        Retry
      </Button>
      {dialog}
    </>
  );
}

/** The event a dead row is: its area and kind, and its record's name. */
function eventText(d: DeadRow): string {
  if (d.at === null) return `Event ${d.eventId} (no longer kept)`;
  const what = [areaName(d.area), d.kind].join(' · ');
  return d.label ? `${what} — ${d.label}` : what;
}

export default function ChangeEventsPage() {
  const consumers = useQuery({ queryKey: consumersKey, queryFn: () => call(auditRoutes.consumers) });
  const names = (consumers.data?.consumers ?? []).map((c) => c.name);
  return (
    <ListPage<DeadRow>
      title="Change Events"
      intro={
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Every change is an event; each consumer (the audit log is one) is handed every event at least once, in
            order. An event its consumer keeps failing on is parked as dead after its attempts, with its error, and the
            consumer goes on. Retry puts a dead event back for delivery once more.
          </Typography>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Consumers
          </Typography>
          <Consumers />
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Dead events
          </Typography>
        </>
      }
      source={deadEvents}
      resource="VHAdmin"
      selectable={false}
      searchable
      label={(d) => `event ${d.eventId}`}
      filters={[{ field: 'consumer', label: 'Consumer', options: names.map((n) => ({ value: n, label: n })) }]}
      columns={[
        { field: 'consumer', header: 'Consumer', sortable: false, phoneHidden: true },
        {
          field: 'eventId',
          header: 'Event',
          sortable: false,
          // On a phone the error goes under the event (its own column is left for wider screens).
          render: (d) => (
            <>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {eventText(d)}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {`Event ${d.eventId}${d.accountNo === null ? '' : `, account ${d.accountNo}`}, ${when(d.at)}`}
              </Typography>
              <Typography variant="caption" sx={{ display: { xs: 'block', sm: 'none' } }}>
                {`Consumer ${d.consumer}${d.requeuedAt ? ', waiting for delivery' : ''}`}
              </Typography>
              <Typography variant="caption" color="error" sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}>
                {d.error}
              </Typography>
            </>
          ),
        },
        {
          field: 'error',
          header: 'Error',
          sortable: false,
          render: (d) => (
            <Typography variant="body2" sx={{ maxWidth: 360, overflowWrap: 'anywhere' }}>
              {d.error}
            </Typography>
          ),
          phoneHidden: true,
        },
        { field: 'attempts', header: 'Attempts', sortable: false, phoneHidden: true },
        {
          field: 'parkedAt',
          header: 'Parked',
          sortable: false,
          render: (d) =>
            d.requeuedAt ? <Chip size="small" color="info" label="Waiting for delivery" /> : when(d.parkedAt),
          phoneHidden: true,
        },
      ]}
      rowActions={(d) => <RetryButton row={d} />}
    />
  );
}
