/** The sidebar as a temporary drawer on narrow screens (≤600 px): loaded when it first opens. */
import Drawer from '@mui/material/Drawer';
import type { ReactNode } from 'react';

export default function NarrowDrawer({
  open,
  onClose,
  width,
  children,
}: {
  open: boolean;
  onClose: () => void;
  width: number;
  children: ReactNode;
}) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      sx={{ '& .MuiDrawer-paper': { width, boxSizing: 'border-box' } }}
    >
      {children}
    </Drawer>
  );
}
