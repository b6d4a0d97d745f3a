/**
 * Keyset paging (issue 26 item 6): a list of a large append-only table declares its key — its
 * default sort's column and the row id, both in the sort's direction (the audit log: at desc, id
 * desc) — and pages by a cursor: the key of a page's last row, opaque to the client. The next page is
 * the rows past that key (`(at, id) < (cursor's at, cursor's id)`), read from the key's index: its
 * cost does not grow with how deep the page is, and rows added between two pages are neither repeated
 * nor skipped. A cursor is validated before it reaches SQL (a bad one is a 400, never a 500) and is
 * bound to the list's order, filters and search (a cursor of another one is refused).
 */
import { createHash } from 'node:crypto';
import type { SortDirection } from '@switchboard/domain';
import { z } from 'zod';
import { HttpError } from './errors.ts';

/** The SQL type of a key column; the column is NOT NULL. */
export type KeyType = 'timestamptz' | 'bigint' | 'text';

/** A page's position: the text of the last row's key and its id. */
export interface Cursor {
  key: string;
  id: number;
}

/** The key as text, exactly (a timestamp to the microsecond, in UTC), for the cursor. */
export function keyTextSql(type: KeyType, expression: string): string {
  return type === 'timestamptz'
    ? `to_char((${expression}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : `(${expression})::text`;
}

const KEY_TEXT: Record<KeyType, z.ZodType<string>> = {
  timestamptz: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/)
    // A real instant: the date read back as written (no 30 February, no 25 o'clock).
    .refine((v) => {
      const ms = Date.parse(`${v.slice(0, 23)}Z`);
      return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 23) === v.slice(0, 23);
    }),
  bigint: z
    .string()
    .regex(/^-?\d{1,18}$/)
    .refine((v) => Number.isSafeInteger(Number(v))),
  // No NUL: PostgreSQL text cannot hold one.
  text: z
    .string()
    .max(400)
    .refine((v) => !v.includes(String.fromCharCode(0))),
};

const cursorTuple = z.tuple([z.string(), z.number().int().min(1).max(Number.MAX_SAFE_INTEGER), z.string()]);

export const BAD_CURSOR = 'The cursor is not one this list gave: ask for the first page again';
export const OTHER_CURSOR =
  "The cursor belongs to another order, filter or search of this list: ask for this one's first page";

/** What a cursor is bound to: the list's order, filters and search (a short digest of them). */
export function listFingerprint(view: {
  sortBy: string;
  direction: SortDirection;
  filters?: Record<string, unknown> | undefined;
  search?: string | undefined;
}): string {
  const filters = Object.entries(view.filters ?? {})
    .filter(([, v]) => v !== null && v !== '' && v !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  const text = JSON.stringify([view.sortBy, view.direction, filters, view.search?.trim() ?? '']);
  return createHash('sha256').update(text).digest('base64url').slice(0, 16);
}

/** The opaque cursor of a row (base64url of its key, its id and the list's fingerprint). */
export function encodeCursor(cursor: Cursor, fingerprint: string): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id, fingerprint])).toString('base64url');
}

/** The position a cursor names, checked against the key's type and the list's fingerprint (400 otherwise). */
export function decodeCursor(text: string, type: KeyType, fingerprint: string): Cursor {
  let parsed: unknown;
  try {
    parsed = /^[A-Za-z0-9_-]{1,800}$/.test(text) ? JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) : null;
  } catch {
    parsed = null;
  }
  const tuple = cursorTuple.safeParse(parsed);
  if (!tuple.success || !KEY_TEXT[type].safeParse(tuple.data[0]).success) throw new HttpError(400, BAD_CURSOR);
  const [key, id, bound] = tuple.data;
  if (bound !== fingerprint) throw new HttpError(400, OTHER_CURSOR);
  return { key, id };
}
