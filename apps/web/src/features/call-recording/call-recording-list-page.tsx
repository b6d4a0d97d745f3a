/**
 * /call-recording (spec 3 §2, §3, §5, §6): the account's recordings of a date range — one month back
 * to today unless the URL says otherwise — newest first; origin and destination typed in full,
 * inbound or not, a search in either number; each row opens its recording. Storage Settings opens
 * the modal (callRecordings read).
 */
import StorageIcon from '@mui/icons-material/Storage';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type CallRecording, callRecordingFields, defaultRecordingRange, formatBytes } from '@switchboard/domain';
import { useMemo, useState } from 'react';
import { DateRangeFilter } from '../../platform/fields/date-range-filter.tsx';
import { columnOf, filterOf } from '../../platform/fields/declared-fields.ts';
import { useUrlDateRange } from '../../platform/fields/url-date-range.ts';
import { ListPage } from '../../platform/paged-table/list-page.tsx';
import { recordingSource } from './api.ts';
import { callRecordingArea } from './area.ts';
import { StorageSettingsDialog } from './storage-settings-dialog.tsx';

export default function CallRecordingListPage() {
  // The default range is the day's: computed once a visit.
  const defaults = useMemo(() => defaultRecordingRange(), []);
  const { range, setDates, inUrl } = useUrlDateRange(defaults);
  const source = useMemo(() => recordingSource(range), [range]);
  const [settingsOpen, setSettingsOpen] = useState(false);
  return (
    <>
      <ListPage<CallRecording>
        title={callRecordingArea.label}
        intro={
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
          >
            <DateRangeFilter
              label="Call date"
              range={range}
              onChange={setDates}
              clear={{ label: 'Last month', shown: inUrl }}
            />
            <Button variant="outlined" startIcon={<StorageIcon />} onClick={() => setSettingsOpen(true)}>
              Storage Settings
            </Button>
          </Stack>
        }
        source={source}
        resource="callRecordings"
        selectable={false}
        searchable
        label={(r) => r.fileName}
        rowLink={(r) => `${callRecordingArea.path}/${r.id}`}
        filters={[
          filterOf(callRecordingFields, 'origin'),
          filterOf(callRecordingFields, 'destination'),
          filterOf(callRecordingFields, 'inbound'),
        ]}
        columns={[
          { field: 'startedAt', header: 'Date', sortable: true, render: (r) => r.date },
          { field: 'time', header: 'Time', phoneHidden: true },
          columnOf(callRecordingFields, 'origin'),
          columnOf(callRecordingFields, 'destination'),
          {
            ...columnOf<CallRecording>(callRecordingFields, 'inbound', (r) => (r.inbound ? 'Yes' : 'No')),
            phoneHidden: true,
          },
          { field: 'seconds', header: 'Mins', sortable: true, render: (r) => r.mins, phoneHidden: true },
          {
            field: 'filesize',
            header: 'File Size',
            sortable: true,
            render: (r) => formatBytes(r.filesize),
            phoneHidden: true,
          },
          { field: 'fileName', header: 'File Name', phoneHidden: true },
        ]}
      />
      <StorageSettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </>
  );
}
