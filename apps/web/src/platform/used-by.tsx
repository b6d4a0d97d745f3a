/**
 * "Used By": everything that routes to a destination (numbers, time profiles, IVR keys, members,
 * fallovers, diverts), each a link to its page. A tab of every destination's detail page.
 */
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { destinationRoutes } from '@switchboard/domain';
import { useQueries } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { call } from './client.ts';
import type { PanelTab } from './tabbed-form/tabbed-form.tsx';
import { UsageTable } from './usage-table.tsx';

export const USED_BY_EMPTY = 'Nothing routes calls here yet.';

export function UsedByPanel({ destination }: { destination: string | readonly string[] }) {
  // A record may be several destinations (a seat and its voicemail): their uses together.
  const values = typeof destination === 'string' ? [destination] : destination;
  const usedBy = useQueries({
    queries: values.map((value) => ({
      queryKey: ['destinations', 'used-by', value],
      queryFn: () => call(destinationRoutes.usedBy, { params: { value } }),
    })),
    combine: (results) => ({
      isPending: results.some((r) => r.isPending),
      isError: results.some((r) => r.isError),
      data: { records: results.flatMap((r) => r.data?.records ?? []) },
    }),
  });
  if (usedBy.isPending) return <CircularProgress aria-label="Loading" />;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        What sends calls here. It cannot be deleted while anything does.
      </Typography>
      <UsageTable
        label="Used By"
        kindHeader="Type"
        rows={usedBy.data.records.map((u) => ({
          kind: u.type,
          name: u.name,
          shown: u.link ? (
            <Link component={RouterLink} to={u.link}>
              {u.name}
            </Link>
          ) : undefined,
        }))}
        failed={usedBy.isError}
        empty={USED_BY_EMPTY}
      />
    </>
  );
}

/** The "Used By" tab of a destination's detail page; `destination` gives the record's value(s). */
export function usedByTab<R>(destination: (record: R) => string | readonly string[]): PanelTab<R> {
  return { label: 'Used By', kind: 'panel', render: (record) => <UsedByPanel destination={destination(record)} /> };
}
