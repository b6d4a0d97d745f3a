/** The toasts' stack (notistack): at most four, bottom right, each gone after TIMINGS.toastMs. */
import { TIMINGS } from '@switchboard/domain';
import { SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { markToastStackMounted } from './toast.ts';

export function ToastStack() {
  useEffect(markToastStackMounted, []);
  return (
    <SnackbarProvider
      maxSnack={4}
      autoHideDuration={TIMINGS.toastMs}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    />
  );
}
