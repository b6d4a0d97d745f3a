/**
 * Where a form's errors are, so that a form never refuses to submit without showing why: every
 * failing field as a dotted path with its message, whether the page shows the field, and the
 * form-level message of a refused save.
 */
import { MESSAGES } from '@switchboard/domain';
import type { FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api.ts';

export interface FieldProblem {
  /** The field's dotted path ('permit.1', 'days.mon.end'). */
  path: string;
  message: string;
}

/** Every failing field of the form's errors (nested objects and arrays walked), in form order. */
export function errorLeaves(errors: FieldErrors | undefined, prefix = ''): FieldProblem[] {
  if (!errors) return [];
  const out: FieldProblem[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (value === null || typeof value !== 'object' || key === 'ref') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const { message, type } = value as { message?: unknown; type?: unknown };
    if (typeof message === 'string' && message !== '' && typeof type === 'string') {
      out.push({ path, message });
    } else {
      out.push(...errorLeaves(value as FieldErrors, path));
    }
  }
  return out;
}

/** The top-level field a path belongs to ('permit' of 'permit.1'). */
export const topField = (path: string) => path.split('.')[0] ?? path;

/**
 * Whether the field at `path` is on the page inside `container`: an input, select or switch of that
 * name, of a field inside it ('days.mon' for 'days.mon.end'), or of one of its parts.
 */
export function isShown(container: HTMLElement | null, path: string): boolean {
  if (!container) return false;
  for (const element of container.querySelectorAll<HTMLElement>('[name]')) {
    const name = element.getAttribute('name') ?? '';
    if (name === path || path.startsWith(`${name}.`) || name.startsWith(`${path}.`)) return true;
  }
  return false;
}

/**
 * Puts a refused save's field messages under their fields, and returns the form-level message: none
 * when the server named fields (each shows its own; the banner counts them), else the server's
 * message (e.g. the stale-version refusal) or the save fallback.
 */
export function applySaveFailure<V extends FieldValues>(error: unknown, setError: UseFormSetError<V>): string | null {
  if (!(error instanceof ApiError)) return MESSAGES.saveFallback;
  const entries = Object.entries(error.validation);
  for (const [field, message] of entries) setError(field as Path<V>, { type: 'server', message });
  if (entries.length > 0) return null;
  return error.message || MESSAGES.saveFallback;
}
