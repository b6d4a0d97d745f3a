/**
 * The toasts' stack (notistack): at most four, bottom right, each gone after TIMINGS.toastMs.
 * `onMounted` tells the toasts that wait for it (toast.ts's `markToastStackMounted`). Each variant's
 * colour is dark enough for its white text (WCAG AA, 4.5:1 at least: notistack's own green, orange
 * and blue are 2.2-3.3:1).
 */
import { styled } from '@mui/material/styles';
import { TIMINGS } from '@switchboard/domain';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';

const Toast = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#1b5e20' },
  '&.notistack-MuiContent-error': { backgroundColor: '#c62828' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#8a4b00' },
  '&.notistack-MuiContent-info': { backgroundColor: '#01579b' },
});

export function ToastStack({ onMounted }: { onMounted: () => void }) {
  useEffect(onMounted, [onMounted]);
  return (
    <SnackbarProvider
      maxSnack={4}
      autoHideDuration={TIMINGS.toastMs}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      Components={{ default: Toast, success: Toast, error: Toast, warning: Toast, info: Toast }}
    />
  );
}
