/** /sip: the account's SIP trunks; add with the General fields (and a host for Direct IP). */
import Typography from '@mui/material/Typography';
import {
  CALL_RECORDING_OPTIONS,
  type SipTrunk,
  type SipTrunkInput,
  sipTrunkInput,
  TRUNK_STATUSES,
} from '@switchboard/domain';
import { PagedTable } from '../../platform/paged-table/paged-table.tsx';
import { generalFields, TRUNK_PATH, useNumberOptions } from './fields.ts';

export default function SipTrunksListPage() {
  const numbers = useNumberOptions();
  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom>
        SIP Trunks
      </Typography>
      <PagedTable<SipTrunk, SipTrunkInput>
        path={TRUNK_PATH}
        resource="SIPTrunks"
        label={(t) => t.nickname}
        rowLink={(t) => `/sip/${t.id}`}
        columns={[
          { field: 'name', header: 'Name', sortable: true },
          { field: 'nickname', header: 'Nickname', sortable: true },
          { field: 'cliNumber', header: 'Caller ID', sortable: true, render: (t) => t.cliNumber || '—' },
          {
            field: 'location',
            header: 'Emergency Location',
            sortable: true,
            render: (t) => (t.location ? 'Set' : 'Not set'),
          },
          { field: 'publicIp', header: 'Public IP', sortable: true, render: (t) => (t.publicIp ? t.ip : '—') },
          {
            field: 'onNet',
            header: 'Network',
            sortable: true,
            render: (t) => (t.ip === '' ? '—' : t.onNet ? 'On-net' : 'Off-net'),
          },
          {
            field: 'callRecording',
            header: 'Call Recording',
            sortable: true,
            render: (t) => CALL_RECORDING_OPTIONS.find((o) => o.value === t.callRecording)?.label ?? '',
          },
          {
            field: 'status',
            header: 'Status',
            sortable: true,
            render: (t) => (
              <Typography
                variant="body2"
                component="span"
                color={t.status === 'Offline' ? 'text.secondary' : 'success.main'}
              >
                {t.status}
              </Typography>
            ),
          },
        ]}
        filters={[
          {
            field: 'publicIp',
            label: 'Public IP',
            options: [
              { value: true, label: 'Yes' },
              { value: false, label: 'No' },
            ],
          },
          { field: 'callRecording', label: 'Call Recording', options: CALL_RECORDING_OPTIONS.map((o) => ({ ...o })) },
          { field: 'status', label: 'Status', options: TRUNK_STATUSES.map((s) => ({ value: s, label: s })) },
        ]}
        add={{
          title: 'Add SIP Trunk',
          schema: sipTrunkInput as never,
          defaults: { nickname: '', emergencyServicesCid: '', cliNumber: '', channelLimit: 2, host: '', permit: [] },
          fields: [
            ...generalFields(numbers, []).filter((f) => f.name !== 'trunkFailOver'),
            { kind: 'text', name: 'host', label: 'Host IP Address', helper: 'Empty for registration (dynamic)' },
          ],
        }}
      />
    </>
  );
}
