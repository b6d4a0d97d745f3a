/**
 * The API document (/api/docs/json) as an integrator uses it: it passes a standard linter (Redocly's
 * recommended rules, with the repository's redocly.yaml), names and summarises every operation,
 * documents the error replies, and a client generated from it (openapi-typescript's types,
 * openapi-fetch's calls) type-checks and talks to a listening server, whose replies match the
 * document's schemas.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { MESSAGES } from '@switchboard/domain';
import { Ajv2020 } from 'ajv/dist/2020.js';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './demo/seed.ts';
import { createTestContext, type TestContext } from './test/harness.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CLIENT_DIR = fileURLToPath(new URL('./test/generated-client/', import.meta.url));
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface Operation {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  parameters?: Array<{ in: string }>;
  responses: Record<string, { $ref?: string; content?: Record<string, { schema?: unknown }> }>;
  requestBody?: {
    content: Record<string, { schema?: { required?: string[]; properties?: Record<string, unknown> } }>;
  };
  'x-access'?: 'read' | 'write';
  'x-upload'?: string;
  'x-errors'?: unknown;
}
interface Document {
  openapi: string;
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  components: {
    responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
  };
}

const operations = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([url, item]) =>
    METHODS.flatMap((method) => (item[method] ? [{ key: `${method.toUpperCase()} ${url}`, op: item[method] }] : [])),
  );

let t: TestContext;
let doc: Document;
let text: string;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-panel-'));

beforeAll(async () => {
  // A built panel, as in production: its fallback route (every other GET) is registered too.
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Switchboard</title>');
  t = await createTestContext({ webDist: dist });
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  text = res.body;
  doc = res.json() as Document;
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the API document (/api/docs/json)', () => {
  it("lints clean with Redocly's recommended rules (redocly.yaml): no error, no warning", async () => {
    const config = await loadConfig({ configPath: path.join(ROOT, 'redocly.yaml') });
    const problems = await lintFromString({ source: text, absoluteRef: path.join(ROOT, 'openapi.json'), config });
    const found = problems
      .filter((p) => !p.ignored)
      .map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);
    expect(found.slice(0, 20)).toEqual([]);
    expect(found).toHaveLength(0);
  });

  it('is OpenAPI 3.1 and leaves the panel out (its fallback route is not an API operation)', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api/v1/'))).toEqual([]);
  });

  it('documents a file reply by its media type, not as JSON (PDFs, audio, images)', () => {
    const types = (url: string) =>
      Object.keys((doc.paths[url]?.get?.responses['200'] as { content?: object } | undefined)?.content ?? {});
    expect(types('/api/v1/invoice/{id}/pdf')).toEqual(['application/pdf']);
    expect(types('/api/v1/tariff/pdf')).toEqual(['application/pdf']);
    expect(types('/api/v1/prompt/{id}/audio')).toEqual(['audio/*']);
    expect(types('/api/v1/users/avatar')).toEqual(['image/*']);
    expect(types('/api/v1/mobile/{id}')).toEqual(['application/json']);
  });

  it('names each operation once (operationId, from its contract) and summarises it', () => {
    const all = operations(doc);
    expect(all.length).toBeGreaterThan(250);
    const ids = all.map(({ op }) => op.operationId);
    expect(ids.filter((id) => !id || !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(all.filter(({ op }) => !op.summary?.trim()).map(({ key }) => key)).toEqual([]);
    const named = (key: string) => {
      const op = all.find((o) => o.key === key)?.op;
      return { operationId: op?.operationId, summary: op?.summary };
    };
    // From the contract's key in its area's routes (mobileRoutes.list, seatRoutes.regenerateLdapPassword).
    expect(named('POST /api/v1/mobile/{offset}/{limit}')).toEqual({
      operationId: 'mobileList',
      summary: 'Mobile: list',
    });
    expect(named('POST /api/v1/seat/{id}/ldap/regenpassword')).toEqual({
      operationId: 'seatRegenerateLdapPassword',
      summary: 'Seat: regenerate ldap password',
    });
    // Two areas with one tag (time profiles and their calendar) keep apart; so do a call's two verbs.
    expect(named('GET /api/v1/timeprofilecalendar/{id}').operationId).toBe('calendarRead');
    expect(named('GET /api/v1/timeprofile/{id}').operationId).toBe('timeProfileRead');
    expect(named('POST /api/v1/timeprofile/next').operationId).toBe('timeProfileNext');
    expect(named('GET /api/v1/timeprofile/next').operationId).toBe('timeProfileNextByGet');
  });

  it('documents the error replies: 400 with field messages everywhere, 401 / 403 / 404, 409 on writes', () => {
    const shared = doc.components.responses ?? {};
    const missing: string[] = [];
    for (const { key, op } of operations(doc)) {
      const isPublic = Array.isArray(op.security) && op.security.length === 0;
      const writes = op['x-access'] === 'write';
      const expected = [
        '400',
        ...(isPublic ? [] : ['401']),
        ...(isPublic && !writes ? [] : ['403']),
        ...(isPublic && !(op.parameters ?? []).some((p) => p.in === 'path') ? [] : ['404']),
        ...(writes ? ['409'] : []),
      ];
      for (const status of expected) {
        const ref = op.responses[status]?.$ref;
        const name = ref?.replace('#/components/responses/', '') ?? '';
        if (!shared[name]?.content?.['application/json']?.schema) missing.push(`${key} ${status}`);
      }
    }
    expect(missing.slice(0, 10)).toEqual([]);
    const statuses = (url: string, method: (typeof METHODS)[number]) =>
      Object.keys(doc.paths[url]?.[method]?.responses ?? {}).sort();
    expect(statuses('/api/v1/mobile/{id}', 'get')).toEqual(['200', '400', '401', '403', '404', '503']);
    expect(statuses('/api/v1/mobile/{id}', 'put')).toEqual(['200', '400', '401', '403', '404', '409', '413', '503']);
    expect(statuses('/api/v1/panel/config', 'get')).toEqual(['200', '400', '503']);
  });

  it('documents 413 where a body is sent, 429 on the throttled calls and 503 on every call', () => {
    const all = operations(doc);
    const answering = (status: string) => all.filter(({ op }) => op.responses[status]).map(({ key }) => key);
    // A passing outage (the database, a provider) can meet any call.
    expect(all.filter(({ op }) => !op.responses['503']?.$ref).map(({ key }) => key)).toEqual([]);
    expect(answering('429').sort()).toEqual(
      [
        'GET /api/v1/account/companieshouse/{number}',
        'POST /api/v1/account/register',
        'POST /api/v1/identity/verification/session',
        'POST /api/v1/numbering/porting/transfer',
        'POST /api/v1/numbering/porting/transfer/response',
        'POST /api/v1/users/auth/login',
        'POST /api/v1/users/auth/passwordcheck',
        'POST /api/v1/users/email/confirm',
        'POST /api/v1/users/email/token',
        'POST /api/v1/users/password',
        'POST /api/v1/users/password/forgot',
        'POST /api/v1/users/password/token',
      ].sort(),
    );
    const withBody = all.filter(({ op }) => op.requestBody !== undefined).map(({ key }) => key);
    expect(withBody.length).toBeGreaterThan(50);
    expect(answering('413').sort()).toEqual(withBody.sort());
    const statuses = (url: string) => Object.keys(doc.paths[url]?.post?.responses ?? {}).sort();
    expect(statuses('/api/v1/users/auth/login')).toEqual(['200', '400', '401', '403', '409', '413', '429', '503']);
  });

  it('documents each upload as a multipart body with its file field, as a generated client sends it', () => {
    const uploads = operations(doc).filter(({ op }) => op['x-upload']);
    expect(uploads.length).toBeGreaterThanOrEqual(3);
    for (const { key, op } of uploads) {
      const field = op['x-upload'] ?? '';
      const schema = op.requestBody?.content['multipart/form-data']?.schema;
      expect({ key, required: schema?.required, file: schema?.properties?.[field] }).toEqual({
        key,
        required: [field],
        file: { type: 'string', contentMediaType: 'application/octet-stream' },
      });
    }
    const csv = doc.paths['/api/v1/accesscontrol/entry/{id}/csv']?.post;
    expect(Object.keys(csv?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
  });

  it("documents sign-in's own 401 and 409: a wrong password, and a username to qualify with its account", () => {
    const responses = doc.paths['/api/v1/users/auth/login']?.post?.responses ?? {};
    const described = (status: string) => {
      const name = responses[status]?.$ref?.replace('#/components/responses/', '') ?? '';
      const response = doc.components.responses?.[name];
      return { name, description: response?.description, schema: response?.content?.['application/json']?.schema };
    };
    expect(described('409')).toMatchObject({
      name: 'SessionLoginConflict',
      schema: { $ref: '#/components/schemas/ErrorReply' },
    });
    expect(described('409').description).toContain(MESSAGES.loginAccountNeeded);
    expect(described('409').description).toContain('accountNo');
    expect(described('401').description).toContain(MESSAGES.loginFailed);
    // The body takes the account number.
    expect(JSON.stringify(doc.paths['/api/v1/users/auth/login']?.post?.requestBody)).toContain('accountNo');
    // Its other error replies are the shared ones, and the contract's `errors` is no key of the document.
    expect(described('400').name).toBe('BadRequest');
    expect(operations(doc).filter(({ op }) => op['x-errors'] !== undefined)).toEqual([]);
  });
});

describe('a client generated from the document (openapi-typescript, openapi-fetch)', () => {
  let dir: string;
  beforeAll(async () => {
    // Beside calls.ts (inside the repository, so both tsc and the test resolve openapi-fetch); the
    // generated files are *.tmp.ts (ignored by git and biome) and removed afterwards.
    dir = fs.mkdtempSync(path.join(CLIENT_DIR, '.run-'));
    const types = astToString(await openapiTS(text));
    fs.writeFileSync(path.join(dir, 'api.tmp.ts'), types);
    fs.copyFileSync(path.join(CLIENT_DIR, 'calls.ts'), path.join(dir, 'calls.tmp.ts'));
  });
  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('type-checks (tsc): the calls a reseller writes compile, and calls the document does not allow fail', async () => {
    const tsc = path.join(ROOT, 'node_modules', '.bin', 'tsc');
    const flags = ['--ignoreConfig', '--noEmit', '--strict', '--skipLibCheck', '--target', 'es2023'];
    const options = [...flags, '--module', 'nodenext', '--moduleResolution', 'nodenext', '--types', 'node'];
    const run = await promisify(execFile)(tsc, [...options, '--allowImportingTsExtensions', 'calls.tmp.ts'], {
      cwd: dir,
    }).then(
      () => '',
      (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}`,
    );
    expect(run).toBe('');
  }, 60_000);

  it('signs in, creates, lists and reads, and is refused, each reply in its documented shape', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const client = createClient({ baseUrl: `http://127.0.0.1:${address.port}` });
    const module = (await import(pathToFileURL(path.join(dir, 'calls.tmp.ts')).href)) as {
      calls: (client: unknown, username: string, password: string) => Promise<Record<string, Reply>>;
    };
    const replies = await module.calls(client, 'retail', DEMO_PASSWORD);

    const check = documentedShape(doc);
    expect(replies.signIn?.response.status).toBe(200);
    expect(check('POST', '/api/v1/users/auth/login', replies.signIn)).toEqual([]);
    expect(replies.created?.response.status).toBe(200);
    expect(check('POST', '/api/v1/mobile', replies.created)).toEqual([]);
    expect(replies.list?.response.status).toBe(200);
    expect(check('POST', '/api/v1/mobile/{offset}/{limit}', replies.list)).toEqual([]);
    expect(replies.read?.response.status).toBe(200);
    expect(check('GET', '/api/v1/mobile/{id}', replies.read)).toEqual([]);
    expect(replies.mobileNo).toBe('07700900123');
    expect(replies.refused?.response.status).toBe(400);
    expect(check('POST', '/api/v1/mobile', replies.refused)).toEqual([]);
    expect(Object.keys(replies.validation ?? {})).toEqual(['mobileNo']);
    expect(replies.signedOut?.response.status).toBe(401);
    expect(check('GET', '/api/v1/mobile/{id}', replies.signedOut)).toEqual([]);
    expect(replies.expired).toBe('Your session has expired, please sign in again');
  });
});

interface Reply {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** A reply's errors against the schema the document gives its status (the shared error replies by $ref). */
function documentedShape(document: Document) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const id = 'https://switchboard.invalid/openapi.json';
  ajv.addSchema({ ...document, $id: id });
  return (method: string, url: string, reply: Reply | undefined): string[] => {
    if (!reply) return ['no reply'];
    const status = String(reply.response.status);
    const op = document.paths[url]?.[method.toLowerCase() as (typeof METHODS)[number]];
    const response = op?.responses[status];
    if (!response) return [`${method} ${url} documents no ${status}`];
    const escaped = (s: string) => s.replaceAll('~', '~0').replaceAll('/', '~1');
    const pointer = response.$ref
      ? `${response.$ref.slice(1)}/content/application~1json/schema`
      : `/paths/${escaped(url)}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
    const validate = ajv.getSchema(`${id}#${pointer}`);
    if (!validate) return [`no schema at ${pointer}`];
    const body = reply.response.ok ? reply.data : reply.error;
    return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  };
}
