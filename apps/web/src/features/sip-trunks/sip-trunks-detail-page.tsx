/** /sip/{id}: tabs General, IP Address, Call Restrictions, Call Recording, TPS/CTPS, Teams, Advanced. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  destinationValue,
  IP_LOCATIONS,
  isProviderAdmin,
  NUMBER_MAPPINGS,
  type SipTrunk,
  type SipTrunkInput,
  type SipTrunkValues,
  sipTrunkRoutes,
  TRANSPORTS,
  TRUNK_MESSAGES,
} from '@switchboard/domain';
import { useEffect } from 'react';
import { callRecordingTab, callRestrictionsTab, tpsTab } from '../../platform/call-options/call-options-tabs.tsx';
import { TeamsGate } from '../../platform/call-options/teams-gate.tsx';
import { FormFields, FormTextField } from '../../platform/fields/form-fields.tsx';
import type { FieldsForm } from '../../platform/fields/form-schema.ts';
import { useCallerIdOptions } from '../../platform/fields/option-sources.ts';
import { useSession } from '../../platform/session-context.ts';
import { SipCredentials } from '../../platform/sip-credentials.tsx';
import { AreaRecordPage } from '../../platform/tabbed-form/area-record-page.tsx';
import type { TabDef } from '../../platform/tabbed-form/tabbed-form.tsx';
import { usedByTab } from '../../platform/used-by.tsx';
import { generalFields, toValues, trunks } from './api.ts';
import { sipTrunksArea } from './area.ts';

function StatusLine({ trunk }: { trunk: SipTrunk }) {
  const text =
    trunk.status === 'Direct IP'
      ? `Direct IP: calls are sent to ${trunk.host}`
      : trunk.status === 'Online'
        ? `Registered from ${trunk.ip}${trunk.agent ? ` (${trunk.agent})` : ''}`
        : 'Unregistered: the PBX has not registered with the server';
  return (
    <Alert severity={trunk.status === 'Offline' ? 'info' : 'success'} icon={false}>
      <strong>{trunk.status}</strong> — {text}.
    </Alert>
  );
}

/**
 * The IP Address tab: the host (empty: the PBX registers), IP authentication (provider admins, with
 * a host only: clearing the host switches it off, spec 2 §2), where the PBX may register from, and
 * the permitted addresses.
 */
function IpAddressTab({
  form,
  readOnly,
  admin,
}: {
  form: FieldsForm<SipTrunkInput>;
  readOnly: boolean;
  admin: boolean;
}) {
  const host = String(form.watch('host') ?? '');
  useEffect(() => {
    const watching = form.watch((values, { name }) => {
      if (name === 'host' && String(values.host ?? '').trim() === '' && values.trunkIPAuth) {
        form.setValue('trunkIPAuth', false, { shouldDirty: true });
      }
    });
    return () => watching.unsubscribe();
  }, [form]);
  const permitError = form.formState.errors.permit?.message;
  return (
    <>
      <FormTextField
        control={form.control}
        name="host"
        label="Host IP Address"
        helper={host ? 'Direct IP: calls are sent to this address' : 'Empty: the PBX registers (dynamic)'}
        disabled={readOnly}
      />
      {admin && host !== '' && (
        <FormFields
          control={form.control}
          disabled={readOnly}
          fields={[{ kind: 'switch', name: 'trunkIPAuth', label: 'IP Authentication' }]}
        />
      )}
      <FormFields
        control={form.control}
        disabled={readOnly}
        fields={[
          {
            kind: 'select',
            name: 'ipLocation',
            label: 'IP Location',
            options: IP_LOCATIONS,
          },
        ]}
      />
      <Typography variant="subtitle2">Permitted IP addresses (public, at most 3)</Typography>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {[0, 1, 2].map((i) => (
          <FormTextField
            key={i}
            control={form.control}
            name={`permit.${i}`}
            label={`Permitted IP ${i + 1}`}
            disabled={readOnly}
          />
        ))}
      </Box>
      {permitError && <Alert severity="error">{permitError}</Alert>}
    </>
  );
}

export default function SipTrunkDetailPage() {
  const { session, can } = useSession();
  const numbers = useCallerIdOptions().options;
  const admin = isProviderAdmin(session);
  const mayRestrict = can('SIPTrunksCallRestrictions', 'read');
  return (
    <AreaRecordPage
      area={sipTrunksArea}
      api={trunks}
      toValues={toValues}
      heading={{ name: 'nickname', number: 'id' }}
      tabs={
        [
          {
            label: 'General',
            kind: 'form',
            fields: [
              'nickname',
              'cliNumber',
              'withholdNumber',
              'emergencyServicesCid',
              'trunkFailOver',
              'channelLimit',
            ],
            render: (form, t, readOnly) => (
              <>
                <StatusLine trunk={t} />
                {t.host === '' && (
                  <SipCredentials
                    routes={sipTrunkRoutes}
                    id={t.id}
                    resource="SIPTrunks"
                    username={t.name}
                    resetWarning={TRUNK_MESSAGES.confirmPasswordReset}
                  />
                )}
                <FormFields
                  control={form.control}
                  fields={generalFields(numbers, [destinationValue('trunk', t.id)])}
                  disabled={readOnly}
                />
              </>
            ),
          },
          {
            label: 'IP Address',
            kind: 'form',
            fields: ['host', 'trunkIPAuth', 'ipLocation', 'permit'],
            render: (form, _t, readOnly) => <IpAddressTab form={form} readOnly={readOnly} admin={admin} />,
          },
          {
            ...callRestrictionsTab<SipTrunk, SipTrunkInput, SipTrunkValues>({
              area: 'SIPTrunksCallRestrictions',
              callTimes: true,
            }),
            forbidden: !mayRestrict,
          },
          callRecordingTab<SipTrunk, SipTrunkInput, SipTrunkValues>(),
          tpsTab<SipTrunk, SipTrunkInput, SipTrunkValues>({ trunk: true }),
          {
            label: 'Teams',
            kind: 'form',
            fields: ['enableTeams'],
            render: (form, _t, readOnly) => (
              <TeamsGate disabled={readOnly}>
                <FormFields
                  control={form.control}
                  disabled={readOnly}
                  fields={[{ kind: 'switch', name: 'enableTeams', label: 'Enable Microsoft Teams' }]}
                />
              </TeamsGate>
            ),
          },
          {
            label: 'Advanced',
            kind: 'form',
            inputs: [
              { kind: 'select', name: 'transport', label: 'Transport', options: TRANSPORTS },
              { kind: 'select', name: 'trunkNoPlus', label: 'Number Format', options: NUMBER_MAPPINGS },
              ...(admin
                ? [
                    {
                      kind: 'switch' as const,
                      name: 'anyPresentation' as const,
                      label: 'Allow Any Number Presentation',
                    },
                  ]
                : []),
            ],
          },
          usedByTab<SipTrunk>((t) => destinationValue('trunk', t.id)),
        ] satisfies TabDef<SipTrunk, SipTrunkInput, SipTrunkValues>[]
      }
    />
  );
}
