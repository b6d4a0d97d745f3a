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
import type { SelectOption } from '../fields/field-props.ts';
import type { FilterValue } from './list-state.ts';

export interface FilterDef {
  field: string;
  label: string;
  options: readonly SelectOption[];
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
      {filters?.map((f) => (
        <FormControl key={f.field} size="small" sx={{ minWidth: 160 }}>
          <InputLabel id={`filter-${f.field}`}>{f.label}</InputLabel>
          <Select
            labelId={`filter-${f.field}`}
            label={f.label}
            value={filterValues[f.field] === undefined ? '' : String(filterValues[f.field])}
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
      ))}
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
