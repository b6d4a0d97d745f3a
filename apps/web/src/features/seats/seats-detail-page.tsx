/**
 * /seats/{id}: the eleven tabs of spec 2 §1 — General (registration, SIP credentials, emergency
 * location), Voicemail, Diverts, Call Recording, Call Restrictions, TPS/CTPS, Provisioning, Teams,
 * Advanced, Desktop Softphone and Mobile Softphone.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  destinationValue,
  isProviderAdmin,
  SEAT_CHANNELS,
  SEAT_MESSAGES,
  type Seat,
  type SeatInput,
  type SeatValues,
  seatFields,
  seatInput,
  seatRoutes,
  seatValues,
} from '@switchboard/domain';
import { useParams } from 'react-router';
import {
  callRecordingTab,
  callRestrictionsTab,
  teamsTab,
  tpsTab,
} from '../../platform/call-options/call-options-tabs.tsx';
import { formFields, labelOf } from '../../platform/fields/declared-fields.ts';
import type { SelectOption } from '../../platform/fields/field-props.ts';
import {
  callerIdNumberField,
  type SelectSource,
  selectFrom,
  useAccessListOptions,
  useCallerIdSource,
  useMusicSelect,
  useOutboundCliOptions,
  usePromptSelect,
} from '../../platform/fields/option-sources.ts';
import type { PickerSource } from '../../platform/fields/server-picker.tsx';
import { useSession } from '../../platform/session-context.ts';
import { SipCredentials } from '../../platform/sip-credentials.tsx';
import { StateChip } from '../../platform/state-chip.tsx';
import { TabbedForm, type TabDef } from '../../platform/tabbed-form/tabbed-form.tsx';
import { usedByTab } from '../../platform/used-by.tsx';
import { seats } from './api.ts';
import { ProvisioningPanel, SeatLocationField, SoftphonePanel } from './seat-panels.tsx';

/** Registration status and the SIP credentials. */
function Registration({ seat }: { seat: Seat }) {
  return (
    <Box sx={{ display: 'grid', gap: 1, mb: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <StateChip on={seat.status === 'Registered'} label={seat.status} />
        {seat.status === 'Registered' && (
          <Typography variant="body2" color="text.secondary">
            {seat.userAgent} — {seat.ipaddr}:{seat.port} ({seat.onNet ? 'on-net' : 'off-net'})
          </Typography>
        )}
      </Box>
      <SipCredentials
        routes={seatRoutes}
        id={seat.id}
        resource="seats"
        username={seat.name}
        resetWarning={SEAT_MESSAGES.confirmPasswordReset}
      />
    </Box>
  );
}

const label = (name: keyof typeof seatFields.declared) => labelOf(seatFields, name);

const generalFields = (callerIds: PickerSource, music: SelectSource) =>
  formFields<SeatInput>(seatFields, [
    'nickname',
    'callerIdName',
    callerIdNumberField<SeatInput>('callerIdNumber', callerIds, 'Account default'),
    'withholdNumber',
    'ringTime',
    selectFrom<SeatInput>(music, 'musicOnHold', label('musicOnHold'), 'Default'),
  ]);

/** General: the seat's names, caller ID and music, with its registration above and its emergency location below. */
function generalTab(callerIds: PickerSource, music: SelectSource): TabDef<Seat, SeatInput, SeatValues> {
  const general = generalFields(callerIds, music);
  return {
    label: 'General',
    kind: 'form',
    // Its inputs and the emergency location chosen below them.
    fields: [...general.map((f) => f.name), 'emergencyServiceCid'],
    intro: (seat) => <Registration seat={seat} />,
    inputs: general,
    render: (form, seat, readOnly) => (
      <SeatLocationField
        seat={seat}
        number={String(form.watch('emergencyServiceCid') || form.watch('callerIdNumber') || '')}
        disabled={readOnly}
        onChoose={(number) => form.setValue('emergencyServiceCid', number, { shouldDirty: true })}
      />
    ),
  };
}

/** Voicemail: disabled hides the email and remote-access fields; advanced adds a prompt and a destination. */
function voicemailTab(prompts: SelectSource): TabDef<Seat, SeatInput, SeatValues> {
  return {
    label: 'Voicemail',
    kind: 'form',
    fields: ['vmMode', 'vmFullname', 'vmEmail', 'vmPin', 'vmDelete', 'vmAdvancedPromptId', 'vmAdvancedDest'],
    inputs: (seat, form) => {
      const mode = Number(form.watch('vmMode') ?? 0);
      // Disabled hides the email and remote-access fields; advanced adds a prompt and a destination.
      const mailbox = mode !== 0 ? (['vmFullname', 'vmEmail', 'vmDelete', 'vmPin'] as const) : [];
      const advanced =
        mode === 2
          ? [
              selectFrom<SeatInput>(prompts, 'vmAdvancedPromptId', label('vmAdvancedPromptId')),
              'vmAdvancedDest' as const,
            ]
          : [];
      return formFields<SeatInput>(seatFields, ['vmMode', ...mailbox, ...advanced], {
        vmPin: { helper: seat.vmPinSet ? 'A PIN is set: leave empty to keep it' : 'No PIN set: 4 to 6 digits' },
        vmAdvancedDest: { exclude: [destinationValue('seat', seat.extension)] },
      });
    },
  };
}

/** Advanced: transport, video and codecs, the outbound access list, where phones may register from. */
function advancedTab(accessLists: SelectOption[], admin: boolean): TabDef<Seat, SeatInput, SeatValues> {
  return {
    label: 'Advanced',
    kind: 'form',
    fields: ['transport', 'enableVideo', 'videoCodec', 'hdCodec', 'keepOnNetwork', 'aclId', 'ipAcl', 'internal'],
    inputs: formFields<SeatInput>(seatFields, [
      'transport',
      'enableVideo',
      'videoCodec',
      'hdCodec',
      'keepOnNetwork',
      {
        kind: 'select',
        name: 'aclId',
        label: label('aclId'),
        options: accessLists,
        nullable: true,
        helper: seatFields.meta.aclId.helper,
      },
      'ipAcl',
      ...(admin ? (['internal'] as const) : []),
    ]),
  };
}

export default function SeatDetailPage() {
  const { id = '' } = useParams();
  const { session, can } = useSession();
  const callerIds = useCallerIdSource();
  const prompts = usePromptSelect();
  const music = useMusicSelect();
  const accessLists = useAccessListOptions();
  const outboundClis = useOutboundCliOptions();
  const admin = isProviderAdmin(session);
  const softphoneTab = (label: string, kind: 'desktop' | 'mobile'): TabDef<Seat, SeatInput, SeatValues> => ({
    label,
    forbidden: !can('softphone', 'read'),
    kind: 'panel',
    render: (seat) => <SoftphonePanel seat={seat} kind={kind} lists={outboundClis} />,
  });
  const tabs: TabDef<Seat, SeatInput, SeatValues>[] = [
    generalTab(callerIds, music),
    voicemailTab(prompts),
    {
      label: 'Diverts',
      kind: 'form',
      inputs: formFields<SeatInput>(seatFields, ['cfwdAll', 'cfwdBusy', 'cfwdNoAnswer', 'cfwdUnavail']),
    },
    callRecordingTab<Seat, SeatInput, SeatValues>(),
    {
      ...callRestrictionsTab<Seat, SeatInput, SeatValues>({
        area: 'seatsCallRestrictions',
        callTimes: true,
        channelLimit: { ...SEAT_CHANNELS, adminOnly: true },
      }),
      forbidden: !can('seatsCallRestrictions', 'read'),
    },
    tpsTab<Seat, SeatInput, SeatValues>(),
    { label: 'Provisioning', kind: 'panel', render: (seat) => <ProvisioningPanel seat={seat} /> },
    teamsTab<Seat, SeatInput, SeatValues>({
      fields: ['teamsCLI'],
      more: (form) =>
        form.watch('enableTeams')
          ? [
              {
                kind: 'picker',
                name: 'teamsCLI',
                label: label('teamsCLI'),
                source: callerIds,
                none: 'Same as the caller ID',
              },
            ]
          : [],
    }),
    advancedTab(accessLists, admin),
    softphoneTab('Desktop Softphone', 'desktop'),
    softphoneTab('Mobile Softphone', 'mobile'),
    usedByTab<Seat>((seat) => [
      destinationValue('seat', seat.extension),
      destinationValue('voicemail', seat.extension),
    ]),
  ];
  return (
    <TabbedForm
      source={seats.record(id)}
      resource="seats"
      schema={seatInput}
      toValues={seatValues}
      name={(v, s) => v.nickname || `Seat ${s.extension}`}
      title={(s) => (s.nickname ? `${s.nickname} (${s.extension})` : `Seat ${s.extension}`)}
      tabs={tabs}
    />
  );
}
