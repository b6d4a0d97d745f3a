/**
 * Work done once while the page is idle after it opens (requestIdleCallback, at most 2 s late; at once
 * where the browser has no idle callbacks): what a page may get ready before the user asks for it.
 */
import { useEffect } from 'react';

export function useWhenIdle(work: (() => void) | undefined): void {
  useEffect(() => {
    if (!work) return;
    if (typeof globalThis.requestIdleCallback !== 'function' || typeof globalThis.cancelIdleCallback !== 'function') {
      return void work();
    }
    const idle = globalThis.requestIdleCallback(() => work(), { timeout: 2000 });
    return () => globalThis.cancelIdleCallback(idle);
  }, [work]);
}
