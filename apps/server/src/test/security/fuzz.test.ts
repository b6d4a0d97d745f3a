/**
 * Schema-driven fuzz of every route, from the OpenAPI document the app serves: for each operation,
 * bounded bad and edge inputs generated from its schemas — wrong types, huge strings, NUL and
 * control characters, lone surrogates, negative and huge numbers, deep objects, arrays for
 * scalars, unknown ids, malformed JSON, wrong content types, bad path and query parameters — sent
 * as the owner of the data (so the input reaches the validation and the handler). Deterministic: a
 * seeded PRNG picks the cases. Every reply must be below 500; a refusal must be a clear JSON 4xx
 * with a message, and must have changed nothing (write-counter.ts). Every upload route (x-upload)
 * gets every malformed multipart body of the generator (test/multipart.ts), and must answer 400.
 */
import type { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../app.ts';
import type { TestContext } from '../harness.ts';
import { malformedMultipart, streamed, UPLOAD_FILES } from '../multipart.ts';
import { serverAuthorization } from '../servers.ts';
import {
  alternatives,
  exampleOf,
  fillPath,
  idsByTable,
  isClearRefusal,
  type JsonSchema,
  type Known,
  knownOf,
  loadOperations,
  type Operation,
  type OwnerRequests,
  ownerRequests,
  type Prng,
  prng,
  propertiesOf,
  serverRolesOf,
  textsByAccount,
} from './surface.ts';
import { changedTables, quietTestContext, type WriteCounts, writeCounts } from './write-counter.ts';

const SEED = 0x5b_2026;
const OWNER = { username: 'retail', accountNo: 30000 };
/** Operations left out, and why. */
const SKIPPED: Readonly<Record<string, string>> = {
  'GET /users/auth/logout': 'takes no input; any call ends the session the fuzz runs in',
};

/** Per operation: properties mutated, values per property, path values per parameter. */
const BUDGET = { properties: 9, valuesPerProperty: 4, pathValues: 5, queryValues: 4, wholeBody: 8, multipart: 5 };

/** A case: what is sent (the URL below the API base; a string or Buffer payload is sent raw). */
interface Case {
  label: string;
  method: Operation['method'];
  url: string;
  payload?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
  /** Sent in pieces as a socket delivers it (a Buffer payload). */
  streamed?: boolean;
  /** The one answer allowed (a malformed upload: 400); otherwise any clear refusal or success. */
  status?: number;
}

let t: TestContext;
let operations: Operation[];
let owner: Record<string, string>;
let known: Known;
let ownerOf: OwnerRequests;
/** The routes of the provider's servers are fuzzed as a server of their role (so the input reaches the handler). */
const serverCallers = new Map<string, Record<string, string>>();

/** Path segments a client should never get through (each already URL-encoded). */
const BAD_PATH = [
  '%201',
  '1%20',
  '1e3',
  '-1',
  'x',
  '0',
  '2147483648',
  '99999999999999999999',
  '1.0',
  '0x1F',
  '%00',
  '1%0A',
  '%2e%2e%2f%2e%2e',
  'null',
  '%E2%80%AE1',
  '%EF%BC%91',
  '+1',
  '1,2',
  '%5B%5D',
  '9'.repeat(400),
];

/** Values wrong for any field. */
function genericBad(base: unknown): unknown[] {
  return [
    null,
    [],
    {},
    [base ?? 1],
    { value: base ?? 1 },
    true,
    0,
    -1,
    1.5,
    2 ** 31,
    2 ** 53 + 2,
    -(2 ** 63),
    1e308,
    '',
    ' ',
    '\u0000',
    'a\u0007b',
    '\u001b[2J',
    '\ud800',
    '\u202e1',
    '🙂'.repeat(40),
    "x'; drop table seats; --",
    '<img src=x onerror=alert(1)>',
    'x'.repeat(100_000),
    '1e3',
    ' 1',
    'NaN',
    'Infinity',
    '__proto__',
    '../../etc/passwd',
    JSON.parse('{"__proto__":{"polluted":true}}'),
    nested(200),
    Array.from({ length: 5000 }, (_, i) => i),
  ];
}

/** `depth` nested arrays. */
function nested(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

/** Edge values the schema itself names: bounds, lengths, enums, patterns, unknown ids. */
function schemaBad(schema: JsonSchema, name: string): unknown[] {
  const out: unknown[] = [];
  for (const s of alternatives(schema)) {
    if (typeof s.maxLength === 'number') out.push('a'.repeat(s.maxLength + 1), 'é'.repeat(s.maxLength));
    if (typeof s.minLength === 'number' && s.minLength > 0) out.push('a'.repeat(s.minLength - 1));
    if (s.pattern) out.push('#not-matching#', ` ${String(exampleOf(s, known, name))}`);
    if (typeof s.minimum === 'number') out.push(s.minimum - 1, s.minimum - 0.5);
    if (typeof s.maximum === 'number') out.push(s.maximum + 1, Number.MAX_SAFE_INTEGER + 2);
    if (s.enum) out.push('not-an-option', String(s.enum[0]).toUpperCase());
    if (s.type === 'array')
      out.push(
        Array.from({ length: (s.maxItems ?? 1000) + 1 }, () => 1),
        ['x'],
      );
    if (s.type === 'integer' || s.type === 'number') out.push(999_999_999, 2_147_483_648, '7');
    if (s.type === 'boolean') out.push('true', 1, 'yes');
  }
  if (name === 'id' || /Id$/.test(name) || name === 'ids') out.push(999_999_999, [999_999_999], 0);
  return out;
}

const BOUNDARY = 'fuzz-boundary';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
/** One form part, as a browser sends it. */
const part = (name: string, filename: string, type: string, content: string | Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from('\r\n'),
  ]);
const closing = Buffer.from(`--${BOUNDARY}--\r\n`);
const form = (...parts: Buffer[]) => Buffer.concat([...parts, closing]);

/** Multipart bodies a client should never get through: [label, payload, content type]. */
function multipartCases(): Array<[string, Buffer | string, string]> {
  const csv = (content: string | Buffer) => part('numbers', 'numbers.csv', 'text/csv', content);
  return [
    [
      'multipart: a CSV of bad lines',
      form(csv('number\n+44\nnot a number\n=cmd|calc!A1\n"unterminated\n,,,,\n')),
      MULTIPART,
    ],
    ['multipart: a CSV with a NUL byte', form(csv(Buffer.from([0x30, 0x31, 0x00, 0x0a]))), MULTIPART],
    ['multipart: a CSV of invalid UTF-8', form(csv(Buffer.from([0x30, 0xc3, 0x28, 0xff, 0x0a]))), MULTIPART],
    ['multipart: one line of a megabyte', form(csv('1'.repeat(1_000_000))), MULTIPART],
    [
      'multipart: 10,001 numbers',
      form(csv(Array.from({ length: 10_001 }, (_, i) => `0161496${String(i).padStart(4, '0')}`).join('\n'))),
      MULTIPART,
    ],
    [
      'multipart: a PNG named .csv',
      form(csv(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))),
      MULTIPART,
    ],
    ['multipart: the wrong field', form(part('other', 'numbers.csv', 'text/csv', '01614960123')), MULTIPART],
    ['multipart: two files', form(csv('01614960123'), csv('01614960124')), MULTIPART],
    [
      'multipart: a file name with a path and NUL',
      form(part('numbers', '../../x\u0000.csv', 'text/csv', '01614960123')),
      MULTIPART,
    ],
    ['multipart: cut short', Buffer.concat([csv('01614960123')]).subarray(0, 60), MULTIPART],
    ['multipart: another boundary', form(csv('01614960123')), 'multipart/form-data; boundary=other'],
    ['multipart: no boundary', form(csv('01614960123')), 'multipart/form-data'],
  ];
}

