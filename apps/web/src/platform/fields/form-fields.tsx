/**
 * Form fields bound to react-hook-form, showing the field's message under it (the domain schema's
 * message on the browser, the server's validation message after a save).
 */
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { type DestinationOption, type DestinationType, MESSAGES } from '@switchboard/domain';
import { lazy, Suspense } from 'react';
import { Controller, type FieldValues, type Path } from 'react-hook-form';
import { DestinationField } from './destination-field.tsx';
import type { BaseProps, SelectOption, SelectProps } from './field-props.ts';
import type { FieldsControl } from './form-schema.ts';
import { FormMultiSelectField } from './multi-select-field.tsx';
import { FormPickerField } from './picker-field.tsx';
import type { PickerSource } from './server-picker.tsx';

/** The date-time picker loads with the first form that has a date (it is large). */
const DateTimePickerField = lazy(() => import('./date-time-field.tsx'));

/** A declarative field, so tables and forms can describe their inputs. */
export type FieldDef<V extends FieldValues> = { disabled?: boolean } & (
  | {
      kind: 'text';
      name: Path<V>;
      label: string;
      required?: boolean;
      type?: 'text' | 'email' | 'tel' | 'number' | 'password';
      helper?: string;
      /** A text of several lines (e.g. a message): at least this many rows shown. */
      rows?: number;
    }
  | {
      kind: 'select';
      name: Path<V>;
      label: string;
      options: readonly SelectOption[];
      required?: boolean;
      /** Adds 'None', stored as null; a text names the null choice instead and shows it when chosen. */
      nullable?: boolean | string;
      helper?: string;
      /** What the open list says when it has no options ('No items found.' unless told, e.g. 'No Numbers Found'). */
      empty?: string;
    }
  /** A switch; `helper` says why it is as it is (e.g. why it is disabled). */
  | { kind: 'switch'; name: Path<V>; label: string; helper?: string }
  /** Several of the options, held as an array of their values (FormMultiSelectField). */
  | ({ kind: 'multiselect'; name: Path<V>; label: string } & SelectProps)
  /** An object of booleans (e.g. a member's days) as one labelled row of checkboxes, one per key. */
  | { kind: 'checkboxes'; name: Path<V>; label: string; options: Array<{ key: string; label: string }> }
  /** A date and time 'DD/MM/YYYY HH:mm': typed, or picked from a calendar and clock. */
  | { kind: 'datetime'; name: Path<V>; label: string; required?: boolean; helper?: string }
  | {
      kind: 'destination';
      name: Path<V>;
      label: string;
      required?: boolean;
      exclude?: string[];
      /** The only kinds offered (e.g. MEMBER_TYPES); every kind unless told. */
      types?: readonly DestinationType[];
      /** Choices beyond the account's objects (e.g. CONFERENCING for an IVR's keys). */
      extra?: DestinationOption[];
    }
  /**
   * One of a server-searched source's choices (a seat among the account's), '' for none (`none`
   * names what none means, e.g. 'Account default'); with `multiple`, a list of them.
   */
  | {
      kind: 'picker';
      name: Path<V>;
      label: string;
      source: PickerSource;
      required?: boolean;
      helper?: string;
      none?: string;
      multiple?: boolean;
    }
);

export function FormTextField<V extends FieldValues>({
  control,
  name,
  label,
  disabled,
  required,
  type = 'text',
  helper,
  rows,
}: BaseProps<V> & { required?: boolean; type?: string; helper?: string; rows?: number }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, ...field }, fieldState }) => (
        <TextField
          {...field}
          inputRef={ref}
          value={field.value ?? ''}
          label={label}
          type={type}
          required={required}
          disabled={disabled}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? helper}
          fullWidth
          size="small"
          {...(rows ? { multiline: true, minRows: rows } : {})}
        />
      )}
    />
  );
}

