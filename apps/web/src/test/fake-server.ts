/**
 * A fake of the API at the network boundary: `fetch` answered like the server answers, from
 * in-memory tables. Lists (POST {path}/{offset}/{limit}) page, sort, search and filter; creates,
 * updates (PUT whole, PATCH partial) and deletes change the table and reply { success, message }.
 * A row with a `version` behaves as the server's: every update increments it, and an update whose
 * If-Match names an older one is refused with 409 and the stale-version message. A test adds its
 * own handlers for other calls, and reads `requests` to see what the panel sent.
 */
import { MESSAGES } from '@switchboard/domain';
import { vi } from 'vitest';

export interface SentRequest {
  method: string;
  /** Without the API base: '/seat/0/15'. */
  path: string;
  body: unknown;
  /** The If-Match header, when one was sent ('"3"'). */
  ifMatch?: string;
}

type Row = { id: number } & Record<string, unknown>;
type Handler = (request: SentRequest, match: RegExpMatchArray) => { status?: number; body: unknown } | unknown;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A reply with a status other than 200 (a handler returns this to refuse). */
export const reply = (status: number, body: unknown) => ({ __status: status, body });

export function fakeServer(tables: Record<string, Row[]> = {}) {
  const requests: SentRequest[] = [];
  const handlers: Array<{ method: string; pattern: RegExp; handler: Handler }> = [];
  let nextId = 1000;

  const on = (method: string, pattern: RegExp | string, handler: Handler) => {
    const re =
      typeof pattern === 'string' ? new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : pattern;
    handlers.unshift({ method, pattern: re, handler });
  };

  const list = (rows: Row[], offset: number, limit: number, body: Record<string, unknown>) => {
    let out = [...rows];
    const search = typeof body.search === 'string' ? body.search.toLowerCase() : '';
    if (search) out = out.filter((r) => Object.values(r).some((v) => String(v).toLowerCase().includes(search)));
    const filters = (body.filters ?? {}) as Record<string, unknown>;
    for (const [field, value] of Object.entries(filters)) out = out.filter((r) => r[field] === value);
    if (typeof body.sortBy === 'string') {
      const field = body.sortBy;
      const sign = body.direction === 'desc' ? -1 : 1;
      const key = (v: unknown) => (typeof v === 'number' ? v : String(v));
      out.sort((a, b) => {
        const [x, y] = [key(a[field]), key(b[field])];
        return x < y ? -sign : x > y ? sign : 0;
      });
    }
    const page = offset === -1 ? out : out.slice(offset, offset + limit);
    return { records: page, totalRecords: out.length, lastPage: offset === -1 || offset + limit >= out.length };
  };

  for (const [path, rows] of Object.entries(tables)) {
    const base = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    on('POST', new RegExp(`^${base}/(-?\\d+)/(-?\\d+)$`), (req, m) =>
      list(rows, Number(m[1]), Number(m[2]), (req.body ?? {}) as Record<string, unknown>),
    );
    on('GET', new RegExp(`^${base}/(\\d+)$`), (_req, m) => {
      const row = rows.find((r) => r.id === Number(m[1]));
      return row ?? reply(404, { success: false, message: 'The requested record could not be found' });
    });
    on('POST', new RegExp(`^${base}$`), (req) => {
      const row = { ...(req.body as Record<string, unknown>), id: nextId++ };
      rows.push(row);
      return { success: true, message: 'created successfully', id: row.id };
    });
    for (const method of ['PUT', 'PATCH']) {
      on(method, new RegExp(`^${base}/(\\d+)$`), (req, m) => {
        const row = rows.find((r) => r.id === Number(m[1]));
        if (!row) return reply(404, { success: false, message: 'The requested record could not be found' });
        const wanted = req.ifMatch?.replaceAll('"', '');
        if (typeof row.version === 'number' && wanted !== undefined && wanted !== String(row.version)) {
          return reply(409, { success: false, message: MESSAGES.staleVersion });
        }
        Object.assign(row, req.body);
        if (typeof row.version === 'number') row.version += 1;
        return { success: true, message: 'edited successfully', id: row.id };
      });
    }
    on('DELETE', new RegExp(`^${base}/(\\d+)$`), (_req, m) => {
      const index = rows.findIndex((r) => r.id === Number(m[1]));
      if (index < 0) return reply(404, { success: false, message: 'The requested record could not be found' });
      rows.splice(index, 1);
      return { success: true, message: 'Deleted Successfully' };
    });
  }

  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://panel.test');
    const path = url.pathname.replace(/^\/api\/v1/, '') + url.search;
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const ifMatch = new Headers(init?.headers).get('if-match') ?? undefined;
    const sent: SentRequest = ifMatch === undefined ? { method, path, body } : { method, path, body, ifMatch };
    requests.push(sent);
    for (const h of handlers) {
      const match = h.method === method ? path.match(h.pattern) : null;
      if (!match) continue;
      const out = await h.handler(sent, match);
      if (out && typeof out === 'object' && '__status' in out) {
        const r = out as { __status: number; body: unknown };
        return json(r.__status, r.body);
      }
      return json(200, out);
    }
    return json(404, { success: false, message: `No fake for ${method} ${path}` });
  });
  vi.stubGlobal('fetch', fetch);

  return {
    tables,
    requests,
    on,
    /** The requests of one method whose path starts with `prefix`. */
    sent: (method: string, prefix: string) => requests.filter((r) => r.method === method && r.path.startsWith(prefix)),
    /** The body of the last list request of `path`. */
    lastList: (path: string) =>
      [...requests].reverse().find((r) => r.method === 'POST' && new RegExp(`^${path}/\\d+/\\d+$`).test(r.path)),
  };
}
export type FakeServer = ReturnType<typeof fakeServer>;
