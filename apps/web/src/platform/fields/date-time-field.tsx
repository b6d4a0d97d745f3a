/**
 * A date and time picker (spec 2 §3 "Calendar": DD/MM/YYYY HH:mm): typed section by section, or
 * picked from the calendar and the clock (MUI X Date Pickers over dayjs). It edits the spec's text
 * 'DD/MM/YYYY HH:mm' (what the form holds and the API takes), so the domain schema checks it as
 * it checks a typed one: an unfinished or impossible date is the schema's date message.
 *
 * Loaded on demand (form-fields.tsx, lazily): only the forms that have a date carry the pickers.
 */
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DesktopDateTimePicker } from '@mui/x-date-pickers/DesktopDateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import 'dayjs/locale/en-gb';
import { useRef } from 'react';

dayjs.extend(customParseFormat);

/** The spec's date-time format (spec 2 §3 "Calendar"). */
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';
/** What the form holds for a date typed but not (yet) a real one: the schema refuses it. */
export const UNFINISHED_DATE = 'unfinished';

/** The text 'DD/MM/YYYY HH:mm' as a date, or null when empty or not a real date. */
export function parseDateTime(text: string): Dayjs | null {
  if (!text) return null;
  const value = dayjs(text, DATE_TIME_FORMAT, true);
  return value.isValid() ? value : null;
}

export interface DateTimePickerFieldProps {
  /** The form's text: 'DD/MM/YYYY HH:mm', '' or UNFINISHED_DATE. */
  text: string;
  onText: (text: string) => void;
  onBlur: () => void;
  name: string;
  label: string;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  helper?: string;
  inputRef: (element: HTMLInputElement | null) => void;
}

export default function DateTimePickerField(props: DateTimePickerFieldProps) {
  const { text, onText, onBlur, name, label, required, disabled, error, helper, inputRef } = props;
  // A date being typed stays as typed until it is a real one.
  const typing = useRef<Dayjs | null>(null);
  // The field's text as shown ('27/12/YYYY hh:mm' while half typed): left half typed, it is unfinished
  // (the picker reports no change until every part is filled).
  const shown = useRef<HTMLInputElement | null>(null);
  const leave = () => {
    const visible = shown.current?.value ?? '';
    if (/\d/.test(visible) && parseDateTime(visible) === null && text !== UNFINISHED_DATE) onText(UNFINISHED_DATE);
    onBlur();
  };
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="en-gb">
      <DesktopDateTimePicker
        label={label}
        format={DATE_TIME_FORMAT}
        ampm={false}
        value={text === UNFINISHED_DATE ? typing.current : parseDateTime(text)}
        onChange={(value) => {
          typing.current = value;
          if (value === null) onText('');
          else onText(value.isValid() ? value.format(DATE_TIME_FORMAT) : UNFINISHED_DATE);
        }}
        disabled={disabled}
        inputRef={(element: HTMLInputElement | null) => {
          shown.current = element;
          inputRef(element);
        }}
        slotProps={{
          textField: {
            name,
            required,
            size: 'small',
            fullWidth: true,
            onBlur: leave,
            error: error !== undefined,
            helperText: error ?? helper,
          },
        }}
      />
    </LocalizationProvider>
  );
}
