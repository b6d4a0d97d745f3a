/**
 * A destructive action asks first, saying what will happen (DESIGN: "destructive actions
 * confirm"). `ask` opens the modal and answers whether the person confirmed; the page renders
 * `dialog` once.
 *
 *   const confirm = useConfirm();
 *   const reset = async () => {
 *     if (!(await confirm.ask({ title: 'Reset SIP Password', text: SEAT_MESSAGES.confirmPasswordReset, action: 'Reset Password' }))) return;
 *     ...
 *   };
 *   return <>{...}{confirm.dialog}</>;
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useCallback, useId, useRef, useState } from 'react';

export interface ConfirmOptions {
  title: string;
  /** What will happen. */
  text: ReactNode;
  /** The confirming button's label (the action's name, e.g. 'Reset Password'). */
  action: string;
}

export function useConfirm(): { ask: (options: ConfirmOptions) => Promise<boolean>; dialog: ReactNode } {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((confirmed: boolean) => void) | null>(null);
  const titleId = useId();
  const ask = useCallback(
    (next: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        resolver.current?.(false);
        resolver.current = resolve;
        setOptions(next);
      }),
    [],
  );
  const answer = (confirmed: boolean) => {
    resolver.current?.(confirmed);
    resolver.current = null;
    setOptions(null);
  };
  const dialog = (
    <Dialog open={options !== null} onClose={() => answer(false)} maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{options?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{options?.text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => answer(false)}>Cancel</Button>
        <Button color="error" variant="contained" onClick={() => answer(true)}>
          {options?.action}
        </Button>
      </DialogActions>
    </Dialog>
  );
  return { ask, dialog };
}
