/**
 * /call-monitoring/{id}: one seat's monitoring (tab General): the seats it monitors and its PIN.
 * Saving replaces its monitors (PUT /callmonitoring/bulk/{account}*{extension} with delete), so an
 * edit needs create and delete rights (spec 2 §6); without them the page is read-only.
 */
import Typography from '@mui/material/Typography';
import {
  CALL_MONITORING_CODE,
  type CallMonitoringBulk,
  callMonitorFields,
  callMonitoringBulk,
  type MonitoringOverview,
} from '@switchboard/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { useParams } from 'react-router';
import { formFields } from '../../platform/fields/declared-fields.ts';
import { FormFields } from '../../platform/fields/form-fields.tsx';
import { TabbedForm } from '../../platform/tabbed-form/tabbed-form.tsx';
import { monitoringKeys, seatLabel, seatMonitoring } from './api.ts';
import { SeatPicker } from './seat-picker.tsx';

const toValues = (r: MonitoringOverview): CallMonitoringBulk => ({
  monitors: r.monitors.map((m) => m.destination),
  password: '',
  delete: true,
});

export default function CallMonitoringDetailPage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const source = seatMonitoring(id);
  const seatName = () => {
    const seat = queryClient.getQueryData<MonitoringOverview>(monitoringKeys.detail(id));
    return seat ? seatLabel(seat) : 'Call monitoring';
  };
  return (
    <TabbedForm
      source={source}
      resource="spy"
      editActions={['create', 'delete']}
      schema={callMonitoringBulk}
      toValues={toValues}
      name={seatName}
      title={(r) => `${seatLabel(r)} (${r.id})`}
      tabs={[
        {
          label: 'General',
          kind: 'form',
          fields: ['monitors', 'password'],
          render: (form, record, readOnly) => (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {seatLabel(record)} listens in on the calls of these seats by dialling {CALL_MONITORING_CODE} followed
                by their extension, then its PIN.
              </Typography>
              <Controller
                control={form.control}
                name="monitors"
                render={({ field, fieldState }) => (
                  <SeatPicker
                    label="Monitors"
                    value={field.value ?? []}
                    onChange={(values) => field.onChange(values)}
                    error={fieldState.error?.message}
                    disabled={readOnly}
                    exclude={[record.source]}
                    known={record.monitors.map((m) => ({ value: m.destination, label: m.monitorName }))}
                  />
                )}
              />
              <FormFields
                control={form.control}
                disabled={readOnly}
                fields={formFields<CallMonitoringBulk>(callMonitorFields, ['password'], {
                  password: {
                    helper: record.monitors.length > 0 ? 'Leave empty to keep the current PIN' : '4-6 digits',
                  },
                })}
              />
            </>
          ),
        },
      ]}
    />
  );
}
