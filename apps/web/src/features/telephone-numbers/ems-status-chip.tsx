/** A number's emergency-address state as a coloured chip. */
import Chip from '@mui/material/Chip';
import type { EmsStatus } from '@switchboard/domain';

const STATUS_COLOURS: Record<EmsStatus, 'success' | 'warning' | 'error' | 'default'> = {
  Confirmed: 'success',
  Pending: 'warning',
  Error: 'error',
  'Not set': 'default',
  'Not needed': 'default',
};

export function EmsStatusChip({ status }: { status: EmsStatus }) {
  return (
    <Chip
      size="small"
      variant={status === 'Confirmed' ? 'outlined' : 'filled'}
      color={STATUS_COLOURS[status]}
      label={status}
    />
  );
}