/** A random leaf of a JSON value, as a path of keys (empty for a scalar). */
function leafPath(value: unknown, rnd: Prng): Array<string | number> {
  const path: Array<string | number> = [];
  let v = value;
  for (let depth = 0; depth < 10; depth++) {
    if (Array.isArray(v) && v.length > 0) {
      const i = rnd.int(v.length);
      path.push(i);
      v = v[i];
    } else if (v && typeof v === 'object' && Object.keys(v).length > 0) {
      const k = rnd.pick(Object.keys(v));
      path.push(k);
      v = (v as Record<string, unknown>)[k];
    } else break;
  }
  return path;
}

/** `value` with the leaf at `path` replaced. */
function replaced(value: unknown, path: ReadonlyArray<string | number>, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? replaced(v, rest, leaf) : v));
  const obj = value as Record<string, unknown>;
  return { ...obj, [String(head)]: replaced(obj[String(head)], rest, leaf) };
}

async function casesFor(op: Operation, rnd: Prng): Promise<Case[]> {
  const cases: Case[] = [];
  const values: Record<string, string> = {};
  for (const p of op.pathParams) {
    const vs = await ownerOf.values(op, p.name);
    values[p.name] = vs.length > 0 ? rnd.pick(vs) : '1';
  }
  const url = fillPath(op.path, values);
  const base = await ownerOf.body(op, url);
  const withBase = base === undefined ? {} : { payload: base };

  for (const p of op.pathParams) {
    for (const bad of rnd.sample(BAD_PATH, BUDGET.pathValues)) {
      cases.push({
        label: `path ${p.name}=${bad.slice(0, 20)}`,
        method: op.method,
        url: fillPath(op.path, { ...values, [p.name]: bad }),
        ...withBase,
      });
    }
  }

  for (const q of op.queryParams) {
    const bads = ['', 'x'.repeat(5000), '%00', '%7B', '%5B%5D', '1e999', '-1', '__proto__', `${q.name}=1&${q.name}=2`];
    for (const bad of rnd.sample(bads, BUDGET.queryValues)) {
      const query = bad.includes('=') ? bad : `${q.name}=${bad}`;
      cases.push({ label: `query ${query.slice(0, 30)}`, method: op.method, url: `${url}?${query}`, ...withBase });
    }
  }
  if (op.queryParams.length > 0) {
    cases.push({
      label: 'query filters as JSON',
      method: op.method,
      url: `${url}?filters=%7B%22x%22%3A%7B%22y%22%3A1%7D%7D`,
    });
  }

  if (op.body) {
    const props = propertiesOf(op.body);
    const baseObject =
      base && typeof base === 'object' && !Array.isArray(base) ? (base as Record<string, unknown>) : {};
    // A partial save (PATCH, the spec's POST save) takes any of the record's fields, one at a time.
    const partial = Object.keys(props).length === 0 ? await ownerOf.partialFields(op, url) : {};
    const fields: Record<string, unknown> = { ...partial, ...baseObject };
    const names = [...new Set([...Object.keys(props), ...Object.keys(fields)])];
    for (const name of rnd.sample(names, BUDGET.properties)) {
      const schema = props[name] ?? {};
      const specific = schemaBad(schema, name);
      const generic = genericBad(fields[name]);
      const picked = [
        ...rnd.sample(specific, Math.min(2, specific.length)),
        ...rnd.sample(generic, BUDGET.valuesPerProperty - Math.min(2, specific.length)),
      ];
      for (const bad of picked) {
        cases.push({
          label: `body ${name}=${describeValue(bad)}`,
          method: op.method,
          url,
          payload: { ...baseObject, [name]: bad },
        });
      }
      // Inside a list or an object field (a day of a time profile, a restriction): one leaf spoilt.
      const inner = fields[name];
      if (inner && typeof inner === 'object') {
        const path = leafPath(inner, rnd);
        if (path.length > 0) {
          const bad = rnd.pick(genericBad(undefined));
          cases.push({
            label: `body ${name}.${path.join('.')}=${describeValue(bad)}`,
            method: op.method,
            url,
            payload: { ...baseObject, [name]: replaced(inner, path, bad) },
          });
        }
      }
    }
    const wholeBody: Array<[string, unknown, string?]> = [
      ['malformed JSON', '{"a":'],
      ['truncated JSON', '{'],
      ['an array', '[]'],
      ['null', 'null'],
      ['a string', '"x"'],
      ['a number', '1'],
      ['empty with a JSON type', ''],
      ['__proto__', '{"__proto__":{"polluted":true}}'],
      ['constructor.prototype', '{"constructor":{"prototype":{"polluted":true}}}'],
      ['deeply nested arrays', `${'['.repeat(50_000)}${']'.repeat(50_000)}`],
      ['deeply nested objects', `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`],
      ['over the body limit', JSON.stringify({ ...baseObject, pad: 'x'.repeat(1_100_000) })],
      [
        '500 unknown fields',
        { ...baseObject, ...Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`f${i}`, i])) },
      ],
      [
        'duplicate keys',
        `{"a":1,"a":2${Object.keys(baseObject).length > 0 ? `,${JSON.stringify(baseObject).slice(1, -1)}` : ''}}`,
      ],
      ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d])],
      ['text/plain', JSON.stringify(base ?? {}), 'text/plain'],
      ['form-encoded', 'a=1&b=2', 'application/x-www-form-urlencoded'],
      ['multipart without a boundary', '--x\r\n\r\n', 'multipart/form-data'],
      ['UTF-16 JSON', JSON.stringify(base ?? {}), 'application/json; charset=utf-16'],
      ['an unknown content type', JSON.stringify(base ?? {}), 'application/x-unknown'],
    ];
    // The parser's cases are the same for every route: each route gets a share of them, all get malformed JSON.
    const [malformed, ...others] = wholeBody;
    for (const [label, payload, contentType] of [
      ...(malformed ? [malformed] : []),
      ...rnd.sample(others, BUDGET.wholeBody - 1),
    ]) {
      cases.push({ label, method: op.method, url, payload, ...(contentType ? { contentType } : {}) });
    }
  } else if (op.method !== 'GET') {
    // No JSON body: some take an upload (a CSV of numbers). Spoilt multipart forms, and bad files.
    for (const [label, payload, contentType] of rnd.sample(multipartCases(), BUDGET.multipart)) {
      cases.push({ label, method: op.method, url, payload, contentType });
    }
    // An upload route (x-upload): every malformed multipart body of the generator, each a 400 —
    // or, for a route the owner may not call (international proofs: wholesale only), a 403 before
    // anything is read.
    const status = op.upload && (await ownerRefused(op, url)) ? 403 : 400;
    for (const file of op.upload ? UPLOAD_FILES : []) {
      for (const c of malformedMultipart(op.upload ?? '', file)) {
        cases.push({
          ...c,
          label: `${c.label} (${file.filename})`,
          method: op.method,
          url,
          streamed: true,
          status,
        });
      }
    }
    cases.push({ label: 'an unexpected body', method: op.method, url, payload: { unexpected: true } });
    cases.push({
      label: 'an unexpected raw body',
      method: op.method,
      url,
      payload: '\u0000\u0001',
      contentType: 'application/octet-stream',
    });
  }
  if (op.method === 'PUT' || op.method === 'PATCH') {
    for (const ifMatch of ['"abc"', 'W/"-1"', '"99999999999999999999"', '*, "1"']) {
      cases.push({
        label: `If-Match ${ifMatch}`,
        method: op.method,
        url,
        ...withBase,
        headers: { 'if-match': ifMatch },
      });
    }
  }
  return cases;
}

