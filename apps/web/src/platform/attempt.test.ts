import { MESSAGES } from '@switchboard/domain';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { useAttempt } from './attempt.ts';

describe('useAttempt', () => {
  it('is busy while the action runs, and not after it succeeded', async () => {
    const { result } = renderHook(() => useAttempt());
    let finish = () => {};
    let running: Promise<void> = Promise.resolve();
    act(() => {
      running = result.current.run(() => new Promise<void>((resolve) => (finish = resolve)));
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      finish();
      await running;
    });
    expect(result.current).toMatchObject({ busy: false, error: '' });
  });

  it("shows the server's message when the action failed, and clears it on the next try", async () => {
    const { result } = renderHook(() => useAttempt());
    await act(() =>
      result.current.run(async () => {
        throw new ApiError(422, 'Declined by the bank', {}, { message: 'Declined by the bank' });
      }),
    );
    expect(result.current).toMatchObject({ busy: false, error: 'Declined by the bank' });
    await act(() => result.current.run(async () => {}));
    expect(result.current.error).toBe('');
  });

  it('says there was no response when the failure has no message', async () => {
    const { result } = renderHook(() => useAttempt());
    await act(() =>
      result.current.run(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(result.current.error).toBe(MESSAGES.noResponse);
  });
});
