/** /time-profiles: the account's time profiles, bulk add by number range. */
import Typography from '@mui/material/Typography';
import {
  BANK_HOLIDAY_OPTIONS,
  MESSAGES,
  TIME_PROFILE_MODES,
  type TimeProfile,
  type TimeProfileRange,
  timeProfileInput,
  timeProfileRange,
} from '@switchboard/domain';
import type { z } from 'zod';
import { api } from '../../platform/api.ts';
import { PagedTable } from '../../platform/paged-table/paged-table.tsx';
import { bankHolidayLabel, modeLabel, TP_PATH, toProfileValues, useDestinationLabel, useNextNumber } from './api.ts';

/** Bulk edit: the bank-holiday region and the mode of the chosen profiles. */
const bulkEdit = timeProfileInput.pick({ bankHoliday: true, mode: true });
type BulkEdit = z.input<typeof bulkEdit>;

type RangeReply = { results: Array<{ extension: number; success: boolean; message: string }> };

export default function TimeProfilesListPage() {
  const next = useNextNumber();
  const destinationLabel = useDestinationLabel();
  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom>
        Time Profiles
      </Typography>
      <PagedTable<TimeProfile, TimeProfileRange, BulkEdit>
        path={TP_PATH}
        resource="timeprofile"
        label={(p) => `${p.extension} - ${p.name}`}
        rowLink={(p) => `/time-profiles/${p.id}`}
        columns={[
          { field: 'extension', header: 'Number', sortable: true },
          { field: 'name', header: 'Name', sortable: true },
          { field: 'description', header: 'Description', sortable: true, render: (p) => p.description || '—' },
          { field: 'inDestination', header: 'Open Destination', render: (p) => destinationLabel(p.inDestination) },
          { field: 'outDestination', header: 'Closed Destination', render: (p) => destinationLabel(p.outDestination) },
          {
            field: 'bankHoliday',
            header: 'Bank Holidays',
            sortable: true,
            render: (p) => bankHolidayLabel(p.bankHoliday),
          },
          { field: 'mode', header: 'Mode', sortable: true, render: (p) => modeLabel(p.mode) },
        ]}
        filters={[
          { field: 'bankHoliday', label: 'Bank Holidays', options: BANK_HOLIDAY_OPTIONS.map((o) => ({ ...o })) },
          { field: 'mode', label: 'Mode', options: TIME_PROFILE_MODES.map((o) => ({ ...o })) },
        ]}
        bulkEdit={{
          title: 'Edit Time Profiles',
          schema: bulkEdit,
          fields: [
            {
              kind: 'select',
              name: 'bankHoliday',
              label: 'Bank Holidays',
              options: BANK_HOLIDAY_OPTIONS.map((o) => ({ ...o })),
            },
            { kind: 'select', name: 'mode', label: 'Mode', options: TIME_PROFILE_MODES.map((o) => ({ ...o })) },
          ],
          current: (p) => ({ ...toProfileValues(p) }),
        }}
        add={{
          title: 'Add Time Profiles',
          schema: timeProfileRange as never,
          defaults: { from: next.data?.extension ?? '', to: '', name: '' } as never,
          fields: [
            { kind: 'text', name: 'from', label: 'From', type: 'number', required: true },
            { kind: 'text', name: 'to', label: 'To', type: 'number', helper: 'Optional: add up to 10 at once' },
            { kind: 'text', name: 'name', label: 'Name', required: true },
          ],
          submit: async (values) => {
            const reply = await api.post<RangeReply>(`${TP_PATH}/range`, values);
            await next.refetch();
            return reply.results.map((r) => ({
              key: String(r.extension),
              ok: r.success,
              message: r.success ? r.message : r.message || MESSAGES.saveFallback,
            }));
          },
        }}
      />
    </>
  );
}
