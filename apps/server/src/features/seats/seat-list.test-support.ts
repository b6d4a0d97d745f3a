/** The seats list as a signed-in user asks for it, for the stored-column tests (seat-status, seat-location). */
import type { Seat } from '@switchboard/domain';
import { expect } from 'vitest';
import { json, type TestContext } from '../../test/harness.ts';

export type Page<T> = { records: T[]; totalRecords: number; lastPage: boolean };

/**
 * `POST /seat/{path}` (every seat by default) with `payload`'s filter, sort or search, answered 200;
 * the context and the headers are read at each call (a file's `beforeAll` sets them).
 */
export function seatList(context: () => { t: TestContext; headers: Record<string, string> }) {
  return async (payload: object = {}, path = '-1/-1'): Promise<Page<Seat>> => {
    const { t, headers } = context();
    const res = await t.api('POST', `/seat/${path}`, headers, payload);
    expect(res.statusCode).toBe(200);
    return json<Page<Seat>>(res);
  };
}
