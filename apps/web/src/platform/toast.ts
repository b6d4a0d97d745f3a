/**
 * Toasts: error, info, success; auto-dismiss after 3 seconds (spec 1 §4). The stack that shows them
 * (notistack, in toast-stack.tsx) is not part of the first load: `ToastHost` loads and mounts it
 * when the first toast is asked for, and that toast waits for it (a visit that shows none never
 * fetches it).
 */
import { type ComponentType, createElement, useEffect, useState } from 'react';

type Variant = 'success' | 'error' | 'info';

let stackWanted: () => void = () => undefined;
const wanted = new Promise<void>((resolve) => {
  stackWanted = resolve;
});

let stackMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  stackMounted = resolve;
});

/** Called by the stack once it is on the page (its `onMounted`). */
export function markToastStackMounted(): void {
  stackMounted();
}

async function show(message: string, variant: Variant): Promise<void> {
  stackWanted();
  await mounted;
  const { enqueueSnackbar } = await import('notistack');
  enqueueSnackbar(message, { variant });
}

const toast = {
  success: (message: string) => void show(message, 'success'),
  error: (message: string) => void show(message, 'error'),
  info: (message: string) => void show(message, 'info'),
};

export function useToast() {
  return toast;
}

/** Mounts the toast stack once the first toast is asked for (render it once, beside the router). */
export function ToastHost() {
  const [Stack, setStack] = useState<ComponentType<{ onMounted: () => void }> | null>(null);
  useEffect(() => {
    let live = true;
    void wanted
      .then(() => import('./toast-stack.tsx'))
      .then(({ ToastStack }) => {
        if (live) setStack(() => ToastStack);
      });
    return () => {
      live = false;
    };
  }, []);
  return Stack ? createElement(Stack, { onMounted: markToastStackMounted }) : null;
}
