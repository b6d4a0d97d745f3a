import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWhenIdle } from './idle.ts';

describe('useWhenIdle', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('does the work once the page is idle, and not at all when the page is left first', () => {
    const pending = new Map<number, () => void>();
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => {
      pending.set(pending.size + 1, cb);
      return pending.size;
    });
    vi.stubGlobal('cancelIdleCallback', (id: number) => pending.delete(id));
    const work = vi.fn();
    const first = renderHook(() => useWhenIdle(work));
    const { rerender } = first;
    rerender();
    expect(work).not.toHaveBeenCalled();
    for (const cb of pending.values()) cb();
    expect(work).toHaveBeenCalledTimes(1);

    const left = vi.fn();
    const { unmount } = renderHook(() => useWhenIdle(left));
    unmount();
    for (const cb of pending.values()) cb();
    expect(left).not.toHaveBeenCalled();
    first.unmount();
  });

  it('does it at once where the browser has no idle callbacks, and nothing without work', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const work = vi.fn();
    renderHook(() => useWhenIdle(work));
    expect(work).toHaveBeenCalledTimes(1);
    expect(() => renderHook(() => useWhenIdle(undefined))).not.toThrow();
  });
});
