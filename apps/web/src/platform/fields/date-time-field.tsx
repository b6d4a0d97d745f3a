/**
 * The panel's date pickers (MUI X Date Pickers over dayjs, British: DD/MM/YYYY, weeks from Monday),
 * typed section by section or picked from the calendar:
 * - the default export, a date and time (spec 2 §3 "Calendar": DD/MM/YYYY HH:mm) picked from the
 *   calendar and the clock. It edits the spec's text 'DD/MM/YYYY HH:mm' (what the form holds and
 *   the API takes), so the domain schema checks it as it checks a typed one: an unfinished or
 *   impossible date is the schema's date message;
 * - `DatePickerField`, a date alone (a list's date filter), shown DD/MM/YYYY and holding
 *   'YYYY-MM-DD' (what a URL and the API carry).
 *
 * Loaded on demand (form-fields.tsx and the pages with a date filter, lazily): only the pages that
 * have a date carry the pickers.
 */
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DesktopDatePicker } from '@mui/x-date-pickers/DesktopDatePicker';
import { DesktopDateTimePicker } from '@mui/x-date-pickers/DesktopDateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import 'dayjs/locale/en-gb';
import { type ReactNode, useRef, useState } from 'react';

dayjs.extend(customParseFormat);

/** The spec's date format (spec 1 §9) and date-time format (spec 2 §3 "Calendar"). */
export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';
/** A date as a URL or the API carries it. */
export const ISO_DATE_FORMAT = 'YYYY-MM-DD';

/** Every picker's adapter and locale (dayjs, en-gb): DD/MM/YYYY, weeks from Monday. */
export function PickerLocalization({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="en-gb">
      {children}
    </LocalizationProvider>
  );
}

/** 'YYYY-MM-DD' as a date, or null when empty or not a real date. */
export function parseIsoDate(text: string): Dayjs | null {
  if (!text) return null;
  const value = dayjs(text, ISO_DATE_FORMAT, true);
  return value.isValid() ? value : null;
}

export interface DatePickerFieldProps {
  /** 'YYYY-MM-DD', or '' for none. */
  value: string;
  /** A whole, real date as 'YYYY-MM-DD', or '' when cleared; nothing while one is half typed. */
  onChange: (value: string) => void;
  label: string;
  name?: string;
  /** The earliest and latest dates offered ('YYYY-MM-DD'; e.g. a range's other end). */
  min?: string;
  max?: string;
  /** Wide enough for 'DD/MM/YYYY' and the calendar button (the field's width, in px). */
  width?: number;
}

/**
 * A date alone, typed DD/MM/YYYY or picked from the calendar: it reports a date only once it is
 * whole and real — a year of four digits: while '2026' is typed the picker passes through the
 * years 2, 20 and 202, which are not reported — and '' when cleared. What is typed stays in the
 * field (the value coming back is the one reported); a new value from outside replaces it.
 */
export function DatePickerField({ value, onChange, label, name, min, max, width = 170 }: DatePickerFieldProps) {
  const [shown, setShown] = useState<Dayjs | null>(() => parseIsoDate(value));
  // A new value (reported, or from outside: Clear dates, the URL) is shown as it is.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setShown(parseIsoDate(value));
  }
  const minDate = parseIsoDate(min ?? '') ?? undefined;
  const maxDate = parseIsoDate(max ?? '') ?? undefined;
  const report = (next: string) => {
    if (next !== value) onChange(next);
  };
  return (
    <PickerLocalization>
      <DesktopDatePicker
        label={label}
        format={DATE_FORMAT}
        value={shown}
        minDate={minDate}
        maxDate={maxDate}
        onChange={(next) => {
          setShown(next);
          if (next === null) report('');
          else if (next.isValid() && next.year() >= 1000) report(next.format(ISO_DATE_FORMAT));
        }}
        slotProps={{ textField: { name, size: 'small', sx: { width } } }}
      />
    </PickerLocalization>
  );
}

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
    <PickerLocalization>
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
    </PickerLocalization>
  );
}
