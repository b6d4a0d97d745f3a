/** A number's emergency-address state as a coloured chip. */
import Chip, { type ChipProps } from '@mui/material/Chip';
import type { EmsStatus } from '@switchboard/domain';

/** The states with a colour of their own ('Not set' and 'Not needed' are grey). */
const STATUS_COLOURS: Partial<Record<EmsStatus, ChipProps['color']>> = {
  Confirmed: 'success',
  Pending: 'warning',
  Error: 'error',
};

export function EmsStatusChip({ status }: { status: EmsStatus }) {
  return (
    <Chip
      size="small"
      variant={status === 'Confirmed' ? 'outlined' : 'filled'}
      color={STATUS_COLOURS[status] ?? 'default'}
      label={status}
    />
  );
}
