/**
 * The Call Restrictions tab, shared by seats and SIP trunks (spec 2 §6): the allow switches, the
 * international PIN only while international calls are allowed, the high-risk switches disabled
 * for users without highRisk (the server refuses those changes too), optionally the weekday /
 * weekend call times and the channel limit (provider-admin only on seats).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import {
  CALL_RESTRICTION_SWITCHES,
  type CallRestrictions,
  hasHighRisk,
  isProviderAdmin,
  mayChangeRestriction,
  mayEditRestrictions,
  type Resource,
} from '@switchboard/domain';
import type { ReactNode } from 'react';
import { type FieldValues, type Path, useWatch } from 'react-hook-form';
import { FormSwitchField, FormTextField } from '../fields/form-fields.tsx';
import type { FieldsForm } from '../fields/form-schema.ts';
import { useSession } from '../session-context.ts';
import { CallTimesField } from './call-times-field.tsx';

export interface ChannelLimitOption {
  min: number;
  max: number;
  /** Only provider admins may change it (seats); others see it read-only. */
  adminOnly?: boolean;
  helper?: string;
}

export interface CallRestrictionsProps<V extends FieldValues> {
  form: FieldsForm<V>;
  /** The restriction permission of the area (seatsCallRestrictions, SIPTrunksCallRestrictions). */
  area: Resource;
  disabled: boolean;
  /** Show weekdayTimes / weekendTimes ({ mode, from, to }). */
  callTimes?: boolean;
  /** Show channelLimit with its bounds. */
  channelLimit?: ChannelLimitOption;
  /** Show the international PIN while international calls are allowed (default true; NTS has none). */
  internationalPin?: boolean;
}

type RestrictionSwitch = (typeof CALL_RESTRICTION_SWITCHES)[number];

/** A heading, an optional note and its switches in two columns (each enabled as `may` says). */
function SwitchSection<V extends FieldValues>(props: {
  title: string;
  switches: readonly RestrictionSwitch[];
  note?: ReactNode;
  form: FieldsForm<V>;
  may: (field: RestrictionSwitch['name']) => boolean;
}) {
  const { title, switches, note, form, may } = props;
  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      {note}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        {switches.map((s) => (
          <FormSwitchField
            key={s.name}
            control={form.control}
            name={s.name as Path<V>}
            label={s.label}
            disabled={!may(s.name)}
          />
        ))}
      </Box>
    </Box>
  );
}

export function CallRestrictionsFields<V extends FieldValues>({
  form,
  area,
  disabled,
  callTimes,
  channelLimit,
  internationalPin = true,
}: CallRestrictionsProps<V>) {
  const { session } = useSession();
  const international = Boolean(useWatch({ control: form.control, name: 'allowInternational' as Path<V> }));
  const may = (field: keyof CallRestrictions | 'weekdayTimes' | 'weekendTimes') =>
    !disabled && mayChangeRestriction(session, area, field);
  const editable = !disabled && mayEditRestrictions(session, area);
  const admin = isProviderAdmin(session);
  const ukSwitches = CALL_RESTRICTION_SWITCHES.filter((s) => !s.highRisk);
  const riskSwitches = CALL_RESTRICTION_SWITCHES.filter((s) => s.highRisk);
  return (
    <>
      {!disabled && !mayEditRestrictions(session, area) && (
        <Alert severity="info">
          You can view these restrictions; changing them needs the call restrictions permission.
        </Alert>
      )}
      <SwitchSection title="Numbers that may be called" switches={ukSwitches} form={form} may={may} />
      <SwitchSection
        title="Premium rate and international"
        switches={riskSwitches}
        form={form}
        may={may}
        note={
          editable &&
          !hasHighRisk(session) && (
            <Typography variant="body2" color="text.secondary">
              These switches need the high-risk permission; please contact your account manager to change them.
            </Typography>
          )
        }
      />
      {international && internationalPin && (
        <FormTextField
          control={form.control}
          name={'internationalPIN' as Path<V>}
          label="International PIN"
          helper="Asked before each international call (4-8 digits); leave empty for none"
          disabled={!may('internationalPIN')}
        />
      )}
      {channelLimit && (
        <FormTextField
          control={form.control}
          name={'channelLimit' as Path<V>}
          label="Channel Limit"
          type="number"
          helper={channelLimit.helper ?? `${channelLimit.min}-${channelLimit.max} simultaneous calls`}
          disabled={disabled || (channelLimit.adminOnly === true && !admin)}
        />
      )}
      {callTimes && (
        <>
          <Divider />
          <CallTimesField
            control={form.control}
            name={'weekdayTimes' as Path<V>}
            label="Weekday"
            disabled={!may('weekdayTimes')}
          />
          <CallTimesField
            control={form.control}
            name={'weekendTimes' as Path<V>}
            label="Weekend"
            disabled={!may('weekendTimes')}
          />
        </>
      )}
    </>
  );
}
