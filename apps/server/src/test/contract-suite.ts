/**
 * The contract suite of a resource (issue "Platform v2", Tests): `describeResource(config)` defines
 * one vitest `describe` that checks, with real requests through `app.inject` on the real database,
 * what every resource built with the platform's `resource()` promises — paging, sort, search,
 * filters, create / read back, update, delete (by id and the id-less delete, all or nothing),
 * validation, the permission of each action, tenancy (another account's 404) and the in-use
 * refusal. An area's `<area>.contract.test.ts` is a config object; its own cases go in `cases`.
 *
 * The paths come from the domain contract (`resourceRoutes()`), the replies are parsed with its
 * schemas, and the sort / filter whitelist the config declares is checked against what the server
 * advertises (its OpenAPI document), which also gives each filter's kind. Every test makes the
 * records it changes (unique names from `u` and `n`), so the tests depend on no order and on no
 * other test's data. The suites of one file share one test database.
 */
import {
  type Action,
  fillPath,
  MASK,
  MAX_DELETE_IDS,
  MAX_ID,
  MESSAGES,
  RESOURCES,
  type Resource,
  type RouteBodyIn,
  type RouteContract,
  type RouteReply,
} from '@switchboard/domain';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addUser, basedOn, createTestContext, type Method, type TestContext } from './harness.ts';

type Verb = 'list' | 'listByQuery' | 'read' | 'create' | 'update' | 'patch' | 'remove' | 'removeMany';
/** The routes of domain `resourceRoutes()` (an area's contract may hold more). */
export type ResourceContract = Record<Exclude<Verb, 'listByBody'>, RouteContract> & {
  save?: RouteContract;
  listByBody?: RouteContract;
};
export type RecordOf<R extends ResourceContract> = RouteReply<R['read']>;
type FieldOf<R extends ResourceContract> = keyof RecordOf<R> & string;
type Json = Record<string, unknown>;
type Row = Json & { id: number };
type Page = { records: Row[]; totalRecords: number; lastPage: boolean };
type Reply = { success: boolean; message: string; validation?: Record<string, string>; id?: number; ids?: number[] };

/** Who calls: a demo (or added) username, or a provider admin acting as a customer account. */
export type Identity = string | { user: string; disguise: number };

/** A signed-in session and its effective account. */
export interface Caller {
  headers: Record<string, string>;
  accountNo: number;
  call: (method: Method, url: string, payload?: object) => Promise<LightMyRequestResponse>;
}

/** What a body factory gets: a unique token, a unique number (extensions: 400-998) and the account's env. */
export interface Make<Env> {
  u: string;
  n: number;
  env: Env;
}

export interface ResourceConfig<R extends ResourceContract, Env = undefined> {
  name: string;
  routes: R;
  /** The permission resource of the writes (and of reads, unless readPermission). */
  permission: Resource;
  readPermission?: Resource;
  /** Defaults: owner 'retail' (30000), other 'prepay' (30001), readOnly 'viewer' (30000). */
  users?: { owner?: Identity; other?: Identity; readOnly?: Identity };
  /** Once, before anyone signs in (e.g. make the other account retail for a retail-only area). */
  setup?: (t: TestContext) => Promise<void>;
  /** What the bodies need of an account (e.g. one of its time profiles); made once per account. */
  env?: (caller: Caller) => Promise<Env>;
  /** A valid create body, unique per call (`u` in a searchable field); false: the area has no create. */
  create: false | ((m: Make<Env>) => RouteBodyIn<R['create']>);
  /**
   * Needed without create: a new record of `accountNo` made outside the API (as the provider's
   * allocation would), its id. (Existing records cannot serve: the suite deletes, tags and
   * references a record per test, more than an account holds, and tests must not share them.)
   */
  make?: (m: Make<Env> & { t: TestContext; accountNo: number }) => Promise<number>;
  /** Changes of an update (merged over the record's current values); `u` in a searchable field. */
  update: (m: Make<Env>) => Partial<RouteBodyIn<R['update']>>;
  /** What the read-back shows of a sent body (default: the body's fields that are record fields). */
  readBack?: (body: Json) => Json;
  sortable: ReadonlyArray<FieldOf<R>>;
  searchable: ReadonlyArray<FieldOf<R>>;
  filterable: ReadonlyArray<FieldOf<R>>;
  /** The value a field sorts by when it is not the shown value (e.g. a DD/MM/YYYY date). */
  sortKeys?: Partial<Record<FieldOf<R>, (record: RecordOf<R>) => string | number | boolean | null>>;
  /** A field no two records of the account share, and the message of a clash. */
  unique?: { field: FieldOf<R>; message: string };
  /** A change that makes a create or update body invalid, and the exact message under `field`. */
  invalid: { patch: Json; field: string; message: string };
  /** Makes the record referenced; answers the exact refusal ('In use in Seat 401 - x'). */
  inUse?: (s: { owner: Caller; record: RecordOf<R> } & Make<Env>) => Promise<string>;
  /** When a create by a plain user of the owner's account is refused (a cap the owner's admin passes). */
  createByUser?: { status: number; message: string };
  /** The area of its change events, when not its tag (a child resource with ids of its own). */
  eventArea?: string;
  /** The area's own cases, defined inside the suite's describe. */
  cases?: (s: Suite<R, Env>) => void;
}

/** The suite's live state for an area's own cases (filled before the first test). */
export interface Suite<R extends ResourceContract, Env> {
  t: TestContext;
  owner: Caller;
  other: Caller;
  readOnly: Caller;
  env: Env;
  make: () => Make<Env>;
  /** A new record of the owner (created, or made) with `u` in it. */
  fresh: () => Promise<{ id: number; record: RecordOf<R>; u: string }>;
  signIn: (who: Identity) => Promise<Caller>;
}

