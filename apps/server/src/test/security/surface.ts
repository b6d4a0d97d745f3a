/**
 * The API surface as the server documents it (its OpenAPI document, /api/docs/json, built from the
 * domain route contracts): every operation with its parameters, body schema, guard (`x-guard`)
 * and whether it reads or changes state (`x-access`). The security suite derives its requests from
 * it, so a new route is probed the day it is registered, without a test written for it.
 */
import type { ServerRole } from '@switchboard/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { API_BASE } from '../../app.ts';
import type { GuardDoc } from '../../platform/routes.ts';
import type { Tx } from '../../platform/tenancy.ts';
import type { TestContext } from '../harness.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The part of JSON Schema (2020-12, as OpenAPI 3.1 has it) the generators read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  /** Values the schema documents as accepted (a number that must be one of a list). */
  examples?: unknown[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  $ref?: string;
}

export interface Param {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

export interface Operation {
  method: Method;
  /** OpenAPI form, below the API base: '/mobile/{id}'. */
  path: string;
  /** 'PUT /mobile/{id}' */
  key: string;
  pathParams: Param[];
  queryParams: Param[];
  body: JsonSchema | undefined;
  guard: GuardDoc | undefined;
  changesState: boolean | undefined;
  /** Declared as needing no credentials (`security: []`). */
  public: boolean;
  /** The multipart file field of an upload route (`x-upload`). */
  upload: string | undefined;
}

/** The server roles that may call a route of the provider's servers (platform/server-routes.ts); none for a user's route. */
export const serverRolesOf = (op: Operation): readonly ServerRole[] | undefined =>
  typeof op.guard === 'object' && 'server' in op.guard ? op.guard.server : undefined;

interface OpenApiOperation {
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
  'x-guard'?: GuardDoc;
  'x-access'?: 'read' | 'write';
  'x-upload'?: string;
}

/** The operations of the document the app serves. */
export async function loadOperations(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`the OpenAPI document answered ${res.statusCode}`);
  const doc = res.json() as {
    paths: Record<string, Record<string, OpenApiOperation>>;
    components?: { schemas?: Record<string, JsonSchema> };
  };
  const resolve = (schema: JsonSchema | undefined): JsonSchema | undefined => {
    if (!schema?.$ref) return schema;
    const name = schema.$ref.split('/').pop() ?? '';
    return resolve(doc.components?.schemas?.[name]);
  };
  const operations: Operation[] = [];
  for (const [fullPath, methods] of Object.entries(doc.paths)) {
    if (!fullPath.startsWith(API_BASE)) continue;
    const path = fullPath.slice(API_BASE.length);
    for (const [m, op] of Object.entries(methods)) {
      const method = m.toUpperCase() as Method;
      if (!METHODS.includes(method)) continue;
      const params = (where: string) =>
        (op.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, schema: resolve(p.schema) ?? {}, required: p.required === true }));
      operations.push({
        method,
        path,
        key: `${method} ${path}`,
        pathParams: params('path'),
        queryParams: params('query'),
        body: resolve(op.requestBody?.content?.['application/json']?.schema),
        guard: op['x-guard'],
        changesState: op['x-access'] === undefined ? undefined : op['x-access'] === 'write',
        public: Array.isArray(op.security) && op.security.length === 0,
        upload: op['x-upload'],
      });
    }
  }
  return operations;
}

/** '/mobile/{id}' with { id: '7' } → '/mobile/7' (values are put in as given: the fuzz sends raw ones). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for path parameter ${name} of ${path}`);
    return value;
  });
}

/** Fastify's form of an OpenAPI path ('/mobile/{id}' → '/mobile/:id'). */
export const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** A deterministic PRNG (mulberry32): the same seed, the same requests, the same run. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    /** Up to `n` of `items`, in a shuffled order. */
    sample: <T>(items: readonly T[], n: number): T[] => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy.slice(0, n);
    },
  };
}
export type Prng = ReturnType<typeof prng>;

/** The non-null alternatives of a schema (anyOf / oneOf flattened). */
export function alternatives(schema: JsonSchema): JsonSchema[] {
  const alts = schema.anyOf ?? schema.oneOf;
  if (!alts) return [schema];
  return alts.flatMap(alternatives).filter((s) => s.type !== 'null');
}

const typeOf = (schema: JsonSchema): string | undefined =>
  Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;

/** Values the generator gives a field by name: the ids and account of the caller's data. */
export interface Known {
  accountNo: number;
  /** Ids of records of the account (any table). */
  ids: readonly number[];
  /** The same ids, table by table (when known): a route's ids are found a table at a time. */
  idGroups?: readonly (readonly number[])[];
  /** Texts of the account's records: a field with a pattern gets one that matches it. */
  texts: readonly string[];
}

