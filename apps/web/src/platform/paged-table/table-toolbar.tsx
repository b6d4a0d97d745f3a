/** The paged table's toolbar: search, filters, and the actions (Add..., Edit, Delete) at the right. */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { SelectOption } from '../fields/field-props.ts';
import type { FilterValue } from './list-state.ts';

/** A filter of the list's records: one of its choices (a select), or a value typed in full (`text`). */
export type FilterDef = ChoiceFilter | TextFilter;

export interface ChoiceFilter {
  field: string;
  label: string;
  options: readonly SelectOption[];
}

/**
 * A value typed in full (a telephone number): the records whose field equals it. Applied on Enter
 * or on leaving the box, not at every key (an equality filter of half a number finds nothing).
 */
export interface TextFilter {
  field: string;
  label: string;
  text: true;
  /** The on-screen keyboard to offer (a number's: 'tel'). */
  inputMode?: 'text' | 'tel';
}

/** A filter of a declared text field, typed in full. */
export function textFilter(field: string, label: string, inputMode: TextFilter['inputMode'] = 'text'): TextFilter {
  return { field, label, text: true, inputMode };
}

const YES_NO: readonly SelectOption[] = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
];

/** A filter on a switch of the records: Yes or No. */
export function yesNoFilter(field: string, label: string): FilterDef {
  return { field, label, options: YES_NO };
}

export interface ToolbarAction {
  key: string;
  label: string;
  kind: 'add' | 'more' | 'edit' | 'delete';
  disabled: boolean;
  onClick: () => void;
}

const ICONS = { add: <AddIcon />, more: <AddIcon />, edit: <EditIcon />, delete: <DeleteIcon /> };

export interface TableToolbarProps {
  search?: { value: string; onChange: (value: string) => void };
  filters?: FilterDef[];
  filterValues: Record<string, FilterValue>;
  onFilter: (field: string, value: FilterValue | null) => void;
  actions: ToolbarAction[];
}

type FilterProps<F> = { filter: F; value: FilterValue | undefined; onFilter: TableToolbarProps['onFilter'] };

function ChoiceFilterSelect({ filter: f, value, onFilter }: FilterProps<ChoiceFilter>) {
  return (
    <FormControl size="small" sx={{ minWidth: 160 }}>
      <InputLabel id={`filter-${f.field}`}>{f.label}</InputLabel>
      <Select
        labelId={`filter-${f.field}`}
        label={f.label}
        value={value === undefined ? '' : String(value)}
        onChange={(e) => {
          const option = f.options.find((o) => String(o.value) === e.target.value);
          onFilter(f.field, option ? option.value : null);
        }}
      >
        <MenuItem value="">
          <em>All</em>
        </MenuItem>
        {f.options.map((o) => (
          <MenuItem key={String(o.value)} value={String(o.value)}>
            {o.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/** The typed filter: its text kept while typing, applied on Enter or blur ('' clears it). */
function TextFilterBox({ filter: f, value, onFilter }: FilterProps<TextFilter>) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  const apply = () => {
    const typed = text.trim();
    if (typed !== String(value ?? '')) onFilter(f.field, typed === '' ? null : typed);
  };
  return (
    <TextField
      size="small"
      label={f.label}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={apply}
      onKeyDown={(e) => {
        if (e.key === 'Enter') apply();
      }}
      slotProps={{ htmlInput: { inputMode: f.inputMode ?? 'text', name: `filter-${f.field}` } }}
      sx={{ width: 170 }}
    />
  );
}

export function TableToolbar({ search, filters, filterValues, onFilter, actions }: TableToolbarProps) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1.5 }}>
      {search && (
        <TextField
          size="small"
          placeholder="Search"
          value={search.value}
          onChange={(e) => search.onChange(e.target.value)}
          slotProps={{
            htmlInput: { 'aria-label': 'Search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ minWidth: 220 }}
        />
      )}
      {filters?.map((f) =>
        'text' in f ? (
          <TextFilterBox
            key={`${f.field}:${String(filterValues[f.field] ?? '')}`}
            filter={f}
            value={filterValues[f.field]}
            onFilter={onFilter}
          />
        ) : (
          <ChoiceFilterSelect key={f.field} filter={f} value={filterValues[f.field]} onFilter={onFilter} />
        ),
      )}
      {/* The actions stay together, at the right (on their own line when the filters fill it). */}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end', ml: 'auto' }}>
        {actions.map((a) => (
          <Button
            key={a.key}
            variant={a.kind === 'add' ? 'contained' : 'outlined'}
            color={a.kind === 'delete' ? 'error' : 'primary'}
            startIcon={ICONS[a.kind]}
            disabled={a.disabled}
            onClick={a.onClick}
          >
            {a.label}
          </Button>
        ))}
      </Box>
    </Box>
  );
}
