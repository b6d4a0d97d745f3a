/** /time-profiles/{id}: tabs General, Schedule, Routing and Calendar. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  destinationValue,
  MESSAGES,
  type TimeProfile,
  type TimeProfileInput,
  timeProfileFields,
} from '@switchboard/domain';
import dayjs from 'dayjs';
import { formField, formFields, labelOf } from '../../platform/fields/declared-fields.ts';
import { DestinationLabel } from '../../platform/fields/destination-source.tsx';
import { selectFrom, usePromptSelect } from '../../platform/fields/option-sources.ts';
import { Hint } from '../../platform/hint.tsx';
import { callFlowTab } from '../../platform/routing-graph/call-flow-tab.tsx';
import { AreaRecordPage } from '../../platform/tabbed-form/area-record-page.tsx';
import { usedByTab } from '../../platform/used-by.tsx';
import { timeProfiles, useBankHolidays, useStatus } from './api.ts';
import { timeProfilesArea } from './area.ts';
import { CalendarTab } from './calendar-tab.tsx';
import { ScheduleTab } from './schedule-tab.tsx';

function StatusLine({ profile }: { profile: TimeProfile }) {
  const status = useStatus(profile.id);
  if (status.isError) return <Alert severity="error">{MESSAGES.fetchFailedRetry}</Alert>;
  const s = status.data;
  if (!s) return null;
  return (
    <Alert severity={s.open ? 'success' : 'info'} icon={false} sx={{ alignItems: 'center' }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip size="small" color={s.open ? 'success' : 'default'} label={s.open ? 'Open now' : 'Closed now'} />
        <Typography variant="body2">
          {s.detail} — calls go to <DestinationLabel value={s.destination} />
        </Typography>
      </Box>
    </Alert>
  );
}

function UpcomingBankHolidays({ region }: { region: number }) {
  const year = dayjs().year();
  const years = [useBankHolidays(region, year), useBankHolidays(region, year + 1)];
  if (years.some((y) => y.isError)) {
    return (
      <Typography variant="body2" color="error">
        {MESSAGES.fetchFailedRetry}
      </Typography>
    );
  }
  const today = dayjs().format('YYYY-MM-DD');
  const upcoming = years.flatMap((y) => y.data?.records ?? []).filter((h) => h.date >= today);
  if (upcoming.length === 0) return null;
  const shown = upcoming.slice(0, 4).map((h) => `${dayjs(h.date).format('DD/MM/YYYY')} (${h.name})`);
  return <Hint>Closed on the coming bank holidays: {shown.join(', ')}</Hint>;
}

export default function TimeProfileDetailPage() {
  const prompts = usePromptSelect();
  return (
    <AreaRecordPage
      area={timeProfilesArea}
      api={timeProfiles}
      heading={{ name: 'name', number: 'extension' }}
      tabs={[
        {
          label: 'General',
          kind: 'form',
          intro: (p) => <StatusLine profile={p} />,
          inputs: formFields<TimeProfileInput>(timeProfileFields, ['name', 'description', 'bankHoliday', 'mode']),
          render: (form) => <UpcomingBankHolidays region={Number(form.watch('bankHoliday') ?? 0)} />,
        },
        {
          label: 'Schedule',
          kind: 'form',
          fields: ['days'],
          render: (form, _p, readOnly) => <ScheduleTab form={form} disabled={readOnly} />,
        },
        {
          label: 'Routing',
          kind: 'form',
          sections: (p) =>
            (['in', 'out'] as const).map((side) => {
              const when = side === 'in' ? 'open' : 'closed';
              const exclude = [destinationValue('timeprofile', p.extension)];
              return {
                title: `When ${when}`,
                inputs: [
                  selectFrom<TimeProfileInput>(
                    prompts,
                    `${side}PromptId`,
                    labelOf(timeProfileFields, `${side}PromptId`),
                  ),
                  formField<TimeProfileInput>(timeProfileFields, `${side}Destination`, { exclude }),
                ],
              };
            }),
        },
        { label: 'Calendar', kind: 'panel', render: (p) => <CalendarTab profile={p} /> },
        usedByTab<TimeProfile>((p) => destinationValue('timeprofile', p.extension)),
        callFlowTab<TimeProfile>((p) => destinationValue('timeprofile', p.extension)),
      ]}
    />
  );
}
