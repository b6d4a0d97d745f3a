/**
 * A refused submit always says why: the first tab holding an error is opened when the current one
 * holds none, the first failing field shown is focused, and the errors of fields the page does not
 * show (hidden by another choice) are listed, to be shown as messages above the form.
 */
import { type RefObject, useEffect, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { type FieldProblem, isShown } from '../fields/form-errors.ts';

export interface ErrorRevealOptions<V extends FieldValues> {
  form: Pick<UseFormReturn<V>, 'setFocus'>;
  formRef: RefObject<HTMLFormElement | null>;
  /** The failing fields standing now. */
  leaves: FieldProblem[];
  tabIndex: number;
  /** The index of the tab editing a field (-1: none). */
  tabWith: (path: string) => number;
  openTabAt: (index: number) => void;
  /** The errors of fields not shown (the page's state: a fill empties it). */
  unshown: string[];
  setUnshown: (paths: string[]) => void;
}

/** Returns `reveal(failing)`, for a refused submit with the fields as the refusal named them. */
export function useErrorReveal<V extends FieldValues>(options: ErrorRevealOptions<V>) {
  const { form, formRef, leaves, tabIndex, tabWith, openTabAt, unshown, setUnshown } = options;
  // Set by a refused submit (the form's state may not hold the failing fields yet when this renders).
  const [reveal, setReveal] = useState<FieldProblem[] | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a refused submit asks, and on the tab it opens.
  useEffect(() => {
    if (reveal === null) return;
    const failing = reveal;
    const here = failing.filter((l) => tabWith(l.path) === tabIndex);
    const elsewhere = failing.find((l) => tabWith(l.path) >= 0 && tabWith(l.path) !== tabIndex);
    if (here.length === 0 && elsewhere) {
      openTabAt(tabWith(elsewhere.path));
      return; // runs again on the opened tab
    }
    setReveal(null);
    const shown = failing.filter((l) => isShown(formRef.current, l.path));
    setUnshown(failing.filter((l) => !shown.includes(l)).map((l) => l.path));
    const first = shown[0];
    if (first) {
      const before = document.activeElement;
      form.setFocus(first.path as Path<V>);
      // A field whose ref cannot take the focus: its named input does.
      if (document.activeElement === before) {
        formRef.current?.querySelector<HTMLElement>(`[name="${first.path}"]`)?.focus();
      }
    }
  }, [reveal, tabIndex]);

  // On another tab (or after the errors change) the fields shown change: recount those not shown.
  const leavesKey = leaves.map((l) => l.path).join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: recounts when the tab or the failing fields change.
  useEffect(() => {
    if (reveal !== null || unshown.length === 0) return;
    const still = unshown.filter((path) => leaves.some((l) => l.path === path) && !isShown(formRef.current, path));
    if (still.length !== unshown.length) setUnshown(still);
  }, [tabIndex, leavesKey]);

  return setReveal;
}
