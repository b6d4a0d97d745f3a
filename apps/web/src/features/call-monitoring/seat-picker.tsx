/**
 * A multiple choice of the account's seats (by SIP name), shown by extension and nickname: the
 * call-monitoring overview searched and paged on the server (never every seat at once).
 */
import type { PickerOption } from '../../platform/fields/server-picker.tsx';
import { ServerPicker } from '../../platform/fields/server-picker.tsx';
import { seatSource } from './api.ts';

interface SeatPickerProps {
  label: string;
  /** The seats chosen, by SIP name ('30000*201'). */
  value: string[];
  /** The seats chosen, and their options (their labels, for the summary of a choice). */
  onChange: (value: string[], options: PickerOption[]) => void;
  error?: string | undefined;
  helper?: string;
  disabled?: boolean;
  /** Seats not offered (e.g. the seat being edited: a seat cannot monitor itself). */
  exclude?: string[];
  /** The labels of seats the page already holds (the record's monitors). */
  known?: PickerOption[];
}

export function SeatPicker({ exclude = [], known = [], ...props }: SeatPickerProps) {
  return <ServerPicker {...props} multiple source={seatSource} exclude={exclude} known={known} />;
}
