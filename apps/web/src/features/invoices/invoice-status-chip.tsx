/** An invoice's status (spec 1 §2): Overdue red, Unpaid amber, Paid green, Void grey. */
import Chip from '@mui/material/Chip';
import type { InvoiceStatus } from '@switchboard/domain';

const COLOUR = { Overdue: 'error', Unpaid: 'warning', Paid: 'success', Void: 'default' } as const;

export function InvoiceStatusChip({ status }: { status: InvoiceStatus }) {
  return (
    <Chip
      size="small"
      variant={status === 'Void' ? 'outlined' : 'filled'}
      color={COLOUR[status]}
      label={status}
      sx={status === 'Void' ? { textDecoration: 'line-through' } : undefined}
    />
  );
}
