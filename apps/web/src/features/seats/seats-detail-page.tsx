/**
 * /seats/{id}: tabs General, Voicemail, Diverts, Call Recording and Advanced, and the SIP
 * credentials (shown once on request, resettable). The Call Restrictions, TPS/CTPS, Provisioning,
 * Teams and softphone tabs are still to come.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  CALL_RECORDING_OPTIONS,
  destinationValue,
  isProviderAdmin,
  RING_TIMES,
  type Seat,
  type SeatInput,
  seatInput,
  TRANSPORTS,
  VIDEO_CODECS,
  VOICEMAIL_MODES,
} from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ApiError, api } from '../../platform/api.ts';
import { type FieldDef, FormFields, type SelectOption } from '../../platform/fields/form-fields.tsx';
import { usePromptOptions } from '../../platform/fields/option-sources.ts';
import { useSession } from '../../platform/session-context.ts';
import { TabbedForm } from '../../platform/tabbed-form/tabbed-form.tsx';

const toValues = (s: Seat): SeatInput => ({
  nickname: s.nickname,
  callerIdName: s.callerIdName,
  callerIdNumber: s.callerIdNumber,
  withholdNumber: s.withholdNumber,
  emergencyServiceCid: s.emergencyServiceCid,
  ringTime: s.ringTime,
  musicOnHold: s.musicOnHold,
  vmMode: s.vmMode,
  vmEmail: s.vmEmail,
  vmAdvancedPromptId: s.vmAdvancedPromptId,
  vmAdvancedDest: s.vmAdvancedDest,
  cfwdAll: s.cfwdAll,
  cfwdBusy: s.cfwdBusy,
  cfwdNoAnswer: s.cfwdNoAnswer,
  cfwdUnavail: s.cfwdUnavail,
  callRecording: s.callRecording,
  transport: s.transport as SeatInput['transport'],
  enableVideo: s.enableVideo,
  videoCodec: s.videoCodec as SeatInput['videoCodec'],
  hdCodec: s.hdCodec,
  keepOnNetwork: s.keepOnNetwork,
  internal: s.internal,
});

function useCallerIds(): SelectOption[] {
  const { data } = useQuery({
    queryKey: ['numbering', 'callerids'],
    queryFn: () => api.post<{ records: Array<{ name: string; number: string }> }>('/numbering/allocated/callerids'),
  });
  return (data?.records ?? []).map((n) => ({ value: n.number, label: `${n.number} (${n.name})` }));
}

/** Registration status and the SIP credentials. */
function Registration({ seat }: { seat: Seat }) {
  const { can } = useSession();
  const [secret, setSecret] = useState<{ username: string; secret: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const show = async () => {
    try {
      setSecret(await api.get<{ username: string; secret: string }>(`/seat/${seat.id}/password`));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something went wrong, please try again.');
    }
  };
  const reset = async () => {
    try {
      const reply = await api.get<{ message: string; secret: string }>(`/seat/${seat.id}/password/reset`);
      setSecret({ username: seat.name, secret: reply.secret });
      setError(null);
    } catch {
      setError('Something went wrong, please try again.');
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 1, mb: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip
          size="small"
          variant="outlined"
          color={seat.status === 'Registered' ? 'success' : 'default'}
          label={seat.status}
        />
        {seat.status === 'Registered' && (
          <Typography variant="body2" color="text.secondary">
            {seat.userAgent} — {seat.ipaddr}:{seat.port} ({seat.onNet ? 'on-net' : 'off-net'})
          </Typography>
        )}
      </Box>
      <Typography variant="body2">
        SIP username: <strong>{seat.name}</strong>
        {secret && (
          <>
            {' '}
            — password: <code data-testid="sip-secret">{secret.secret}</code>
          </>
        )}
      </Typography>
      {can('seats', 'update') && (
        <Box sx={{ display: 'flex', gap: 1 }}>
          {!secret && (
            <Button size="small" variant="outlined" onClick={show}>
              Show Password
            </Button>
          )}
          <Button size="small" variant="outlined" color="warning" onClick={reset}>
            Reset Password
          </Button>
        </Box>
      )}
      {error && <Alert severity="error">{error}</Alert>}
    </Box>
  );
}

const generalFields = (callerIds: SelectOption[]): FieldDef<SeatInput>[] => [
  { kind: 'text', name: 'nickname', label: 'Nickname' },
  { kind: 'text', name: 'callerIdName', label: 'Caller ID Name' },
  {
    kind: 'select',
    name: 'callerIdNumber',
    label: 'Caller ID Number',
    options: [{ value: '', label: 'Account default' }, ...callerIds],
  },
  { kind: 'switch', name: 'withholdNumber', label: 'Withhold Number' },
  {
    kind: 'select',
    name: 'emergencyServiceCid',
    label: 'Emergency Services Caller ID (location)',
    options: [{ value: '', label: 'Same as the caller ID' }, ...callerIds],
  },
  {
    kind: 'select',
    name: 'ringTime',
    label: 'Ring Time',
    options: RING_TIMES.map((t) => ({ value: t, label: `${t} seconds` })),
  },
  { kind: 'text', name: 'musicOnHold', label: 'Music On Hold' },
];

export default function SeatDetailPage() {
  const { id = '' } = useParams();
  const { session } = useSession();
  const callerIds = useCallerIds();
  const prompts = usePromptOptions();
  const admin = isProviderAdmin(session);
  return (
    <TabbedForm<Seat, SeatInput>
      path="/seat"
      id={id}
      resource="seats"
      schema={seatInput as never}
      toValues={toValues}
      name={(v) => v.nickname || 'Seat'}
      title={(s) => (s.nickname ? `${s.nickname} (${s.extension})` : `Seat ${s.extension}`)}
      tabs={[
        {
          label: 'General',
          kind: 'form',
          fields: [
            'nickname',
            'callerIdName',
            'callerIdNumber',
            'withholdNumber',
            'emergencyServiceCid',
            'ringTime',
            'musicOnHold',
          ],
          render: (form, seat, readOnly) => (
            <>
              <Registration seat={seat} />
              <FormFields control={form.control} fields={generalFields(callerIds)} disabled={readOnly} />
            </>
          ),
        },
        {
          label: 'Voicemail',
          kind: 'form',
          fields: ['vmMode', 'vmEmail', 'vmAdvancedPromptId', 'vmAdvancedDest'],
          render: (form, seat, readOnly) => {
            const mode = Number(form.watch('vmMode') ?? 0);
            const fields: FieldDef<SeatInput>[] = [
              { kind: 'select', name: 'vmMode', label: 'Voicemail', options: VOICEMAIL_MODES.map((m) => ({ ...m })) },
            ];
            // Disabled hides the email; advanced adds a prompt and a destination (spec 2 §2).
            if (mode !== 0) fields.push({ kind: 'text', name: 'vmEmail', label: 'Voicemail to Email', type: 'email' });
            if (mode === 2) {
              fields.push(
                { kind: 'select', name: 'vmAdvancedPromptId', label: 'Prompt', options: prompts, nullable: true },
                {
                  kind: 'destination',
                  name: 'vmAdvancedDest',
                  label: 'Destination',
                  exclude: [destinationValue('seat', seat.extension)],
                },
              );
            }
            return <FormFields control={form.control} fields={fields} disabled={readOnly} />;
          },
        },
        {
          label: 'Diverts',
          kind: 'form',
          fields: ['cfwdAll', 'cfwdBusy', 'cfwdNoAnswer', 'cfwdUnavail'],
          render: (form, _s, readOnly) => (
            <FormFields
              control={form.control}
              disabled={readOnly}
              fields={[
                { kind: 'text', name: 'cfwdAll', label: 'Divert All Calls', type: 'tel' },
                { kind: 'text', name: 'cfwdBusy', label: 'Divert When Busy', type: 'tel' },
                { kind: 'text', name: 'cfwdNoAnswer', label: 'Divert On No Answer', type: 'tel' },
                { kind: 'text', name: 'cfwdUnavail', label: 'Divert When Unavailable', type: 'tel' },
              ]}
            />
          ),
        },
        {
          label: 'Call Recording',
          kind: 'form',
          fields: ['callRecording'],
          render: (form, _s, readOnly) => (
            <FormFields
              control={form.control}
              disabled={readOnly}
              fields={[
                {
                  kind: 'select',
                  name: 'callRecording',
                  label: 'Call Recording',
                  options: CALL_RECORDING_OPTIONS.map((m) => ({ ...m })),
                },
              ]}
            />
          ),
        },
        {
          label: 'Advanced',
          kind: 'form',
          fields: ['transport', 'enableVideo', 'videoCodec', 'hdCodec', 'keepOnNetwork', 'internal'],
          render: (form, _s, readOnly) => (
            <FormFields
              control={form.control}
              disabled={readOnly}
              fields={[
                { kind: 'select', name: 'transport', label: 'Transport', options: TRANSPORTS.map((t) => ({ ...t })) },
                { kind: 'switch', name: 'enableVideo', label: 'Enable Video' },
                {
                  kind: 'select',
                  name: 'videoCodec',
                  label: 'Video Codec',
                  options: VIDEO_CODECS.map((c) => ({ ...c })),
                },
                { kind: 'switch', name: 'hdCodec', label: 'HD Audio Codec' },
                { kind: 'switch', name: 'keepOnNetwork', label: 'Keep Calls On Network' },
                ...(admin ? [{ kind: 'switch', name: 'internal', label: 'Internal Seat' } as FieldDef<SeatInput>] : []),
              ]}
            />
          ),
        },
      ]}
    />
  );
}
