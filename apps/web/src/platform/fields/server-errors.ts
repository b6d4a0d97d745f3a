/** Puts a failed save's field messages onto the form, and says what the banner should show. */
import { MESSAGES } from '@switchboard/domain';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api.ts';

/** Returns the form-level message: the multiple-errors banner, the single message, or the fallback. */
export function applyServerErrors<V extends FieldValues>(error: unknown, setError: UseFormSetError<V>): string {
  if (!(error instanceof ApiError)) return MESSAGES.saveFallback;
  const entries = Object.entries(error.validation);
  for (const [field, message] of entries) setError(field as Path<V>, { type: 'server', message });
  if (entries.length > 1) return MESSAGES.multipleErrors;
  return error.message || MESSAGES.saveFallback;
}