/** A select; `nullable` adds 'None', stored as null; with no options its list says `empty`. */
export function FormSelectField<V extends FieldValues>({
  control,
  name,
  label,
  disabled,
  options,
  required,
  nullable,
  helper,
  empty = MESSAGES.noItems,
}: BaseProps<V> & SelectProps & { nullable?: boolean | string }) {
  const id = `select-${String(name)}`;
  // An option whose value is '' (e.g. 'Account default'), or a named null choice ('Default'), is
  // shown like any other choice.
  const emptyOption = options.some((o) => o.value === '') || typeof nullable === 'string';
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormControl
          fullWidth
          size="small"
          error={fieldState.error !== undefined}
          required={required}
          disabled={disabled}
        >
          <InputLabel id={`${id}-label`} shrink={emptyOption || undefined}>
            {label}
          </InputLabel>
          <Select
            displayEmpty={emptyOption}
            notched={emptyOption || undefined}
            labelId={`${id}-label`}
            id={id}
            name={field.name}
            inputRef={field.ref}
            label={label}
            value={field.value === null || field.value === undefined ? '' : String(field.value)}
            onChange={(e) => {
              const raw = e.target.value;
              if (raw === '') return field.onChange(nullable ? null : '');
              const option = options.find((o) => String(o.value) === raw);
              field.onChange(option ? option.value : raw);
            }}
            onBlur={field.onBlur}
          >
            {typeof nullable === 'string' ? (
              <MenuItem value="">{nullable}</MenuItem>
            ) : (
              nullable && (
                <MenuItem value="">
                  <em>None</em>
                </MenuItem>
              )
            )}
            {options.map((o) => (
              <MenuItem key={String(o.value)} value={String(o.value)}>
                {o.label}
              </MenuItem>
            ))}
            {options.length === 0 && typeof nullable !== 'string' && (
              <MenuItem disabled value="__empty__">
                {empty}
              </MenuItem>
            )}
          </Select>
          {(fieldState.error || helper) && <FormHelperText>{fieldState.error?.message ?? helper}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}

/** A switch, with the server's or the schema's message for it (or its helper) underneath. */
export function FormSwitchField<V extends FieldValues>({
  control,
  name,
  label,
  disabled,
  helper,
}: BaseProps<V> & { helper?: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const note = fieldState.error?.message ?? helper;
        const noteId = note ? `${field.name}-note` : undefined;
        return (
          <FormControl error={fieldState.error !== undefined}>
            <FormControlLabel
              control={
                <Switch
                  name={field.name}
                  slotProps={{ input: { ref: field.ref, ...(noteId ? { 'aria-describedby': noteId } : {}) } }}
                  checked={Boolean(field.value)}
                  onChange={(e) => field.onChange(e.target.checked)}
                  disabled={disabled}
                />
              }
              label={label}
            />
            {note && <FormHelperText id={noteId}>{note}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}

/**
 * An object of booleans shown as one labelled row of checkboxes (`{ monday: true, ... }`): each
 * checkbox is named by its path ('days.monday'), the object's message shows under the row.
 */
export function FormCheckboxesField<V extends FieldValues>({
  control,
  name,
  label,
  disabled,
  options,
}: BaseProps<V> & { options: Array<{ key: string; label: string }> }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = (field.value ?? {}) as Record<string, boolean>;
        return (
          <FormControl component="fieldset" error={fieldState.error !== undefined} disabled={disabled}>
            <FormLabel component="legend" sx={{ fontSize: '0.8rem' }}>
              {label}
            </FormLabel>
            <FormGroup row>
              {options.map((o) => (
                <FormControlLabel
                  key={o.key}
                  label={o.label}
                  control={
                    <Checkbox
                      size="small"
                      name={`${field.name}.${o.key}`}
                      checked={Boolean(value[o.key])}
                      onChange={(e) => field.onChange({ ...value, [o.key]: e.target.checked })}
                      onBlur={field.onBlur}
                    />
                  }
                />
              ))}
            </FormGroup>
            {fieldState.error?.message && <FormHelperText>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}

/** A date and time 'DD/MM/YYYY HH:mm' (the form holds the text): typed, or picked. */
export function FormDateTimeField<V extends FieldValues>({
  control,
  name,
  label,
  disabled,
  required,
  helper,
}: BaseProps<V> & { required?: boolean; helper?: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Suspense fallback={<CircularProgress size={20} aria-label="Loading" />}>
          <DateTimePickerField
            text={typeof field.value === 'string' ? field.value : ''}
            onText={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            inputRef={field.ref}
            label={label}
            required={required}
            disabled={disabled}
            error={fieldState.error?.message}
            helper={helper}
          />
        </Suspense>
      )}
    />
  );
}

/**
 * Renders a list of declarative fields; a field is disabled when the list is, or on its own
 * (`disabled: !on` for a field that only matters while a switch is on).
 */
export function FormFields<V extends FieldValues>({
  control,
  fields,
  disabled,
}: {
  control: FieldsControl<V>;
  fields: FieldDef<V>[];
  disabled?: boolean;
}) {
  return (
    <>
      {fields.map((f) => {
        const common = { control, disabled: Boolean(disabled || f.disabled) };
        switch (f.kind) {
          case 'text':
            return <FormTextField key={f.name} {...f} {...common} />;
          case 'select':
            return <FormSelectField key={f.name} {...f} {...common} />;
          case 'switch':
            return <FormSwitchField key={f.name} {...f} {...common} />;
          case 'multiselect':
            return <FormMultiSelectField key={f.name} {...f} {...common} />;
          case 'checkboxes':
            return <FormCheckboxesField key={f.name} {...f} {...common} />;
          case 'datetime':
            return <FormDateTimeField key={f.name} {...f} {...common} />;
          case 'destination':
            return <DestinationField key={f.name} {...f} {...common} />;
          case 'picker':
            return <FormPickerField key={f.name} {...f} {...common} />;
          default:
            return null;
        }
      })}
    </>
  );
}
