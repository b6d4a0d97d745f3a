/**
 * Every upload route (declared `x-upload` in the OpenAPI document) given every malformed multipart
 * body of the generator (test/multipart.ts): a 400 with a message, and nothing changed — never a
 * 500 ('Part terminated early due to unexpected end of multipart data' was one). The fuzz sends the
 * same bodies on the PostgreSQL leg; this runs on both databases.
 */

import { GREETING_TYPES } from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../app.ts';
import type { TestContext } from '../harness.ts';
import { malformedMultipart, multipart, streamed, UPLOAD_FILES } from '../multipart.ts';
import { serverAuthorization } from '../servers.ts';
import {
  fillPath,
  idsByTable,
  isClearRefusal,
  knownOf,
  loadOperations,
  type Operation,
  ownerRequests,
  serverRolesOf,
} from './surface.ts';
import { changedTables, quietTestContext, writeCounts } from './write-counter.ts';

/**
 * The callers an upload is sent as: the retail owner, or, for a route the owner may not call (a
 * refusal before anything is read), the first of the others it is for (international proofs:
 * wholesale accounts), with that caller's own ids in the path.
 */
const CALLERS = [
  { username: 'retail', accountNo: 30000 },
  { username: 'reseller', accountNo: 20000 },
];
let t: TestContext;
let uploads: Operation[];
/** Each upload route's URL with its caller's ids, and the caller's headers. */
const urls = new Map<string, string>();
const callers = new Map<string, Record<string, string>>();

beforeAll(async () => {
  t = await quietTestContext();
  const operations = await loadOperations(t.app);
  uploads = operations.filter((op) => op.upload !== undefined);
  const pending = new Set(uploads);
  // The provider's servers' uploads (a voicemail deposit, a recording) are sent with a credential of their role.
  for (const op of [...pending]) {
    const [role] = serverRolesOf(op) ?? [];
    if (!role) continue;
    urls.set(op.key, fillPath(op.path, Object.fromEntries(op.pathParams.map((p) => [p.name, '1']))));
    callers.set(op.key, await serverAuthorization(t.app, role));
    pending.delete(op);
  }
  for (const caller of CALLERS) {
    const headers = await t.login(caller.username);
    const byTable = await t.app.platform.tenancy.crossAccount('seed', (tx) => idsByTable(tx, caller.accountNo));
    const known = knownOf(caller.accountNo, byTable, []);
    const ownerOf = ownerRequests(operations, known, (url) =>
      t.app.inject({ method: 'GET', url: `${API_BASE}${url}`, headers }),
    );
    for (const op of [...pending]) {
      const values: Record<string, string> = {};
      // A mailbox is named by its seat's SIP username (the caller's Reception, extension 201).
      const fallback = (name: string) => (name === 'mailbox' ? `${caller.accountNo}*201` : '1');
      for (const p of op.pathParams) values[p.name] = (await ownerOf.values(op, p.name))[0] ?? fallback(p.name);
      const url = fillPath(op.path, values);
      const probe = multipart([]);
      const res = await t.app.inject({
        method: op.method,
        url: `${API_BASE}${url}`,
        headers: { ...headers, ...probe.headers },
        payload: probe.payload,
      });
      if (res.statusCode === 403) continue;
      urls.set(op.key, url);
      callers.set(op.key, headers);
      pending.delete(op);
    }
  }
  expect([...pending].map((op) => op.key)).toEqual([]);
}, 120_000);
afterAll(async () => t?.close());

/** The body sent in pieces, as a socket delivers it (test/multipart.ts: streamed), as the route's caller. */
const send = (op: Operation, payload: Buffer, contentType: string) =>
  t.app.inject({
    method: op.method,
    url: `${API_BASE}${urls.get(op.key)}`,
    headers: { ...callers.get(op.key), 'content-type': contentType, 'content-length': String(payload.length) },
    payload: streamed(payload),
  });

describe('upload routes', () => {
  it('are declared: the access list CSV, music on hold and custom prompts at least', () => {
    expect(uploads.map((op) => `${op.key} ${op.upload}`).sort()).toEqual(
      expect.arrayContaining([
        'POST /accesscontrol/entry/{id}/csv numbers',
        expect.stringMatching(/^POST \/musiconhold.* musicFile$/),
        expect.stringMatching(/^POST \/prompt.* promptFile$/),
        'POST /numbering/international/address/{id}/proof/upload proofFile',
      ]),
    );
  });

  it('answer 400 with a message to every malformed multipart body, and change nothing', async () => {
    const problems: string[] = [];
    let sent = 0;
    for (const op of uploads) {
      for (const file of UPLOAD_FILES) {
        for (const c of malformedMultipart(String(op.upload), file)) {
          const before = await writeCounts(t.database.db);
          const res = await send(op, c.payload, c.contentType);
          sent++;
          const changed = changedTables(before, await writeCounts(t.database.db));
          const where = `${op.key} ${file.filename} ${c.label}`;
          if (res.statusCode !== 400 || !isClearRefusal(res))
            problems.push(`${where}: ${res.statusCode} ${res.body.slice(0, 160)}`);
          if (changed.length > 0) problems.push(`${where}: changed ${changed.join(', ')}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(100);
  }, 300_000);

  it('take a well-formed form of one of the files (the malformed bodies were refused for their form)', async () => {
    // A server's upload carries its call's details besides the file: its area's tests send well-formed ones.
    for (const op of uploads.filter((o) => !serverRolesOf(o))) {
      const codes: number[] = [];
      for (const file of UPLOAD_FILES) {
        const form = multipart([
          { name: 'termsAccepted', value: 'true' },
          { name: 'proofType', value: 'Passport' },
          // A voicemail greeting's type.
          { name: 'type', value: GREETING_TYPES[0].value },
          { name: String(op.upload), filename: file.filename, type: file.type, content: file.content },
        ]);
        const res = await send(op, form.payload, String(form.headers['content-type']));
        codes.push(res.statusCode);
      }
      expect(codes, op.key).toContain(200);
    }
  });
});
