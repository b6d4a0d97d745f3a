/**
 * The Call Restrictions tab's fields, shared by seats and SIP trunks: the allow switches, the
 * international PIN only while international calls are allowed, and the high-risk switches
 * disabled for users without highRisk (the server refuses those changes too).
 */
import Typography from '@mui/material/Typography';
import {
  CALL_RESTRICTION_SWITCHES,
  type CallRestrictions,
  mayChangeRestriction,
  type Resource,
} from '@switchboard/domain';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormSwitchField, FormTextField } from '../fields/form-fields.tsx';
import { useSession } from '../session-context.ts';

export function CallRestrictionsFields<V extends FieldValues>({
  form,
  area,
  disabled,
}: {
  form: UseFormReturn<V>;
  /** The restriction permission of the area (seatsCallRestrictions, SIPTrunksCallRestrictions). */
  area: Resource;
  disabled: boolean;
}) {
  const { session } = useSession();
  const international = Boolean(form.watch('allowInternational' as Path<V>));
  const may = (field: keyof CallRestrictions) => !disabled && mayChangeRestriction(session, area, field);
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        Choose which numbers may be called. International and premium-rate switches need the high-risk permission.
      </Typography>
      {CALL_RESTRICTION_SWITCHES.map((s) => (
        <FormSwitchField
          key={s.name}
          control={form.control}
          name={s.name as Path<V>}
          label={s.label}
          disabled={!may(s.name)}
        />
      ))}
      {international && (
        <FormTextField
          control={form.control}
          name={'internationalPIN' as Path<V>}
          label="International PIN"
          helper="Asked before each international call (4-8 digits); leave empty for none"
          disabled={!may('internationalPIN')}
        />
      )}
    </>
  );
}
