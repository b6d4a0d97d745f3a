/**
 * The toasts' stack (notistack): at most four, bottom right, each gone after TIMINGS.toastMs.
 * `onMounted` tells the toasts that wait for it (toast.ts's `markToastStackMounted`).
 */
import { TIMINGS } from '@switchboard/domain';
import { SnackbarProvider } from 'notistack';
import { useEffect } from 'react';

export function ToastStack({ onMounted }: { onMounted: () => void }) {
  useEffect(onMounted, [onMounted]);
  return (
    <SnackbarProvider
      maxSnack={4}
      autoHideDuration={TIMINGS.toastMs}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    />
  );
}
