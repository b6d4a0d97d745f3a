/** Toasts: error, info, success; auto-dismiss after 3 seconds (spec 1 §4). */
import { TIMINGS } from '@switchboard/domain';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';

export function useToast() {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      success: (message: string) => enqueueSnackbar(message, { variant: 'success', autoHideDuration: TIMINGS.toastMs }),
      error: (message: string) => enqueueSnackbar(message, { variant: 'error', autoHideDuration: TIMINGS.toastMs }),
      info: (message: string) => enqueueSnackbar(message, { variant: 'info', autoHideDuration: TIMINGS.toastMs }),
    }),
    [enqueueSnackbar],
  );
}
