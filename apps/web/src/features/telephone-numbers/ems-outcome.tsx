/**
 * An emergency address update is sent, not done: the registry answers later (spec 3 §4: pending
 * until confirmed). After a submission this follows the number's emergency data, wherever the
 * person goes in the panel, and raises a notification with the registry's answer: the spec's
 * success text once confirmed, its failure text (with the number and the registry's reason) if
 * rejected, kept on screen until dismissed.
 */
import Button from '@mui/material/Button';
import { emsFailed, TELEPHONE_NUMBER_MESSAGES, TIMINGS } from '@switchboard/domain';
import { type QueryClient, QueryObserver } from '@tanstack/react-query';
import { closeSnackbar, enqueueSnackbar } from 'notistack';
import { EMS_POLL_MS, emsChanges, emsQuery } from './api.ts';

/** Follows the number's pending update until the registry answers, then notifies and refreshes. */
export function followEmsOutcome(queryClient: QueryClient, id: number, telephoneNumber: string): void {
  // Only what is read from now on answers (never the number's state from before the update).
  const since = Date.now();
  const observer = new QueryObserver(queryClient, {
    ...emsQuery(id),
    refetchInterval: EMS_POLL_MS,
    refetchIntervalInBackground: true,
  });
  const stop = observer.subscribe((result) => {
    const ems = result.data;
    if (!ems || ems.updatePending || result.isFetching || result.dataUpdatedAt < since) return;
    stop();
    for (const queryKey of emsChanges) void queryClient.invalidateQueries({ queryKey });
    if (emsFailed(ems.errorCode)) {
      enqueueSnackbar(
        <span data-testid="ems-rejected">
          <strong>{telephoneNumber}</strong>: {TELEPHONE_NUMBER_MESSAGES.emsUpdateFailed}
          {ems.errorText && (
            <>
              <br />
              {ems.errorText}
            </>
          )}
        </span>,
        {
          variant: 'error',
          persist: true,
          action: (key) => (
            <Button color="inherit" size="small" onClick={() => closeSnackbar(key)}>
              Dismiss
            </Button>
          ),
        },
      );
    } else {
      enqueueSnackbar(TELEPHONE_NUMBER_MESSAGES.emsUpdated, { variant: 'success', autoHideDuration: TIMINGS.toastMs });
    }
  });
}
