/** A small outlined chip for a two-way state: green while `on` ('Enabled', 'Registered', 'Yes'), grey otherwise. */
import Chip from '@mui/material/Chip';

export function StateChip({ on, label }: { on: boolean; label: string }) {
  return <Chip size="small" variant="outlined" color={on ? 'success' : 'default'} label={label} />;
}