/**
 * A small value the schema accepts, where the schema says enough (a default, an enum, a format,
 * bounds); ids, account numbers and texts with a pattern are the account's own. A pattern no text
 * of the account matches is not solved: the field gets a plain text, and the route answers 400.
 */
export function exampleOf(schema: JsonSchema, known: Known, name = ''): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.examples && schema.examples.length > 0) return schema.examples[0];
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => exampleOf(s, known, name)));
  const alts = alternatives(schema);
  if (alts.length > 1 || alts[0] !== schema) return exampleOf(alts[0] ?? {}, known, name);
  const lower = name.toLowerCase();
  switch (typeOf(schema)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = exampleOf(schema.properties?.[key] ?? {}, known, key);
      return out;
    }
    case 'array': {
      const n = schema.minItems ?? 0;
      return Array.from({ length: n }, () => exampleOf(schema.items ?? {}, known, name.replace(/s$/, '')));
    }
    case 'integer':
    case 'number': {
      if (lower === 'accountno' || lower === 'account_no' || lower === 'account') return known.accountNo;
      if (lower === 'id' || lower.endsWith('id') || lower === 'ids') return known.ids[0] ?? 1;
      const min = schema.minimum ?? (schema.exclusiveMinimum === undefined ? 1 : schema.exclusiveMinimum + 1);
      return Math.max(min, Math.min(1, schema.maximum ?? 1));
    }
    case 'boolean':
      return false;
    case 'string': {
      if (lower === 'accountno' || lower === 'account_no') return String(known.accountNo);
      if (schema.format === 'email' || lower.includes('email')) return 'someone@example.com';
      if (schema.pattern === '^\\d+$') return String(known.ids[0] ?? 1);
      if (schema.pattern) {
        const pattern = new RegExp(schema.pattern);
        const text = known.texts.find((v) => pattern.test(v) && v.length <= (schema.maxLength ?? v.length));
        if (text !== undefined) return text;
      }
      const length = Math.max(schema.minLength ?? 0, 1);
      return 'a'.repeat(Math.min(length, schema.maxLength ?? length));
    }
    default:
      if (lower === 'id' || lower.endsWith('id')) return known.ids[0] ?? 1;
      return 'a';
  }
}

/** The properties of an object body schema (through anyOf / allOf), by name. */
export function propertiesOf(schema: JsonSchema | undefined): Record<string, JsonSchema> {
  if (!schema) return {};
  const out: Record<string, JsonSchema> = {};
  for (const s of [schema, ...(schema.allOf ?? []), ...alternatives(schema)]) Object.assign(out, s.properties ?? {});
  return out;
}

/** Whether `{}` is a body the schema takes (a partial save, a body of defaults). */
export function takesEmptyObject(schema: JsonSchema): boolean {
  const alts = alternatives(schema);
  return alts.some((s) => typeOf(s) === 'object' && (s.required ?? []).length === 0);
}

const isAccountParam = (name: string) => /^account(_?no)?$/i.test(name);
const isIdParam = (name: string) => name === 'id' || /Id$/.test(name);

export { isAccountParam, isIdParam };

/** The path of `path` up to and including the parameter `name` ('/seat/{id}/devices' → '/seat/{id}'). */
export function prefixThrough(path: string, name: string): string {
  const segments = path.split('/');
  return segments.slice(0, segments.indexOf(`{${name}}`) + 1).join('/');
}

/**
 * Requests the owner of the data would make: path values naming the owner's records and bodies
 * the owner could send. The suite then sends them as someone else, or spoils them.
 */
