/** A line of secondary text beside a form or a panel: what a tab is for, what a choice means, 'None'. */
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function Hint({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary">
      {children}
    </Typography>
  );
}