// One test database for every suite of a file, made by the first suite that runs and closed once the
// file is done. The server projects run without isolation (vitest.config.ts): this module outlives
// the file, so the file's afterAll also resets what the next file starts from.
let shared: Promise<TestContext> | undefined;
let closing = false;
let counter = 0;
let numbers = 400;
/** A token no seeded text contains ('zq1x' is not inside 'zq11x'). */
export const token = () => `zq${++counter}x`;
/** A number unique in the file: seats' and time profiles' extensions (400-998), mobiles' digits. */
export const uniqueNumber = () => {
  if (numbers > 998) throw new Error('The contract suite ran out of numbers (400-998)');
  return numbers++;
};

export async function signIn(t: TestContext, who: Identity): Promise<Caller> {
  const headers = await t.login(typeof who === 'string' ? who : who.user);
  if (typeof who !== 'string') {
    const res = await t.api('POST', '/users/auth/disguise', headers, { accountNo: who.disguise });
    if (res.statusCode !== 200) throw new Error(`disguise as ${who.disguise}: ${res.statusCode} ${res.body}`);
  }
  const session = (await t.api('GET', '/users/auth/session', headers)).json() as { account_no: string };
  return {
    headers,
    accountNo: Number(session.account_no),
    call: (method, url, payload) => t.api(method, url, headers, payload),
  };
}

const ANONYMOUS: Record<string, string> = {};
const FORGED: Record<string, string> = { authorization: `Bearer ${'0'.repeat(64)}` };
const path = (route: RouteContract, params?: Record<string, unknown>) => fillPath(route.path, params);
const ids = (rows: ReadonlyArray<{ id: number }>) => rows.map((r) => r.id);
const body = <T>(res: LightMyRequestResponse): T => res.json() as T;

/** The value of `field` on `record`: the shown value, or its sort key. */
type KeyOf = (record: Row) => unknown;

/** The list's whitelist as the server advertises it: sortBy's enum and the filters' kinds. */
function advertised(doc: Json, route: RouteContract) {
  const key = `/api/v1${route.path.replace(/:(\w+)/g, '{$1}')}`;
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const find = (node: unknown, has: (n: Json) => boolean): Json | undefined => {
    if (typeof node !== 'object' || node === null) return undefined;
    if (!Array.isArray(node) && has(node as Json)) return node as Json;
    for (const child of Object.values(node)) {
      const found = find(child, has);
      if (found) return found;
    }
    return undefined;
  };
  const props = (n: Json) => (n.properties ?? {}) as Record<string, unknown>;
  const bodySchema = find(paths[key]?.post, (n) => 'sortBy' in props(n));
  if (!bodySchema) throw new Error(`No list body advertised for ${key}`);
  const sortBy = find(props(bodySchema).sortBy, (n) => Array.isArray(n.enum));
  const filters = find(props(bodySchema).filters, (n) => n.type === 'object');
  const kinds: Record<string, 'number' | 'boolean' | 'text'> = {};
  for (const [name, schema] of Object.entries(props(filters ?? {}))) {
    const text = JSON.stringify(schema);
    kinds[name] = text.includes('"boolean"') ? 'boolean' : text.includes('"number"') ? 'number' : 'text';
  }
  return { sortable: (sortBy?.enum ?? []) as string[], filters: kinds };
}

/** Runs of equal keys, in order: [key, ids sorted]. */
function groups(rows: Row[], keyOf: KeyOf): Array<[string, number[]]> {
  const out: Array<[string, number[]]> = [];
  for (const row of rows) {
    const key = JSON.stringify(keyOf(row) ?? null);
    const last = out[out.length - 1];
    if (last && last[0] === key) last[1].push(row.id);
    else out.push([key, [row.id]]);
  }
  return out.map(([key, members]) => [key, [...members].sort((a, b) => a - b)]);
}

