/**
 * The shared call-option tabs of seats and SIP trunks: Call Restrictions, Call Recording and
 * TPS/CTPS, as components (for a custom tab) and as ready TabbedForm tab definitions.
 *
 *   tabs={[..., callRestrictionsTab({ area: 'seatsCallRestrictions', callTimes: true,
 *     channelLimit: { ...SEAT_CHANNELS, adminOnly: true } }), callRecordingTab(), tpsTab(), ...]}
 */
import Typography from '@mui/material/Typography';
import {
  CALL_RECORDING_HELP,
  CALL_RECORDING_OPTIONS,
  CALL_TIMES_FIELDS,
  RESTRICTION_FIELDS,
  TPS_HELP,
  TPS_MODES,
  TRUNK_TPS_MODES,
} from '@switchboard/domain';
import { type FieldValues, type Path, useWatch } from 'react-hook-form';
import { type FieldDef, FormFields, FormSelectField } from '../fields/form-fields.tsx';
import type { FieldsForm } from '../fields/form-schema.ts';
import { SaveButton, type TabDef } from '../tabbed-form/tabbed-form.tsx';
import { CallRestrictionsFields, type CallRestrictionsProps } from './call-restrictions-fields.tsx';
import { TeamsGate } from './teams-gate.tsx';

export { CallRestrictionsFields as CallRestrictionsTab };

interface TabProps<V extends FieldValues> {
  form: FieldsForm<V>;
  disabled: boolean;
}

/** callRecording: off / pausable / permanent, with what each means. */
export function CallRecordingTab<V extends FieldValues>({ form, disabled }: TabProps<V>) {
  const value = useWatch({ control: form.control, name: 'callRecording' as Path<V> }) as number | undefined;
  return (
    <>
      <FormSelectField
        control={form.control}
        name={'callRecording' as Path<V>}
        label="Call Recording"
        options={CALL_RECORDING_OPTIONS}
        disabled={disabled}
      />
      <Typography variant="body2" color="text.secondary">
        {CALL_RECORDING_HELP[Number(value ?? 0)]}
      </Typography>
    </>
  );
}

/** tps and ctps: off / block / option (a trunk adds signalsonly). */
export function TpsTab<V extends FieldValues>({ form, disabled, trunk }: TabProps<V> & { trunk?: boolean }) {
  const modes = trunk ? TRUNK_TPS_MODES : TPS_MODES;
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        Screen outbound calls against the UK Telephone Preference Service (TPS, private numbers) and the Corporate TPS
        (CTPS, business numbers).
      </Typography>
      <FormSelectField control={form.control} name={'tps' as Path<V>} label="TPS" options={modes} disabled={disabled} />
      <FormSelectField
        control={form.control}
        name={'ctps' as Path<V>}
        label="CTPS"
        options={modes}
        disabled={disabled}
      />
      <Typography component="ul" variant="body2" color="text.secondary" sx={{ m: 0, pl: 2.5 }}>
        {modes.map((m) => (
          <li key={m.value}>
            <strong>{m.label}</strong>: {TPS_HELP[m.value]}
          </li>
        ))}
      </Typography>
    </>
  );
}

/** The Call Restrictions tab for a TabbedForm (omit it when the user may not read the restrictions). */
export function callRestrictionsTab<R, V extends FieldValues, O extends FieldValues>(
  options: Omit<CallRestrictionsProps<V>, 'form' | 'disabled'>,
): TabDef<R, V, O> {
  return {
    label: 'Call Restrictions',
    kind: 'form',
    fields: [
      ...RESTRICTION_FIELDS,
      ...(options.callTimes ? CALL_TIMES_FIELDS : []),
      ...(options.channelLimit ? ['channelLimit'] : []),
    ],
    render: (form, _record, readOnly) => <CallRestrictionsFields<V> form={form} disabled={readOnly} {...options} />,
  };
}

export function callRecordingTab<R, V extends FieldValues, O extends FieldValues>(): TabDef<R, V, O> {
  return {
    label: 'Call Recording',
    kind: 'form',
    fields: ['callRecording'],
    render: (form, _record, readOnly) => <CallRecordingTab<V> form={form} disabled={readOnly} />,
  };
}

export function tpsTab<R, V extends FieldValues, O extends FieldValues>(
  options: { trunk?: boolean } = {},
): TabDef<R, V, O> {
  return {
    label: 'TPS/CTPS',
    kind: 'form',
    fields: ['tps', 'ctps'],
    render: (form, _record, readOnly) => <TpsTab<V> form={form} disabled={readOnly} trunk={options.trunk} />,
  };
}

/**
 * The Teams tab (spec 2 §2): behind the account's Teams tenant, the Enable Microsoft Teams switch
 * and the area's further Teams fields (a seat's Teams number), which `fields` names.
 */
export function teamsTab<R, V extends FieldValues, O extends FieldValues>(
  options: { fields?: string[]; more?: (form: FieldsForm<V>) => FieldDef<V>[] } = {},
): TabDef<R, V, O> {
  return {
    label: 'Teams',
    kind: 'form',
    fields: ['enableTeams', ...(options.fields ?? [])],
    // Saved only once the account has Teams: before, the tab is the invitation, with nothing to save.
    save: 'own',
    render: (form, _record, readOnly) => (
      <TeamsGate disabled={readOnly}>
        <FormFields
          control={form.control}
          disabled={readOnly}
          fields={[
            { kind: 'switch', name: 'enableTeams' as Path<V>, label: 'Enable Microsoft Teams' },
            ...(options.more?.(form) ?? []),
          ]}
        />
        {!readOnly && <SaveButton busy={form.formState.isSubmitting} />}
      </TeamsGate>
    ),
  };
}
