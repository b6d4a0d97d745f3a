/**
 * A change through the API: a TanStack `useMutation` that owns what follows it. Once settled
 * (succeeded or not, a batch may have half-succeeded) it invalidates the queries it may have
 * changed, and those that read across the areas (query-keys.ts: routing health); it shows the spec's
 * toasts when asked to.
 *
 *   const save = useChange({
 *     mutationFn: (values) => seats.update(id, values),
 *     invalidates: [seatKeys.all],
 *     success: (_reply, values) => MESSAGES.updated(values.nickname),
 *   });
 */
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { keysAcrossAreas } from './query-keys.ts';
import { useToast } from './toast.ts';

export interface ChangeOptions<V, R> {
  mutationFn: (variables: V) => Promise<R>;
  /** Invalidated once the change settles. */
  invalidates: QueryKey[];
  /** The success toast, if any. */
  success?: (reply: R, variables: V) => string | null;
  /** The failure toast, if any (a form shows its failures itself). */
  failure?: (error: Error, variables: V) => string | null;
}

export function useChange<V, R>({ mutationFn, invalidates, success, failure }: ChangeOptions<V, R>) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn,
    onSuccess: (reply, variables) => {
      const message = success?.(reply, variables);
      if (message) toast.success(message);
    },
    onError: (error, variables) => {
      const message = failure?.(error, variables);
      if (message) toast.error(message);
    },
    onSettled: () =>
      Promise.all(
        [...invalidates, ...keysAcrossAreas()].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