export function ownerRequests(
  operations: readonly Operation[],
  known: Known,
  read: (url: string) => Promise<LightMyRequestResponse>,
) {
  const reads = new Map<string, LightMyRequestResponse>();
  const cachedRead = async (url: string) => {
    let res = reads.get(url);
    if (!res) {
      res = await read(url);
      reads.set(url, res);
    }
    return res;
  };
  const getAt = (path: string) => operations.find((o) => o.method === 'GET' && o.path === path);

  /**
   * Values of a path parameter that name the owner's data, most relevant first: for an id, those
   * the GET of the path up to it answers for the owner (that table's ids); without such a GET,
   * every id of the owner. Other parameters get a value their schema takes.
   */
  async function values(op: Operation, name: string): Promise<string[]> {
    const param = op.pathParams.find((p) => p.name === name);
    if (!param) return [];
    if (name === 'offset') return ['0'];
    if (name === 'limit') return ['15'];
    if (isAccountParam(name)) return [String(known.accountNo)];
    if (isIdParam(name)) {
      const prefix = prefixThrough(op.path, name);
      if (getAt(prefix) && (prefix.match(/\{/g) ?? []).length === 1) {
        const found = new Set<string>();
        const reads = async (id: number) =>
          (await cachedRead(fillPath(prefix, { [name]: String(id) }))).statusCode === 200;
        // A table whose first id the route does not read is not its table: its other ids are not tried.
        for (const [first, ...rest] of known.idGroups ?? [known.ids]) {
          if (first === undefined || !(await reads(first))) continue;
          found.add(String(first));
          for (const id of rest) if (await reads(id)) found.add(String(id));
        }
        return [...found].sort((a, b) => Number(a) - Number(b));
      }
      return known.ids.map(String);
    }
    if (param.schema.pattern) {
      const pattern = new RegExp(param.schema.pattern);
      return known.texts.filter((v) => pattern.test(v)).slice(0, 3);
    }
    return [String(exampleOf(param.schema, known, name))];
  }

  /** The owner's record a path names, read back (the GET of the same path, or the first of its list). */
  async function recordAt(path: string, url: string): Promise<Record<string, unknown> | undefined> {
    if (getAt(path)) {
      const res = await cachedRead(url);
      return res.statusCode === 200 ? replyJson(res) : undefined;
    }
    const list = operations.find((o) => o.path === `${path}/{offset}/{limit}`);
    if (!list || !getAt(`${path}/{id}`)) return undefined;
    const page = replyJson(await cachedRead(`${url}/0/1`));
    const first = Array.isArray(page?.records) ? (page.records[0] as { id?: unknown } | undefined) : undefined;
    if (typeof first?.id !== 'number') return undefined;
    const res = await cachedRead(`${url}/${first.id}`);
    return res.statusCode === 200 ? replyJson(res) : undefined;
  }

  /**
   * A body the owner could send: a record of theirs as read back, cut to the body's fields (a PUT,
   * a create), {} where that is enough (a partial save), else an example from the schema.
   */
  async function body(op: Operation, url: string): Promise<unknown> {
    if (!op.body) return undefined;
    if (op.method === 'PUT' || (op.method === 'POST' && op.pathParams.length === 0)) {
      const record = await recordAt(op.path, url);
      const keys = Object.keys(propertiesOf(op.body));
      if (record && keys.length > 0) {
        const picked = Object.fromEntries(keys.filter((k) => k in record).map((k) => [k, record[k]]));
        const example = exampleOf(op.body, known);
        return { ...(example && typeof example === 'object' ? example : {}), ...picked };
      }
      if (record && op.method === 'PUT') {
        const { id: _id, version: _version, ...rest } = record;
        return rest;
      }
    }
    if (takesEmptyObject(op.body)) return {};
    return exampleOf(op.body, known);
  }

  /** The fields a partial save may send: those of the record it saves. */
  async function partialFields(op: Operation, url: string): Promise<Record<string, unknown>> {
    const record = getAt(op.path) ? await recordAt(op.path, url) : undefined;
    if (!record) return {};
    const { id: _id, version: _version, ...rest } = record;
    return rest;
  }

  /** Up to `max` sets of path values for the owner's data (the i-th value of each parameter). */
  async function pathSets(op: Operation, max: number, exclude?: (name: string, value: string) => Promise<boolean>) {
    const perParam: Array<[string, string[]]> = [];
    for (const p of op.pathParams) {
      let vs = await values(op, p.name);
      if (exclude) {
        const kept: string[] = [];
        for (const v of vs) if (!(await exclude(p.name, v))) kept.push(v);
        vs = kept;
      }
      perParam.push([p.name, vs]);
    }
    if (perParam.some(([, vs]) => vs.length === 0)) return [];
    const read = await readable(op, perParam, max);
    if (read.length > 0) return read;
    const n = Math.min(max, Math.max(1, ...perParam.map(([, vs]) => vs.length)));
    return Array.from({ length: n }, (_, i) =>
      Object.fromEntries(perParam.map(([name, vs]) => [name, vs[i % vs.length] as string])),
    );
  }

  /**
   * With several path parameters and a GET of the path through the last (a mailbox's message), the
   * sets of values that name one record of the owner's: the first `max` the GET answers (of a bounded
   * number tried). None when there is no such GET or no set is read.
   */
  async function readable(op: Operation, perParam: Array<[string, string[]]>, max: number) {
    const last = perParam.at(-1)?.[0];
    const through = last === undefined ? undefined : prefixThrough(op.path, last);
    if (perParam.length < 2 || !through || !getAt(through)) return [];
    const found: Array<Record<string, string>> = [];
    let sets: Array<Record<string, string>> = [{}];
    for (const [name, vs] of perParam) sets = sets.flatMap((set) => vs.map((v) => ({ ...set, [name]: v })));
    for (const set of sets.slice(0, COMBINATIONS_TRIED)) {
      if ((await cachedRead(fillPath(through, set))).statusCode === 200) found.push(set);
      if (found.length >= max) break;
    }
    return found;
  }

  /** The owner's request of an operation (the first set of path values). */
  async function probe(op: Operation, pathValues: Record<string, string>): Promise<Probe> {
    const url = fillPath(op.path, pathValues);
    const b = await body(op, url);
    return { method: op.method, url, ...(b === undefined ? {} : { payload: b }) };
  }

  return { values, pathSets, body, partialFields, probe, getAt };
}
export type OwnerRequests = ReturnType<typeof ownerRequests>;

/** A request as the suite sends it. */
export interface Probe {
  method: Method;
  /** Below the API base. */
  url: string;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as it is (with `contentType`). */
  payload?: unknown;
  contentType?: string;
}

export function send(t: TestContext, probe: Probe, headers: Record<string, string>): Promise<LightMyRequestResponse> {
  const h: Record<string, string> = { ...headers, ...probe.headers };
  let payload: string | undefined;
  if (typeof probe.payload === 'string') {
    payload = probe.payload;
    h['content-type'] = probe.contentType ?? 'application/json';
  } else if (probe.payload !== undefined) {
    payload = JSON.stringify(probe.payload);
    h['content-type'] = probe.contentType ?? 'application/json';
  }
  return t.app.inject({ method: probe.method, url: `${API_BASE}${probe.url}`, headers: h, payload });
}

/** The reply's JSON, or undefined when it is not JSON. */
export function replyJson(res: LightMyRequestResponse): Record<string, unknown> | undefined {
  try {
    const body = res.json() as unknown;
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A refusal is clear: JSON with a message, as every error of the API (platform/errors.ts). */
export function isClearRefusal(res: LightMyRequestResponse): boolean {
  const body = replyJson(res);
  return (
    res.headers['content-type']?.toString().includes('application/json') === true && typeof body?.message === 'string'
  );
}

/** Ids of an account's rows, by table (the tables with an id and an account_no). */
export async function idsByTable(tx: Tx, accountNo: number, perTable?: number): Promise<Map<string, number[]>> {
  // Partitions (the call records' months) are read through their parent.
  const { rows: tables } = await sql<{ table_name: string }>`select c.table_name from information_schema.columns c
    join information_schema.columns a on a.table_name = c.table_name and a.table_schema = c.table_schema
      and a.column_name = 'account_no'
    join pg_class r on r.relname = c.table_name and r.relnamespace = 'public'::regnamespace and not r.relispartition
    where c.table_schema = 'public' and c.column_name = 'id' order by 1`.execute(tx);
  const out = new Map<string, number[]>();
  for (const { table_name } of tables) {
    const { rows } = await sql<{ id: number }>`select id from ${sql.table(table_name)}
      where account_no = ${accountNo} order by id ${perTable === undefined ? sql`` : sql`limit ${perTable}`}`.execute(
      tx,
    );
    if (rows.length > 0)
      out.set(
        table_name,
        rows.map((r) => Number(r.id)),
      );
  }
  return out;
}

/**
 * The account's records as the sweeps know them: a few ids of each table (the first: the demo's
 * best-known records; a month of call records would make every id route's discovery thousands of
 * requests), and the texts of its rows.
 */
export function knownOf(accountNo: number, byTable: ReadonlyMap<string, number[]>, texts: readonly string[]): Known {
  const idGroups = [...byTable.values()].map((ids) => ids.slice(0, IDS_PER_TABLE));
  return { accountNo, ids: [...new Set(idGroups.flat())].sort((a, b) => a - b), idGroups, texts };
}
const IDS_PER_TABLE = 12;
/** Sets of path values tried on a path of several parameters (a mailbox × a message id). */
const COMBINATIONS_TRIED = 200;

/** The texts stored in each account's rows (every text column of every table with an account_no). */
export async function textsByAccount(tx: Tx): Promise<Map<number, Set<string>>> {
  const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.columns a on a.table_name = c.table_name and a.table_schema = c.table_schema
      and a.column_name = 'account_no'
    where c.table_schema = 'public' and c.data_type in ('text', 'character varying') order by 1, 2`.execute(tx);
  const out = new Map<number, Set<string>>();
  for (const { table_name, column_name } of columns) {
    const { rows } = await sql<{ a: number | null; v: string | null }>`select account_no as a,
      ${sql.ref(column_name)}::text as v from ${sql.table(table_name)}`.execute(tx);
    for (const r of rows) {
      if (r.a === null || !r.v) continue;
      const texts = out.get(Number(r.a)) ?? new Set<string>();
      texts.add(r.v);
      out.set(Number(r.a), texts);
    }
  }
  return out;
}