export function describeResource<R extends ResourceContract, Env = undefined>(config: ResourceConfig<R, Env>): void {
  const { routes, make: makeRecord } = config;
  if (!config.create && !makeRecord) throw new Error(`${config.name}: without create, the config needs make`);
  if (!closing) {
    closing = true;
    // At the file's level (describeResource is called at the top of a test file): after every suite.
    afterAll(async () => {
      const done = shared;
      shared = undefined;
      closing = false;
      numbers = 400;
      if (done) await (await done).close();
    });
  }
  const recordShape = routes.read.reply instanceof z.ZodObject ? Object.keys(routes.read.reply.shape) : undefined;
  const updateShape = routes.update.body instanceof z.ZodObject ? Object.keys(routes.update.body.shape) : [];
  const canCreate = config.create !== false;
  // The spec's POST {path}/{id} save, where the area has one.
  const alsoPost = routes.save !== undefined;
  const listUrl = (offset: number, limit: number) => path(routes.list, { offset, limit });
  const readUrl = (id: number | string) => path(routes.read, { id });

  describe(`${config.name}: the resource contract`, () => {
    let t: TestContext;
    let owner: Caller;
    let other: Caller;
    let readOnly: Caller;
    const envs = new Map<number, Env>();
    let doc: Json;

    const envOf = async (c: Caller): Promise<Env> => {
      if (!envs.has(c.accountNo)) envs.set(c.accountNo, config.env ? await config.env(c) : (undefined as Env));
      return envs.get(c.accountNo) as Env;
    };
    const make = (env: Env): Make<Env> => ({ u: token(), n: uniqueNumber(), env });

    const list = async (c: Caller, offset = -1, limit = -1, payload: Json = {}): Promise<Page> => {
      const res = await c.call('POST', listUrl(offset, limit), payload);
      expect(res.statusCode, res.body).toBe(200);
      const page = body<Page>(res);
      expect(routes.list.reply.safeParse(page).success, 'the list reply matches the contract').toBe(true);
      return page;
    };
    const read = async (c: Caller, id: number): Promise<Row> => {
      const res = await c.call('GET', readUrl(id));
      expect(res.statusCode, res.body).toBe(200);
      return body<Row>(res);
    };
    const expectReply = (res: LightMyRequestResponse, status: number, message?: string) => {
      expect(res.statusCode, res.body).toBe(status);
      const reply = body<Reply>(res);
      expect(reply.success).toBe(status === 200);
      if (message !== undefined) expect(reply.message).toBe(message);
      return reply;
    };
    const shownOf = (sent: Json): Json =>
      config.readBack
        ? config.readBack(sent)
        : Object.fromEntries(Object.entries(sent).filter(([k]) => recordShape?.includes(k) ?? true));
    /** The update body: the record's current values of the update fields, then the changes. */
    const updateBody = (current: Row, changes: Json): Json => ({
      ...Object.fromEntries(updateShape.filter((k) => k in current).map((k) => [k, current[k]])),
      ...changes,
    });

    /** A new record of `c`'s account with a fresh token in a searchable field. */
    const fresh = async (c: Caller = owner): Promise<{ id: number; record: Row; u: string }> => {
      const m = make(await envOf(c));
      let id: number;
      if (config.create) {
        const res = await c.call('POST', path(routes.create), config.create(m) as Json);
        id = expectReply(res, 200).id as number;
      } else {
        if (!makeRecord) throw new Error(`${config.name}: no make`);
        id = await makeRecord({ ...m, t, accountNo: c.accountNo });
        // Tag it with the token through an update.
        const current = await read(c, id);
        const res = await c.call('PUT', readUrl(id), updateBody(current, config.update(m)));
        expectReply(res, 200);
      }
      return { id, record: await read(c, id), u: m.u };
    };
    /** A record of the other account (one of its own, else a new one). */
    const otherRecord = async (): Promise<number> => {
      const first = (await list(other)).records[0];
      return first ? first.id : (await fresh(other)).id;
    };
    const grants = (actions: Action[], read: boolean): Array<[number, number]> => {
      const masks = new Map<number, number>();
      const add = (resource: Resource, mask: number) =>
        masks.set(RESOURCES[resource], (masks.get(RESOURCES[resource]) ?? 0) | mask);
      for (const action of actions) add(config.permission, MASK[action]);
      if (read) add(config.readPermission ?? config.permission, MASK.read);
      return [...masks];
    };
    /** A user of the owner's account with exactly `grants` (and panel access). */
    const userWith = async (grant: Array<[number, number]>): Promise<Caller> => {
      const username = `contract_${token()}`;
      await addUser(t.database.db, { username, accountNo: owner.accountNo, grants: grant });
      return signIn(t, username);
    };

    const suite: Suite<R, Env> = {
      get t() {
        return t;
      },
      get owner() {
        return owner;
      },
      get other() {
        return other;
      },
      get readOnly() {
        return readOnly;
      },
      get env() {
        return envs.get(owner.accountNo) as Env;
      },
      make: () => make(envs.get(owner.accountNo) as Env),
      fresh: async () => {
        const f = await fresh(owner);
        return { ...f, record: f.record as RecordOf<R> };
      },
      signIn: (who) => signIn(t, who),
    };

    beforeAll(async () => {
      shared ??= createTestContext();
      t = await shared;
      await config.setup?.(t);
      owner = await signIn(t, config.users?.owner ?? 'retail');
      other = await signIn(t, config.users?.other ?? 'prepay');
      readOnly = await signIn(t, config.users?.readOnly ?? 'viewer');
      await envOf(owner);
      doc = body<Json>(await t.app.inject({ method: 'GET', url: '/api/docs/json' }));
    });

    it('advertises the sort and filter whitelist it declares (OpenAPI)', () => {
      const server = advertised(doc, routes.list);
      expect([...server.sortable].sort()).toEqual([...config.sortable].sort());
      expect(Object.keys(server.filters).sort()).toEqual([...config.filterable].sort());
    });

    it('pages: the limit, one total, no overlap, nothing past the end, -1/-1 all, lastPage', async () => {
      while ((await list(owner)).totalRecords < 3) await fresh();
      const all = await list(owner);
      expect(all.lastPage).toBe(true);
      expect(all.records).toHaveLength(all.totalRecords);
      const total = all.totalRecords;
      const limit = Math.ceil(total / 3);
      const seen: number[] = [];
      for (let offset = 0; offset < total; offset += limit) {
        const page = await list(owner, offset, limit);
        expect(page.records).toHaveLength(Math.min(limit, total - offset));
        expect(page.totalRecords).toBe(total);
        expect(page.lastPage).toBe(offset + limit >= total);
        seen.push(...ids(page.records));
      }
      expect(seen).toEqual(ids(all.records));
      for (const offset of [total, total + 10]) {
        expect(await list(owner, offset, 5)).toEqual({ records: [], totalRecords: total, lastPage: true });
      }
      const byQuery = await owner.call('GET', listUrl(-1, -1));
      expect(body<Page>(byQuery)).toEqual(all);
    });

    it('refuses bad paging with 400', async () => {
      for (const [offset, limit] of [
        [0, 0],
        [0, 201],
        [-2, 10],
        [-1, 10],
        [0, -1],
      ] as const) {
        expect((await owner.call('POST', listUrl(offset, limit), {})).statusCode, `${offset}/${limit}`).toBe(400);
        expect((await owner.call('GET', listUrl(offset, limit))).statusCode, `GET ${offset}/${limit}`).toBe(400);
      }
      expect((await owner.call('POST', `${path(routes.create)}/x/10`, {})).statusCode).toBe(400);
      expect((await list(owner, 0, 200)).lastPage).toBe(true);
    });

    it('sorts by each sortable field, asc and desc consistently, as the database orders', async () => {
      const all = await list(owner);
      const n = all.totalRecords;
      for (const field of config.sortable) {
        const keyOf: KeyOf = (row) => {
          const custom = config.sortKeys?.[field];
          return custom ? custom(row as RecordOf<R>) : row[field];
        };
        const asc = (await list(owner, -1, -1, { sortBy: field, direction: 'asc' })).records;
        const desc = (await list(owner, -1, -1, { sortBy: field, direction: 'desc' })).records;
        expect([...ids(asc)].sort(), field).toEqual([...ids(all.records)].sort());
        await expectOrdered(t, field, asc.map(keyOf));
        // Desc is asc reversed, group by group of equal values (ties keep a stable order).
        expect(groups(desc, keyOf), field).toEqual(groups(asc, keyOf).reverse());
        // Paging through a sorted list gives the same rows once each.
        const limit = Math.max(1, Math.ceil(n / 3));
        const paged: number[] = [];
        for (let offset = 0; offset < n; offset += limit) {
          paged.push(...ids((await list(owner, offset, limit, { sortBy: field, direction: 'asc' })).records));
        }
        expect(paged, `${field} paged`).toEqual(ids(asc));
      }
      const first = config.sortable[0];
      if (first) {
        const implicit = await list(owner, -1, -1, { sortBy: first });
        expect(ids(implicit.records), 'sortBy without direction is ascending').toEqual(
          ids((await list(owner, -1, -1, { sortBy: first, direction: 'asc' })).records),
        );
      }
      for (const sortBy of ['nope', 'account_no', 'id; drop table x']) {
        const res = await owner.call('POST', listUrl(0, 10), { sortBy });
        expectReply(res, 400, `Cannot sort by '${sortBy}'`);
        const byQuery = `${listUrl(0, 10)}?sortBy=${encodeURIComponent(sortBy)}`;
        expectReply(await owner.call('GET', byQuery), 400, `Cannot sort by '${sortBy}'`);
      }
    });

    it('finds a record by a unique token, case-insensitively; wildcards are literal', async () => {
      const { id, u } = await fresh();
      const search = async (term: string) => list(owner, -1, -1, { search: term });
      expect(ids((await search(u)).records)).toEqual([id]);
      expect(await list(owner, 5, 5, { search: u }), 'past the end of a search').toEqual({
        records: [],
        totalRecords: 1,
        lastPage: true,
      });
      expect(ids((await search(`  ${u.toUpperCase()} `)).records)).toEqual([id]);
      expect((await search('qq-no-such-record-qq')).totalRecords).toBe(0);
      expect((await search(`${u}%`)).totalRecords, 'a % is literal').toBe(0);
      expect((await search(`${u.slice(0, -1)}_`)).totalRecords, 'an _ is literal').toBe(0);
      expect((await search('')).totalRecords).toBe((await list(owner)).totalRecords);
    });

    it('searches each searchable field', async () => {
      const mine = await fresh();
      const all = (await list(owner)).records;
      for (const field of config.searchable) {
        const candidates = [mine.record as Row, ...all];
        const row = candidates.find((r) => r[field] !== null && r[field] !== undefined && String(r[field]).trim());
        expect(row, `a record with a value of ${field}`).toBeDefined();
        if (!row) continue;
        const term = String(row[field]).trim().slice(0, 100);
        expect(ids((await list(owner, -1, -1, { search: term })).records), `${field}: ${term}`).toContain(row.id);
      }
    });

    it('filters by each filterable field; refuses unknown filters and wrong kinds', async () => {
      const mine = await fresh();
      const all = (await list(owner)).records;
      const { filters: kinds } = advertised(doc, routes.list);
      for (const field of config.filterable) {
        const values = [mine.record as Row, ...all]
          .map((r) => r[field])
          .filter((v, i, list) => v !== null && v !== '' && list.indexOf(v) === i)
          .slice(0, 3);
        expect(values.length, `a value of ${field}`).toBeGreaterThan(0);
        for (const value of values) {
          const page = await list(owner, -1, -1, { filters: { [field]: value } });
          expect(ids(page.records), `${field} = ${String(value)}`).toEqual(ids(all.filter((r) => r[field] === value)));
        }
        for (const none of [null, '']) {
          expect((await list(owner, -1, -1, { filters: { [field]: none } })).totalRecords).toBe(all.length);
        }
        const wrong = kinds[field] === 'number' ? 'abc' : kinds[field] === 'boolean' ? 'maybe' : 12345;
        const res = await owner.call('POST', listUrl(0, 10), { filters: { [field]: wrong } });
        const reply = expectReply(res, 400);
        expect(reply.message, field).toContain(`'${field}'`);
        expect(reply.validation?.[`filters.${field}`], field).toContain(`'${field}'`);
        const byQuery = `${listUrl(0, 10)}?filters=${encodeURIComponent(JSON.stringify({ [field]: wrong }))}`;
        expect(expectReply(await owner.call('GET', byQuery), 400).message, `GET ${field}`).toContain(`'${field}'`);
      }
      expectReply(await owner.call('POST', listUrl(0, 10), { filters: { nope: 1 } }), 400, "Unknown filter 'nope'");
      const unknown = encodeURIComponent(JSON.stringify({ nope: 1 }));
      expectReply(await owner.call('GET', `${listUrl(0, 10)}?filters=${unknown}`), 400, "Unknown filter 'nope'");
      expectReply(await owner.call('GET', `${listUrl(0, 10)}?filters=%7Bnot-json`), 400);
    });

    it('answers the GET form of the list like the POST form', async () => {
      const { record, u } = await fresh();
      const row = record as Row;
      const sortBy = config.sortable[0];
      const filter = config.filterable.find((f) => row[f] !== null && row[f] !== '');
      const filters = filter ? { [filter]: row[filter] } : undefined;
      for (const query of [
        { sortBy, filters },
        { sortBy, search: u },
      ]) {
        const post = await list(owner, 0, 200, { ...query, direction: 'desc' });
        expect(ids(post.records)).toContain(row.id);
        const qs = new URLSearchParams({ sortByDir: 'desc' });
        if (query.sortBy) qs.set('sortBy', query.sortBy);
        if (query.filters) qs.set('filters', JSON.stringify(query.filters));
        if (query.search) qs.set('search', query.search);
        const res = await owner.call('GET', `${listUrl(0, 200)}?${qs}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(body<Page>(res), qs.toString()).toEqual(post);
      }
      expect((await owner.call('POST', listUrl(0, 10), { search: 'x'.repeat(101) })).statusCode).toBe(400);
      expect((await owner.call('GET', `${listUrl(0, 10)}?search=${'x'.repeat(101)}`)).statusCode).toBe(400);
    });

    it(canCreate ? 'creates and reads back (read, list)' : 'has no create', async () => {
      const create = config.create;
      if (!create) {
        // POST {path} creates nothing: unknown, or the spec's list where it lists there (numbers).
        const before = (await list(owner)).totalRecords;
        const res = await owner.call('POST', path(routes.create), {});
        if (routes.listByBody?.path === routes.create.path) {
          expect(res.statusCode, res.body).toBe(200);
          expect(body<Page>(res).totalRecords).toBe(before);
        } else expect(res.statusCode).toBe(404);
        expect((await list(owner)).totalRecords).toBe(before);
        return;
      }
      const before = (await list(owner)).totalRecords;
      const sent = create(make(await envOf(owner))) as Json;
      const res = await owner.call('POST', path(routes.create), sent);
      const reply = expectReply(res, 200);
      expect(routes.create.reply.safeParse(reply).success).toBe(true);
      expect(reply.message).toMatch(new RegExp(`${MESSAGES.createdSuccessfully}$`));
      const record = await read(owner, reply.id as number);
      expect(routes.read.reply.safeParse(record).success, 'the record matches the contract').toBe(true);
      if (recordShape) expect(Object.keys(record).sort()).toEqual([...recordShape].sort());
      expect(record).toMatchObject({ id: reply.id, ...shownOf(sent) });
      const after = await list(owner);
      expect(after.totalRecords).toBe(before + 1);
      expect(after.records.find((r) => r.id === reply.id)).toEqual(record);
    });

    it(`updates (PUT${alsoPost ? ' and POST' : ''}) and reads back; an unknown id is a 404`, async () => {
      const { id, record } = await fresh();
      const methods: Method[] = alsoPost ? ['PUT', 'POST'] : ['PUT'];
      let current = record as Row;
      for (const method of methods) {
        const sent = updateBody(current, config.update(make(await envOf(owner))) as Json);
        const reply = expectReply(await owner.call(method, readUrl(id), sent), 200);
        expect(routes.update.reply.safeParse(reply).success).toBe(true);
        expect(reply).toMatchObject({ id, message: expect.stringMatching(/ has been updated$/) });
        current = await read(owner, id);
        expect(current, method).toMatchObject(shownOf(sent));
        expect((await list(owner)).records.find((r) => r.id === id)).toEqual(current);
      }
      const sent = updateBody(current, config.update(make(await envOf(owner))) as Json);
      if (!alsoPost) {
        // POST {path}/{id} is not an update here.
        expect((await owner.call('POST', readUrl(id), sent)).statusCode).toBe(404);
        expect(await read(owner, id)).toEqual(current);
      }
      expectReply(await owner.call('PUT', readUrl(MAX_ID), sent), 404, MESSAGES.recordNotFound);
      expectReply(await owner.call('GET', readUrl(MAX_ID)), 404, MESSAGES.recordNotFound);
      for (const bad of ['0', 'abc', String(MAX_ID + 1)]) {
        expect((await owner.call('GET', readUrl(bad))).statusCode, bad).toBe(400);
      }
    });

    it('refuses an update (PUT and PATCH) based on an older version with 409, and changes nothing', async () => {
      const { id, record } = await fresh();
      expect(typeof record.version, 'the record carries its version').toBe('number');
      const first = updateBody(record, config.update(make(await envOf(owner))) as Json);
      expectReply(await t.api('PUT', readUrl(id), basedOn(owner.headers, record.version), first), 200);
      const now = await read(owner, id);
      expect(now.version).toBeGreaterThan(record.version as number);
      // Someone else's save came first: both of these were based on the record before it.
      const changes = config.update(make(await envOf(owner))) as Json;
      const stale = basedOn(owner.headers, record.version);
      expectReply(await t.api('PUT', readUrl(id), stale, updateBody(record, changes)), 409, MESSAGES.staleVersion);
      expectReply(await t.api('PATCH', path(routes.patch, { id }), stale, changes), 409, MESSAGES.staleVersion);
      expect(await read(owner, id)).toEqual(now);
      // Based on what is stored now, the same change is saved.
      expectReply(await t.api('PATCH', path(routes.patch, { id }), basedOn(owner.headers, now.version), changes), 200);
      expect(await read(owner, id)).toMatchObject(shownOf(changes));
    });

    it(`honours a version sent in the body as If-Match is (PUT, PATCH${alsoPost ? ', POST' : ''}), and refuses fields a partial save does not take`, async () => {
      const { id, record } = await fresh();
      // Someone else's save came first.
      expectReply(
        await owner.call('PATCH', path(routes.patch, { id }), config.update(make(await envOf(owner))) as Json),
        200,
      );
      const now = await read(owner, id);
      const changes = config.update(make(await envOf(owner))) as Json;
      const stale = { version: record.version };
      const partial: Method[] = alsoPost ? ['PATCH', 'POST'] : ['PATCH'];
      expectReply(
        await owner.call('PUT', readUrl(id), { ...updateBody(record, changes), ...stale }),
        409,
        MESSAGES.staleVersion,
      );
      for (const method of partial)
        expectReply(await owner.call(method, readUrl(id), { ...changes, ...stale }), 409, MESSAGES.staleVersion);
      expect(await read(owner, id)).toEqual(now);
      // A version that is no version is refused under its name.
      const bad = await owner.call('PATCH', readUrl(id), { ...changes, version: 'abc' });
      expect(bad.statusCode, bad.body).toBe(400);
      expect(body<Reply>(bad).validation).toHaveProperty('version');
      // A field the update does not take (the record's own, another account's, anything) is refused,
      // named, and nothing changes — not even the version.
      for (const extra of [{ isHolder: true }, { accountNo: 30001 }, { id: id + 1 }, { notAField: 1 }]) {
        for (const method of partial) {
          const res = await owner.call(method, readUrl(id), { ...changes, ...extra });
          expect(res.statusCode, `${method} ${JSON.stringify(extra)}: ${res.body}`).toBe(400);
          expect(body<Reply>(res).validation).toHaveProperty(Object.keys(extra)[0] as string);
        }
      }
      expect(await read(owner, id)).toEqual(now);
      // Based on the version stored now (and naming the record itself), the change is saved.
      expectReply(await owner.call('PATCH', readUrl(id), { ...changes, id, version: now.version }), 200);
      expect(await read(owner, id)).toMatchObject(shownOf(changes));
    });

    it('deletes by id, then 404', async () => {
      const { id } = await fresh();
      const before = (await list(owner)).totalRecords;
      const reply = expectReply(await owner.call('DELETE', readUrl(id)), 200);
      expect(routes.remove.reply.safeParse(reply).success).toBe(true);
      expect(reply).toMatchObject({ id, message: expect.stringMatching(/^Successfully deleted /) });
      expectReply(await owner.call('GET', readUrl(id)), 404, MESSAGES.recordNotFound);
      expectReply(await owner.call('DELETE', readUrl(id)), 404, MESSAGES.recordNotFound);
      expect((await list(owner)).totalRecords).toBe(before - 1);
    });

    it('deletes { ids } and { id } with the id-less delete, all or nothing', async () => {
      const many = path(routes.removeMany);
      const [a, b, c] = [await fresh(), await fresh(), await fresh()];
      const reply = expectReply(await owner.call('DELETE', many, { ids: [a.id, b.id] }), 200);
      expect(routes.removeMany.reply.safeParse(reply).success).toBe(true);
      expect(reply).toMatchObject({ ids: [a.id, b.id], message: expect.stringMatching(/^Successfully deleted /) });
      for (const gone of [a, b]) expect((await owner.call('GET', readUrl(gone.id))).statusCode).toBe(404);
      // One id the account cannot see: 404, and nothing deleted.
      const theirs = await otherRecord();
      for (const stranger of [theirs, MAX_ID]) {
        expectReply(await owner.call('DELETE', many, { ids: [c.id, stranger] }), 404, MESSAGES.recordNotFound);
        expect(await read(owner, c.id)).toEqual(c.record);
      }
      expect((await other.call('GET', readUrl(theirs))).statusCode).toBe(200);
      const tooMany = { ids: Array.from({ length: MAX_DELETE_IDS + 1 }, (_, i) => i + 1) };
      for (const bad of [{}, { ids: [] }, { ids: ['x'] }, { id: c.id, ids: [c.id] }, tooMany]) {
        expect((await owner.call('DELETE', many, bad)).statusCode, JSON.stringify(bad)).toBe(400);
      }
      expect(expectReply(await owner.call('DELETE', many, { id: c.id }), 200)).toMatchObject({ id: c.id });
      expect((await owner.call('GET', readUrl(c.id))).statusCode).toBe(404);
    });

    it(`refuses an invalid body with '${config.invalid.message}' and changes nothing`, async () => {
      const { field, message, patch } = config.invalid;
      const expectInvalid = (res: LightMyRequestResponse) => {
        const reply = expectReply(res, 400);
        expect(reply.validation?.[field], JSON.stringify(reply)).toBe(message);
        if (Object.keys(reply.validation ?? {}).length === 1) expect(reply.message).toBe(message);
      };
      const before = (await list(owner)).totalRecords;
      if (config.create) {
        const m = make(await envOf(owner));
        expectInvalid(await owner.call('POST', path(routes.create), { ...(config.create(m) as Json), ...patch }));
        expect((await list(owner, -1, -1, { search: m.u })).totalRecords).toBe(0);
      }
      const { id, record } = await fresh();
      const sent = { ...updateBody(record as Row, config.update(make(await envOf(owner))) as Json), ...patch };
      expectInvalid(await owner.call('PUT', readUrl(id), sent));
      if (alsoPost) expectInvalid(await owner.call('POST', readUrl(id), sent));
      expect(await read(owner, id)).toEqual(record);
      expect((await list(owner)).totalRecords).toBe(before + 1);
    });

    it('answers malformed bodies with a 4xx, never a 500', async () => {
      const { id, record } = await fresh();
      const env = await envOf(owner);
      const junk: unknown[] = [{}, 'x'.repeat(5000), 1e300, -1, null];
      const failures: string[] = [];
      const attempt = async (method: Method, url: string, payload: unknown, what: string) => {
        const res = await t.app.inject({
          method,
          url: `/api/v1${url}`,
          headers: { ...owner.headers, 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        if (res.statusCode >= 500) failures.push(`${method} ${url} ${what}: ${res.statusCode} ${res.body}`);
      };
      for (const whole of [null, [], 'text', 42]) {
        if (config.create) await attempt('POST', path(routes.create), whole, JSON.stringify(whole));
        await attempt('PUT', readUrl(id), whole, JSON.stringify(whole));
      }
      const createBody = config.create ? (config.create(make(env)) as Json) : undefined;
      const updated = updateBody(record as Row, config.update(make(env)) as Json);
      for (const value of junk) {
        const shown = JSON.stringify(value).slice(0, 20);
        if (createBody) {
          for (const key of Object.keys(createBody)) {
            await attempt('POST', path(routes.create), { ...createBody, [key]: value }, `${key}=${shown}`);
          }
        }
        for (const key of Object.keys(updated)) {
          await attempt('PUT', readUrl(id), { ...updated, [key]: value }, `${key}=${shown}`);
        }
      }
      expect(failures).toEqual([]);
    });

    it('lets a read-only user read, and refuses its writes with 403 before validating them', async () => {
      const { id, record } = await fresh();
      const before = (await list(owner)).totalRecords;
      expect(ids((await list(readOnly)).records)).toContain(id);
      expect((await read(readOnly, id)).id).toBe(id);
      expect((await readOnly.call('GET', listUrl(0, 10))).statusCode).toBe(200);
      const sent = updateBody(record as Row, config.update(make(await envOf(owner))) as Json);
      const writes: Array<[Method, string, object | undefined]> = [
        ['PUT', readUrl(id), sent],
        ['PUT', readUrl(id), {}],
        ['DELETE', readUrl(id), undefined],
        ['DELETE', path(routes.removeMany), { ids: [id] }],
      ];
      if (alsoPost) writes.push(['POST', readUrl(id), sent]);
      if (config.create) {
        writes.push(['POST', path(routes.create), config.create(make(await envOf(owner))) as Json]);
        writes.push(['POST', path(routes.create), {}]);
      }
      for (const [method, url, payload] of writes) {
        expectReply(await readOnly.call(method, url, payload), 403, MESSAGES.forbidden);
      }
      expect(await read(owner, id)).toEqual(record);
      expect((await list(owner)).totalRecords).toBe(before);
    });

    it('needs each action’s own mask: create, update and delete', async () => {
      const creator = await userWith(grants(['create'], true));
      const updater = await userWith(grants(['update'], true));
      const deleter = await userWith(grants(['delete'], true));
      const target = await fresh();
      const env = await envOf(owner);
      const sent = () => updateBody(target.record as Row, config.update(make(env)) as Json);
      // Each may read.
      for (const c of [creator, updater, deleter]) expect((await read(c, target.id)).id).toBe(target.id);
      if (config.create) {
        const res = await creator.call('POST', path(routes.create), config.create(make(env)) as Json);
        if (config.createByUser) expectReply(res, config.createByUser.status, config.createByUser.message);
        else expectReply(res, 200);
        for (const c of [updater, deleter]) {
          expectReply(await c.call('POST', path(routes.create), config.create(make(env)) as Json), 403);
        }
      }
      for (const c of [creator, deleter]) expectReply(await c.call('PUT', readUrl(target.id), sent()), 403);
      expectReply(await updater.call('PUT', readUrl(target.id), sent()), 200);
      for (const c of [creator, updater]) {
        expectReply(await c.call('DELETE', readUrl(target.id)), 403);
        expectReply(await c.call('DELETE', path(routes.removeMany), { ids: [target.id] }), 403);
      }
      expectReply(await deleter.call('DELETE', readUrl(target.id)), 200);
      const second = await fresh();
      expectReply(await deleter.call('DELETE', path(routes.removeMany), { ids: [second.id] }), 200);
    });

    it('refuses list and read without the read mask (403), and everything without a session (401)', async () => {
      const { id, record } = await fresh();
      const blind = await userWith(
        config.readPermission && config.readPermission !== config.permission
          ? [
              [RESOURCES[config.permission], MASK.all],
              [RESOURCES[config.readPermission], MASK.create | MASK.update | MASK.delete],
            ]
          : grants(['create', 'update', 'delete'], false),
      );
      for (const [method, url, payload] of [
        ['POST', listUrl(0, 10), {}],
        ['GET', listUrl(0, 10), undefined],
        ['GET', readUrl(id), undefined],
      ] as const) {
        expectReply(await blind.call(method, url, payload), 403, MESSAGES.forbidden);
      }
      const sent = updateBody(record as Row, config.update(make(await envOf(owner))) as Json);
      const anonymous: Array<[Method, string, object | undefined]> = [
        ['POST', listUrl(0, 10), {}],
        ['GET', listUrl(0, 10), undefined],
        ['GET', readUrl(id), undefined],
        ['PUT', readUrl(id), sent],
        ['DELETE', readUrl(id), undefined],
        ['DELETE', path(routes.removeMany), { ids: [id] }],
      ];
      if (alsoPost) anonymous.push(['POST', readUrl(id), sent]);
      if (config.create) anonymous.push(['POST', path(routes.create), config.create(make(await envOf(owner))) as Json]);
      for (const [method, url, payload] of anonymous) {
        expectReply(await t.api(method, url, ANONYMOUS, payload), 401, MESSAGES.sessionRequired);
        expectReply(await t.api(method, url, FORGED, payload), 401, MESSAGES.sessionRequired);
      }
      expect(await read(owner, id)).toEqual(record);
    });

    it('keeps another account out: 404 on read, update and delete, unchanged, not listed', async () => {
      const { id, record, u } = await fresh();
      const sent = updateBody(record as Row, config.update(make(await envOf(owner))) as Json);
      const tries: Array<[Method, string, object | undefined]> = [
        ['GET', readUrl(id), undefined],
        ['PUT', readUrl(id), sent],
        ['DELETE', readUrl(id), undefined],
        ['DELETE', path(routes.removeMany), { ids: [id] }],
        ['DELETE', path(routes.removeMany), { id }],
      ];
      if (alsoPost) tries.push(['POST', readUrl(id), sent]);
      for (const [method, url, payload] of tries) {
        expectReply(await other.call(method, url, payload), 404, MESSAGES.recordNotFound);
      }
      expect(await read(owner, id)).toEqual(record);
      expect(ids((await list(other)).records)).not.toContain(id);
      expect((await list(other, -1, -1, { search: u })).totalRecords).toBe(0);
      // A list naming another account than the session's.
      expectReply(await other.call('POST', listUrl(0, 10), { accountNo: owner.accountNo }), 404);
      expectReply(await owner.call('POST', listUrl(0, 10), { accountNo: other.accountNo }), 404);
    });

    if (config.unique) {
      const { field, message } = config.unique;
      it(`refuses a second record with the same ${field} (400) and changes nothing`, async () => {
        const taken = await fresh();
        const value = (taken.record as Row)[field];
        const before = (await list(owner)).totalRecords;
        const expectClash = (res: LightMyRequestResponse) => {
          const reply = expectReply(res, 400, message);
          expect(reply.validation).toEqual({ [field]: message });
        };
        if (config.create) {
          const sent = { ...(config.create(make(await envOf(owner))) as Json), [field]: value };
          expectClash(await owner.call('POST', path(routes.create), sent));
        }
        if (updateShape.includes(field)) {
          const { id, record } = await fresh();
          const sent = {
            ...updateBody(record as Row, config.update(make(await envOf(owner))) as Json),
            [field]: value,
          };
          expectClash(await owner.call('PUT', readUrl(id), sent));
          expect(await read(owner, id)).toEqual(record);
          expect((await list(owner)).totalRecords).toBe(before + 1);
        } else {
          expect((await list(owner)).totalRecords).toBe(before);
        }
      });
    }

    it('records one change event per write, in its area, and none for a refused one', async () => {
      const area = config.eventArea ?? routes.read.tag;
      const db = t.database.db;
      const mark = async () =>
        Number((await db.selectFrom('change_events').select(sql<number>`max(id)`.as('m')).executeTakeFirst())?.m ?? 0);
      const since = async (from: number) =>
        db
          .selectFrom('change_events')
          .select(['area', 'record_id', 'kind', 'account_no', 'before', 'after'])
          .where('id', '>', from)
          .orderBy('id')
          .execute();
      const start = await mark();
      const { id, record } = await fresh();
      if (config.create) {
        expect(await since(start)).toMatchObject([
          { area, record_id: id, kind: 'create', account_no: owner.accountNo, before: null, after: { id } },
        ]);
      }
      const changes = config.update(make(await envOf(owner))) as Json;
      const sent = updateBody(record as Row, changes);
      const refused = await mark();
      expectReply(await owner.call('PUT', readUrl(id), { ...sent, ...config.invalid.patch }), 400);
      expectReply(await readOnly.call('PUT', readUrl(id), sent), 403);
      expectReply(await readOnly.call('DELETE', readUrl(id)), 403);
      expectReply(await other.call('PUT', readUrl(id), sent), 404);
      expectReply(await other.call('DELETE', readUrl(id)), 404);
      expect(await since(refused), 'no event for a refused write').toEqual([]);
      const updating = await mark();
      expectReply(await owner.call('PUT', readUrl(id), sent), 200);
      expect(await since(updating)).toMatchObject([
        { area, record_id: id, kind: 'update', account_no: owner.accountNo, before: { id }, after: changes },
      ]);
      const deleting = await mark();
      expectReply(await owner.call('DELETE', readUrl(id)), 200);
      expect(await since(deleting)).toMatchObject([
        { area, record_id: id, kind: 'delete', account_no: owner.accountNo, before: changes, after: null },
      ]);
    });

    if (config.inUse) {
      const inUse = config.inUse;
      it('refuses to delete a record in use (409, naming the use) and keeps it', async () => {
        const { id, record } = await fresh();
        const message = await inUse({ ...make(await envOf(owner)), owner, record: record as RecordOf<R> });
        const now = await read(owner, id);
        expectReply(await owner.call('DELETE', readUrl(id)), 409, message);
        expectReply(await owner.call('DELETE', path(routes.removeMany), { ids: [id] }), 409, message);
        expect(await read(owner, id)).toEqual(now);
        // With a free record first: all or nothing.
        const free = await fresh();
        expectReply(await owner.call('DELETE', path(routes.removeMany), { ids: [free.id, id] }), 409, message);
        expect(await read(owner, free.id)).toEqual(free.record);
      });
    }

    config.cases?.(suite);
  });
}

/** Asserts `keys` (of a list sorted ascending) are in order: nulls last, text as the database collates it. */
async function expectOrdered(t: TestContext, field: string, keys: unknown[]): Promise<void> {
  const firstNull = keys.findIndex((k) => k === null || k === undefined);
  if (firstNull >= 0) {
    expect(
      keys.slice(firstNull).every((k) => k === null || k === undefined),
      `${field}: nulls last`,
    ).toBe(true);
  }
  const values = firstNull >= 0 ? keys.slice(0, firstNull) : keys;
  const pairs: Array<[unknown, unknown]> = [];
  for (let i = 1; i < values.length; i++) {
    if (values[i - 1] !== values[i]) pairs.push([values[i - 1], values[i]]);
  }
  if (pairs.length === 0) return;
  const kinds = new Set(values.map((v) => typeof v));
  expect(kinds.size, `${field}: one kind of value`).toBe(1);
  if (kinds.has('number')) {
    expect(
      pairs.every(([a, b]) => (a as number) < (b as number)),
      `${field} ascending`,
    ).toBe(true);
  } else if (kinds.has('boolean')) {
    expect(
      pairs.every(([a, b]) => a === false && b === true),
      `${field} ascending`,
    ).toBe(true);
  } else {
    const { rows } = await sql<{ ok: boolean }>`select coalesce(bool_and(a < b), true) as ok from (values ${sql.join(
      pairs.map(([a, b]) => sql`(${String(a)}::text, ${String(b)}::text)`),
    )}) as p(a, b)`.execute(t.database.db);
    expect(rows[0]?.ok, `${field} ascending in the database's collation: ${JSON.stringify(values)}`).toBe(true);
  }
}