/** Whether the owner is refused the route whatever the body (an empty form answers 403). */
async function ownerRefused(op: Operation, url: string): Promise<boolean> {
  const res = await send(op, {
    label: 'probe',
    method: op.method,
    url,
    payload: Buffer.from(`--x--\r\n`),
    contentType: 'multipart/form-data; boundary=x',
  });
  return res.statusCode === 403;
}

function describeValue(v: unknown): string {
  const s = typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  return s.length > 24 ? `${s.slice(0, 24)}…(${s.length})` : s;
}

function send(op: Operation, c: Case): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...(serverCallers.get(op.key) ?? owner), ...c.headers };
  let payload: string | Buffer | Readable | undefined;
  if (c.streamed && Buffer.isBuffer(c.payload)) {
    payload = streamed(c.payload);
    headers['content-length'] = String(c.payload.length);
  } else if (typeof c.payload === 'string' || Buffer.isBuffer(c.payload)) payload = c.payload;
  else if (c.payload !== undefined) payload = JSON.stringify(c.payload);
  if (payload !== undefined) headers['content-type'] = c.contentType ?? 'application/json';
  return t.app.inject({
    method: c.method,
    url: `${API_BASE}${c.url}`,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
}

beforeAll(async () => {
  t = await quietTestContext();
  operations = await loadOperations(t.app);
  owner = await t.login(OWNER.username);
  for (const op of operations) {
    const [role] = serverRolesOf(op) ?? [];
    if (role) serverCallers.set(op.key, await serverAuthorization(t.app, role));
  }
  const { byTable, texts } = await t.app.platform.tenancy.crossAccount('seed', async (tx) => ({
    byTable: await idsByTable(tx, OWNER.accountNo),
    texts: await textsByAccount(tx),
  }));
  known = knownOf(OWNER.accountNo, byTable, [...(texts.get(OWNER.accountNo) ?? [])]);
  ownerOf = ownerRequests(operations, known, (url) =>
    t.app.inject({ method: 'GET', url: `${API_BASE}${url}`, headers: owner }),
  );
}, 120_000);
afterAll(async () => t?.close());

describe('every route, given bad input', () => {
  it('answers below 500, refuses clearly, and a refusal changes nothing', async () => {
    const started = Date.now();
    const rnd = prng(SEED);
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    let requests = 0;
    // Deletes last: one that goes through (a valid edge value) must not take the records the rest probe.
    const order = (op: Operation) => (op.method === 'DELETE' ? 1 : 0);
    const ops = operations.filter((op) => !(op.key in SKIPPED)).sort((a, b) => order(a) - order(b));
    let counts: WriteCounts = await writeCounts(t.database.db);
    for (const op of ops) {
      const cases = await casesFor(op, rnd);
      // Making the cases reads the owner's records, and a read may change state by design (opening
      // a received SMS marks it read): counted before the first case, not as its change.
      counts = await writeCounts(t.database.db);
      for (const c of cases) {
        const before = counts;
        let res: LightMyRequestResponse;
        try {
          res = await send(op, c);
        } catch (error) {
          problems.push(`${op.key} ${c.label}: the request failed: ${(error as Error).message}`);
          continue;
        }
        requests++;
        counts = await writeCounts(t.database.db);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const where = `${op.key} ${c.label}`;
        if (res.statusCode >= 500) problems.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (c.status !== undefined && res.statusCode !== c.status)
          problems.push(`${where}: expected ${c.status}, got ${res.statusCode} ${res.body.slice(0, 120)}`);
        else if (res.statusCode >= 400) {
          if (!isClearRefusal(res))
            problems.push(`${where}: ${res.statusCode} without a JSON message: ${res.body.slice(0, 100)}`);
          const changed = changedTables(before, counts);
          if (changed.length > 0)
            problems.push(`${where}: refused ${res.statusCode} but changed ${changed.join(', ')}`);
          if (res.statusCode === 401 && !op.public) problems.push(`${where}: the session was lost`);
        }
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.info(
      `fuzz (${process.env.TEST_DB ?? 'pglite'}): ${ops.length} operations, ${requests} requests in ${seconds} s; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
    );
    expect(problems).toEqual([]);
    expect(requests).toBeGreaterThan(2000);
    expect(Object.prototype).not.toHaveProperty('polluted');
  }, 600_000); // Every route, many cases each: minutes on a loaded machine.
});
