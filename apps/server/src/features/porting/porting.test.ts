/**
 * Advice of transfer (issue 27): a provider admin raises a porting-away request (the holder is
 * mailed the link), the public page reads it by its key and the holder answers it once — in every
 * state of spec 3 §4, with the §5 rules — a retail acceptance leaves a note on the next invoice,
 * wrong and expired keys answer alike, and guessing is throttled.
 */
import { AOT_FREE_GUESSES, AOT_MESSAGES, type AotRecord, type InvoiceDetail, MESSAGES } from '@switchboard/domain';
import { sql } from 'kysely';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AOT_KEY } from '../../demo/porting.ts';
import { invoicePdfOf, lastCompletePeriod, runBilling } from '../../modules/billing/index.ts';
import { createTestContext, json, type TestContext } from '../../test/harness.ts';
import { hashKey } from './porting.logic.ts';

let t: TestContext;
/** The provider admin acting as Acme (30000), a retail account. */
let adminAsAcme: Record<string, string>;
let retail: Record<string, string>;
let ipSeq = 0;
/** Each test calls the public routes from an address of its own (the throttle is per address). */
const freshIp = () => `198.51.100.${++ipSeq}`;

const numberId = (accountNo: number, number: string) =>
  t.app.platform.tenancy.crossAccount('seed', async (tx) => {
    const row = await tx
      .selectFrom('telephone_numbers')
      .select('id')
      .where('account_no', '=', accountNo)
      .where('number', '=', number)
      .executeTakeFirstOrThrow();
    return row.id;
  });

const publicCall = (url: string, payload: object, ip: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress: ip });

const read = (key: string, ip = freshIp()) => publicCall('/numbering/porting/transfer', { key }, ip);
const answer = (key: string, body: object, ip = freshIp()) =>
  publicCall('/numbering/porting/transfer/response', { key, ...body }, ip);

const goodAnswer = {
  resellerExport: false,
  companyName: 'Acme Plumbing Ltd',
  response: 'accept',
  reason: 'We are moving our lines to a new provider',
  name: 'Alice Morgan',
};

