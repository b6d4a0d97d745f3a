import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useChange } from './mutation.ts';
import { invalidatedByEveryChange } from './query-keys.ts';

describe('useChange', () => {
  it('invalidates what it names and what reads across the areas (routing health), nothing else', async () => {
    const client = new QueryClient();
    for (const key of [['/seat'], ['read across'], ['/ivr']]) client.setQueryData(key, 1);
    invalidatedByEveryChange(['read across']);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useChange({ mutationFn: async () => 'saved', invalidates: [['/seat']] }), {
      wrapper,
    });
    await act(() => result.current.mutateAsync(undefined));
    expect(client.getQueryState(['/seat'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['read across'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['/ivr'])?.isInvalidated).toBe(false);
  });
});
