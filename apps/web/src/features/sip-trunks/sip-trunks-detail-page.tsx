/** /sip/{id}: tabs General, IP Address, Call Restrictions, Call Recording, TPS/CTPS, Teams, Advanced. */
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import {
  destinationValue,
  isProviderAdmin,
  type SipTrunk,
  type SipTrunkInput,
  type SipTrunkValues,
  sipTrunkFields,
  sipTrunkRoutes,
  TRUNK_MESSAGES,
} from '@switchboard/domain';
import { useEffect } from 'react';
import { transportInput } from '../../platform/call-options/call-option-inputs.ts';
import {
  callRecordingTab,
  callRestrictionsTab,
  teamsTab,
  tpsTab,
} from '../../platform/call-options/call-options-tabs.tsx';
import { formField } from '../../platform/fields/declared-fields.ts';
import { type FieldDef, FormFields } from '../../platform/fields/form-fields.tsx';
import type { FieldsForm } from '../../platform/fields/form-schema.ts';
import { useCallerIdSource } from '../../platform/fields/option-sources.ts';
import { useSession } from '../../platform/session-context.ts';
import { SipCredentials } from '../../platform/sip-credentials.tsx';
import { AreaRecordPage } from '../../platform/tabbed-form/area-record-page.tsx';
import type { TabDef } from '../../platform/tabbed-form/tabbed-form.tsx';
import { usedByTab } from '../../platform/used-by.tsx';
import { generalFields, toValues, trunks } from './api.ts';
import { sipTrunksArea } from './area.ts';

function StatusLine({ trunk }: { trunk: SipTrunk }) {
  const text = {
    'Direct IP': `Direct IP: calls are sent to ${trunk.host}`,
    Online: `Registered from ${trunk.ip}${trunk.agent ? ` (${trunk.agent})` : ''}`,
    Offline: 'Unregistered: the PBX has not registered with the server',
  }[trunk.status];
  return (
    <Alert severity={trunk.status === 'Offline' ? 'info' : 'success'} icon={false}>
      <strong>{trunk.status}</strong> — {text}.
    </Alert>
  );
}

/** Clearing the host switches IP authentication off (spec 2 §2: an empty host is dynamic registration). */
function IpAuthFollowsHost({ form }: { form: FieldsForm<SipTrunkInput> }) {
  const host = String(form.watch('host') ?? '').trim();
  useEffect(() => {
    if (host === '' && form.getValues('trunkIPAuth')) form.setValue('trunkIPAuth', false, { shouldDirty: true });
  }, [form, host]);
  return null;
}

const permitInputs = [0, 1, 2].map(
  (i): FieldDef<SipTrunkInput> => ({ kind: 'text', name: `permit.${i}`, label: `Permitted IP ${i + 1}` }),
);

/** The IP Address tab: the host, IP authentication and the permitted addresses. */
const ipAddressTab = (admin: boolean): TabDef<SipTrunk, SipTrunkInput, SipTrunkValues> => ({
  label: 'IP Address',
  kind: 'form',
  fields: ['host', 'trunkIPAuth', 'ipLocation', 'permit'],
  // The host (empty: the PBX registers), IP authentication (provider admins, with a host only).
  inputs: (_t, form) => {
    const host = String(form.watch('host') ?? '');
    const helper = host ? 'Direct IP: calls are sent to this address' : 'Empty: the PBX registers (dynamic)';
    return [
      formField<SipTrunkInput>(sipTrunkFields, 'host', { helper }),
      ...(admin && host !== '' ? [formField<SipTrunkInput>(sipTrunkFields, 'trunkIPAuth')] : []),
      formField<SipTrunkInput>(sipTrunkFields, 'ipLocation'),
    ];
  },
  render: (form, _t, readOnly) => (
    <>
      <IpAuthFollowsHost form={form} />
      <Typography variant="subtitle2">Permitted IP addresses (public, at most 3)</Typography>
      <FormFields control={form.control} fields={permitInputs} disabled={readOnly} />
      {form.formState.errors.permit?.message && <Alert severity="error">{form.formState.errors.permit.message}</Alert>}
    </>
  ),
});

export default function SipTrunkDetailPage() {
  const { session, can } = useSession();
  const numbers = useCallerIdSource();
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
            intro: (t) => (
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
              </>
            ),
            inputs: (t) => generalFields(numbers, [destinationValue('trunk', t.id)]),
          },
          ipAddressTab(admin),
          { ...callRestrictionsTab({ area: 'SIPTrunksCallRestrictions', callTimes: true }), forbidden: !mayRestrict },
          callRecordingTab(),
          tpsTab({ trunk: true }),
          teamsTab(),
          {
            label: 'Advanced',
            kind: 'form',
            inputs: [
              transportInput(),
              formField<SipTrunkInput>(sipTrunkFields, 'trunkNoPlus'),
              ...(admin ? [formField<SipTrunkInput>(sipTrunkFields, 'anyPresentation')] : []),
            ],
          },
          usedByTab<SipTrunk>((t) => destinationValue('trunk', t.id)),
        ] satisfies TabDef<SipTrunk, SipTrunkInput, SipTrunkValues>[]
      }
    />
  );
}
