/**
 * /call-records (spec 3 §2, §3, §6, §8): a month of the account's calls, newest first — this month
 * by default —, the columns of spec 3 §3 (Cost only for sessions with retail read: the server sends
 * it to no one else), and the month's CSV download ('There was an error while attempt to get your
 * file...' when it fails).
 */
import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CALL_RECORD_MESSAGES, type CallRecord, recentMonths } from '@switchboard/domain';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { saveBlob } from '../../platform/api.ts';
import { ListPage } from '../../platform/paged-table/list-page.tsx';
import type { Column } from '../../platform/paged-table/table-grid.tsx';
import { useSession } from '../../platform/session-context.ts';
import { useToast } from '../../platform/toast.ts';
import { callRecordList, callRecordsCsv } from './api.ts';

const costColumn: Column<CallRecord> = {
  field: 'cost',
  header: 'Cost',
  sortable: true,
  render: (r) => `£${r.cost ?? ''}`,
};

/** The columns of spec 3 §3; on a phone: date, destination, mins (and cost). */
function callRecordColumns(seesCost: boolean): Column<CallRecord>[] {
  return [
    { field: 'startedAt', header: 'Date', sortable: true, render: (r) => r.date },
    { field: 'time', header: 'Time', phoneHidden: true },
    { field: 'source', header: 'Source', sortable: true, phoneHidden: true },
    { field: 'destination', header: 'Destination', sortable: true },
    { field: 'tpsStatusText', header: 'TPS Status', phoneHidden: true },
    { field: 'rejectedCallReason', header: 'Rejected Call Reason', phoneHidden: true },
    { field: 'restrictedCallReason', header: 'Restricted Call Reason', phoneHidden: true },
    { field: 'inboundNumber', header: 'Inbound Number', sortable: true, phoneHidden: true },
    { field: 'mins', header: 'Mins', sortable: true },
    ...(seesCost ? [costColumn] : []),
  ];
}

/** The month select and the month's download. */
function MonthBar({ month, choose }: { month: string; choose: (month: string) => void }) {
  const months = useMemo(() => recentMonths(new Date(), 13), []);
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    callRecordsCsv(month)
      .then((blob) => saveBlob(blob, `call-records-${month}.csv`))
      .catch(() => toast.error(CALL_RECORD_MESSAGES.downloadFailed))
      .finally(() => setBusy(false));
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
      <TextField
        select
        size="small"
        label="Month"
        value={month}
        onChange={(e) => choose(e.target.value)}
        sx={{ minWidth: 200 }}
      >
        {months.map((m) => (
          <MenuItem key={m.value} value={m.value}>
            {m.label}
          </MenuItem>
        ))}
      </TextField>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={download} disabled={busy}>
        Download CSV
      </Button>
    </Stack>
  );
}

export default function CallRecordsPage() {
  const { can } = useSession();
  const [params, setParams] = useSearchParams();
  const month = params.get('month') ?? recentMonths(new Date(), 1)[0]?.value ?? '';
  const choose = (value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('month', value);
      next.delete('page');
      return next;
    });
  return (
    <ListPage<CallRecord>
      title="Call Records"
      intro={
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Every call of the account in the month chosen, newest first (UK time).
          </Typography>
          <MonthBar month={month} choose={choose} />
        </>
      }
      source={callRecordList}
      resource="cdr"
      selectable={false}
      searchable={false}
      fixedFilters={{ month }}
      label={(r) => `${r.date} ${r.time} ${r.source} → ${r.destination}`}
      columns={callRecordColumns(can('retail', 'read'))}
    />
  );
}
