/**
 * /call-monitoring: the account's seats, each with the seats it monitors (spec 2 §2). Add Call
 * Monitoring opens the wizard; deleting a seat's row deletes its monitors (the seat stays).
 */
import Typography from '@mui/material/Typography';
import { CALL_MONITORING_CODE, type MonitoringOverview } from '@switchboard/domain';
import { ListPage } from '../../platform/paged-table/list-page.tsx';
import { AddMonitoringWizard } from './add-monitoring-wizard.tsx';
import { overviewSource, removeMonitors, seatLabel } from './api.ts';

const label = (seat: MonitoringOverview) => `call monitoring of ${seatLabel(seat)}`;

export default function CallMonitoringListPage() {
  return (
    <ListPage<MonitoringOverview>
      title="Call Monitoring"
      intro={
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          A seat listens in on the calls of the seats it monitors by dialling {CALL_MONITORING_CODE} followed by their
          extension, then its PIN.
        </Typography>
      }
      source={overviewSource}
      resource="spy"
      label={label}
      rowLink={(r) => `/call-monitoring/${r.id}`}
      columns={[
        { field: 'extension', header: 'Extension' },
        { field: 'nickname', header: 'Nickname' },
        {
          field: 'monitors',
          header: 'Monitors',
          sortable: false,
          render: (r) => (r.monitors.length > 0 ? r.monitors.map((m) => m.monitorName).join(', ') : 'None'),
        },
        { field: 'monitorCount', header: 'Count' },
      ]}
      filters={[
        {
          field: 'monitoring',
          label: 'Monitoring',
          options: [
            { value: 'true', label: 'Yes' },
            { value: 'false', label: 'No' },
          ],
        },
      ]}
      moreAdds={[
        {
          button: 'Add Call Monitoring',
          dialog: ({ open, onClose }) => <AddMonitoringWizard open={open} onClose={onClose} />,
        },
      ]}
      canSelect={(r) => r.monitors.length > 0}
      deleteWarning="The seat's monitors will be deleted; the seat stays."
      remove={(r) => removeMonitors(r.monitors.map((m) => m.id))}
    />
  );
}
