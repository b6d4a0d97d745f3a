/** The call options as declared inputs (spec 2 §9), for the bulk edits and tabs of seats and SIP trunks. */
import { CALL_RECORDING_OPTIONS, TPS_MODES, TRANSPORTS } from '@switchboard/domain';
import type { FieldValues, Path } from 'react-hook-form';
import type { SelectOption } from '../fields/field-props.ts';
import type { FieldDef } from '../fields/form-fields.tsx';

const select = <V extends FieldValues>(name: string, label: string, options: readonly SelectOption[]): FieldDef<V> => ({
  kind: 'select',
  name: name as Path<V>,
  label,
  options,
});

/** callRecording: off / pausable / permanent. */
export const callRecordingInput = <V extends FieldValues>() =>
  select<V>('callRecording', 'Call Recording', CALL_RECORDING_OPTIONS);

/** transport: UDP, TCP or TLS. */
export const transportInput = <V extends FieldValues>() => select<V>('transport', 'Transport', TRANSPORTS);

/** tps and ctps: off / block / option (a trunk's modes add signals only: TRUNK_TPS_MODES). */
export const tpsInputs = <V extends FieldValues>(modes: readonly SelectOption[] = TPS_MODES) => [
  select<V>('tps', 'TPS', modes),
  select<V>('ctps', 'CTPS', modes),
];