/** Raises a request for `number` of Acme and answers the key its mail holds. */
async function raise(number: string, status = 'AOT Required'): Promise<{ key: string; id: number; mail: string }> {
  const telephoneNumberId = await numberId(30000, number);
  const res = await t.api('POST', '/numbering/porting', adminAsAcme, {
    telephoneNumberId,
    datePorting: '2026-12-24',
    status,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(json(res)).toMatchObject({ success: true, message: AOT_MESSAGES.raised(number) });
  const mail = await t.app.platform.tenancy.crossAccount('seed', (tx) =>
    tx
      .selectFrom('mail_outbox')
      .select(['to_address', 'text_body', 'template'])
      .where('template', '=', 'advice-of-transfer')
      .where('text_body', 'like', `%${number}%`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow(),
  );
  expect(mail.to_address).toBe('alice@acmeplumbing.example');
  const key = /\/AOT\?key=([A-Za-z0-9_-]+)/.exec(mail.text_body)?.[1];
  if (!key) throw new Error(`no link in ${mail.text_body}`);
  return { key, id: json<{ id: number }>(res).id, mail: mail.text_body };
}

async function stateOf(key: string): Promise<AotRecord> {
  const res = await read(key);
  expect(res.statusCode, res.body).toBe(200);
  return json<AotRecord>(res);
}

beforeAll(async () => {
  t = await createTestContext();
  adminAsAcme = await t.login('admin');
  const disguise = await t.api('POST', '/users/auth/disguise', adminAsAcme, { accountNo: 30000 });
  expect(disguise.statusCode, disguise.body).toBe(200);
  retail = await t.login('retail');
  // Acme's seats and numbers held since long before the month billed here (their rentals are its charges).
  await t.app.platform.tenancy.crossAccount('seed', async (tx) => {
    await sql`update seats set created_at = '2020-01-01' where account_no = 30000`.execute(tx);
    await sql`update telephone_numbers set created_at = '2020-01-01' where account_no = 30000`.execute(tx);
  });
});
afterAll(async () => t?.close());

describe('a porting-away request raised by a provider admin', () => {
  it('mails the account holder the link (a key of 256 random bits, stored only hashed); the page reads it with no session', async () => {
    const { key, mail } = await raise('01214960000');
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail).toContain(`/AOT?key=${key}&response=accept`);
    expect(mail).toContain(`/AOT?key=${key}&response=reject`);
    const stored = await t.app.platform.tenancy.crossAccount('seed', (tx) =>
      tx
        .selectFrom('porting_requests')
        .select(['key_hash', 'expires_at'])
        .where('key_hash', '=', hashKey(key))
        .execute(),
    );
    expect(stored).toHaveLength(1);
    const days = (new Date(stored[0]?.expires_at ?? 0).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    expect(await stateOf(key)).toEqual({
      number: '01214960000',
      datePorting: '2026-12-24',
      status: 'AOT Required',
      aotDateResponse: null,
      dateRejected: null,
      dateCancelled: null,
      aotResponse: null,
      accountNo: 30000,
      wholesale: false,
      state: 'open',
    });
    // One open request per number.
    const again = await t.api('POST', '/numbering/porting', adminAsAcme, {
      telephoneNumberId: await numberId(30000, '01214960000'),
      datePorting: '2026-12-24',
    });
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe(AOT_MESSAGES.alreadyOpen);
    // Cancelled by the admin afterwards, so the other tests may raise on this number.
    const [row] = json<{ records: Array<{ id: number; version: number }> }>(
      await t.api('GET', `/numbering/allocated/${await numberId(30000, '01214960000')}/porting`, adminAsAcme),
    ).records;
    expect(
      (await t.api('POST', `/numbering/porting/${row?.id}/cancel`, adminAsAcme, { version: row?.version })).statusCode,
    ).toBe(200);
  });

  it('is raised, listed and cancelled by provider admins only, on the account’s own numbers', async () => {
    const id = await numberId(30000, '01214960000');
    for (const [url, body] of [
      ['/numbering/porting', { telephoneNumberId: id, datePorting: '2026-12-24' }],
      [`/numbering/porting/1/cancel`, { version: 1 }],
    ] as const) {
      const res = await t.api('POST', url, retail, body);
      expect(res.statusCode).toBe(403);
      expect(json(res).message).toBe(MESSAGES.forbidden);
    }
    expect((await t.api('GET', `/numbering/allocated/${id}/porting`, retail)).statusCode).toBe(403);
    // The admin acting as another account cannot reach Acme's number or its requests.
    const adminAsBella = await t.login('admin');
    await t.api('POST', '/users/auth/disguise', adminAsBella, { accountNo: 30001 });
    const res = await t.api('POST', '/numbering/porting', adminAsBella, {
      telephoneNumberId: id,
      datePorting: '2026-12-24',
    });
    expect(res.statusCode).toBe(404);
    expect(json(await t.api('GET', `/numbering/allocated/${id}/porting`, adminAsBella)).records).toEqual([]);
  });
});

describe('the holder’s answer (spec 3 §4, §5)', () => {
  it('refuses a reason under 10 characters with the exact text, and changes nothing', async () => {
    const { key } = await raise('01214960000');
    const res = await answer(key, { ...goodAnswer, response: 'reject', reason: 'Too short' });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(AOT_MESSAGES.reasonShort);
    for (const missing of ['name', 'companyName', 'reason'] as const) {
      const r = await answer(key, { ...goodAnswer, [missing]: '' });
      expect(r.statusCode).toBe(400);
      expect(json(r).message).toBe(MESSAGES.required);
    }
    const noResponse = await answer(key, { ...goodAnswer, response: undefined });
    expect(noResponse.statusCode).toBe(400);
    expect(json(noResponse).message).toBe(AOT_MESSAGES.responseRequired);
    expect((await stateOf(key)).state).toBe('open');

    // Rejected with a reason: the page then shows the rejected date, and takes no second answer.
    const rejected = await answer(key, {
      ...goodAnswer,
      response: 'reject',
      reason: 'I did not ask for this transfer',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(json(rejected).message).toBe(AOT_MESSAGES.rejectedByHolder);
    const state = await stateOf(key);
    expect(state).toMatchObject({ state: 'rejected', aotResponse: 'reject' });
    expect(state.dateRejected).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const second = await answer(key, goodAnswer);
    expect(second.statusCode).toBe(409);
    expect(json(second).message).toBe(AOT_MESSAGES.notOpen);
  });

  it('takes an acceptance once; a retail account’s next invoice (and its PDF) then carries the note', async () => {
    const { key } = await raise('01214960000');
    const res = await answer(key, goodAnswer);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe(AOT_MESSAGES.accepted);
    const state = await stateOf(key);
    expect(state).toMatchObject({ state: 'responded', aotResponse: 'accept', dateRejected: null });
    expect(state.aotDateResponse).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const again = await answer(key, { ...goodAnswer, response: 'reject' });
    expect(again.statusCode).toBe(409);

    const note = AOT_MESSAGES.invoiceNote('01214960000', state.aotDateResponse ?? '');
    const run = await runBilling(t.app.platform, { period: lastCompletePeriod(), accounts: [30000] });
    expect(run).toMatchObject({ failed: [], existing: 0 });
    const [issued] = run.issued;
    if (!issued) throw new Error('no invoice issued');
    const invoiceId = await t.app.platform.tenancy.crossAccount('seed', async (tx) => {
      const row = await tx
        .selectFrom('invoices')
        .select('id')
        .where('invoice_no', '=', issued.invoiceNo)
        .executeTakeFirstOrThrow();
      return row.id;
    });
    const detail = json<InvoiceDetail>(await t.api('GET', `/invoice/${invoiceId}/detail`, retail));
    expect(detail.notes).toEqual([note]);
    const { pdf } = await invoicePdfOf(t.app.platform.tenancy, 30000, invoiceId);
    const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
    expect(text.replace(/\s+/g, ' ')).toContain('ported to another provider');
    // Printed once: the note is the next invoice's only.
    const waiting = await t.app.platform.tenancy.crossAccount('seed', (tx) =>
      tx
        .selectFrom('invoice_notes')
        .select('id')
        .where('account_no', '=', 30000)
        .where('invoice_id', 'is', null)
        .execute(),
    );
    expect(waiting).toEqual([]);
  });

  it('shows the cancelled date once a provider admin cancels (a stale cancel refused), and takes no answer', async () => {
    const { key, id } = await raise('01214960002');
    const stale = await t.api('POST', `/numbering/porting/${id}/cancel`, adminAsAcme, { version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(json(stale).message).toBe(MESSAGES.staleVersion);
    const cancel = await t.api('POST', `/numbering/porting/${id}/cancel`, adminAsAcme, { version: 1 });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const state = await stateOf(key);
    expect(state.state).toBe('cancelled');
    expect(state.dateCancelled).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await answer(key, goodAnswer)).statusCode).toBe(409);
    expect((await t.api('POST', `/numbering/porting/${id}/cancel`, adminAsAcme, { version: 2 })).statusCode).toBe(409);
  });

  it("says 'AOT Not Required' and takes no answer when the request needs none", async () => {
    const { key, mail } = await raise('01214960002', 'AOT Not Required');
    expect(mail).not.toContain('response=accept');
    expect((await stateOf(key)).state).toBe('notRequired');
    const res = await answer(key, goodAnswer);
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe(AOT_MESSAGES.notOpen);
  });

  it('requires the reseller declaration of a wholesale account', async () => {
    const key = 'wholesale-test-key-0123456789abcdefghijklmnop';
    await t.app.platform.tenancy.crossAccount('seed', async (tx) => {
      const n = await tx
        .insertInto('telephone_numbers')
        .values({ account_no: 20000, number: '01134960777', nickname: 'Wholesale line', destination: '' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('porting_requests')
        .values({
          ...requestRow(20000, n.id, '01134960777', key),
        })
        .execute();
    });
    expect(await stateOf(key)).toMatchObject({ wholesale: true, state: 'open', accountNo: 20000 });
    const res = await answer(key, goodAnswer);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({
      message: AOT_MESSAGES.resellerRequired,
      validation: { resellerExport: AOT_MESSAGES.resellerRequired },
    });
    expect((await stateOf(key)).state).toBe('open');
    const ok = await answer(key, { ...goodAnswer, resellerExport: true });
    expect(ok.statusCode, ok.body).toBe(200);
    // A wholesale account is not invoiced here: no note.
    const notes = await t.app.platform.tenancy.crossAccount('seed', (tx) =>
      tx.selectFrom('invoice_notes').select('id').where('account_no', '=', 20000).execute(),
    );
    expect(notes).toEqual([]);
  });
});

function requestRow(accountNo: number, telephoneNumberId: number, number: string, key: string, expired = false) {
  return {
    account_no: accountNo,
    telephone_number_id: telephoneNumberId,
    number,
    date_porting: '2026-12-31',
    aot_response: null,
    aot_date_response: null,
    date_rejected: null,
    date_cancelled: null,
    reason: null,
    responder_name: null,
    company_name: null,
    key_hash: hashKey(key),
    expires_at: expired ? sql<Date>`now() - interval '1 second'` : sql<Date>`now() + interval '1 day'`,
    raised_by: null,
  };
}

describe('keys', () => {
  it('answers a wrong key and an expired key identically, and reveals nothing', async () => {
    const expired = 'expired-test-key-0123456789abcdefghijklmnopq';
    const id = await numberId(30000, '01214960000');
    await t.app.platform.tenancy.crossAccount('seed', async (tx) => {
      await tx
        .insertInto('porting_requests')
        .values(requestRow(30000, id, '01214960000', expired, true))
        .execute();
    });
    const wrong = await read('no-such-key-0123456789abcdefghijklmnopqrstu');
    const old = await read(expired);
    expect(wrong.statusCode).toBe(404);
    expect(old.statusCode).toBe(404);
    expect(old.body).toBe(wrong.body);
    expect(json(wrong).message).toBe(AOT_MESSAGES.linkInvalid);
    const answered = await answer(expired, goodAnswer);
    expect(answered.statusCode).toBe(404);
    expect(answered.body).toBe((await answer('another-wrong-key', goodAnswer)).body);
  });

  it(`throttles guessing: after ${AOT_FREE_GUESSES} wrong keys an address waits (429); the holder's own key is no guess`, async () => {
    const ip = freshIp();
    for (let i = 0; i < AOT_FREE_GUESSES; i++) {
      const res = await read(`guess-${i}-0123456789abcdefghijklmnopqrstuvwx`, ip);
      expect(res.statusCode).toBe(404);
    }
    const blocked = await read(DEMO_AOT_KEY, ip);
    expect(blocked.statusCode).toBe(429);
    expect(json(blocked).message).toBe(AOT_MESSAGES.throttled);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await answer(DEMO_AOT_KEY, goodAnswer, ip)).statusCode).toBe(429);
    // Another address reads the demo's key (its own use costs no guess).
    const other = freshIp();
    for (let i = 0; i < AOT_FREE_GUESSES + 2; i++) expect((await read(DEMO_AOT_KEY, other)).statusCode).toBe(200);
  });

  it("serves the demo's pending request under its fixed key", async () => {
    expect(await stateOf(DEMO_AOT_KEY)).toMatchObject({ number: '01214960001', state: 'open', accountNo: 30000 });
  });
});
