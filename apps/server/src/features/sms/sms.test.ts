import { canReply, MESSAGES, SMS_MESSAGES, type Sms, type SmsOriginator } from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingPeriod, chargeSourceList, chargeSourceNames, londonToday } from '../../modules/billing/index.ts';
import { type SandboxSmsGateway, sandboxFate } from '../../providers/sms/sms.ts';
import { balanceOf, createTestContext, json, type TestContext } from '../../test/harness.ts';
import { webhookOutcome } from '../../test/webhooks.ts';
import { deliverSandboxSms } from './sms.jobs.ts';
import { applySmsEvent, handToGateway, smsRefundKey } from './sms.logic.ts';

let t: TestContext;
let retail: Record<string, string>;
let prepay: Record<string, string>;
let viewer: Record<string, string>;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
  prepay = await t.login('prepay');
  viewer = await t.login('viewer');
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

type Reply = {
  success: boolean;
  message: string;
  ids: number[];
  costPence: number;
  validation?: Record<string, string>;
};
type Page = { records: Sms[]; totalRecords: number; nextCursor?: string | null };

const send = (body: object, as = retail) => t.api('POST', '/sms', as, body);
const page = async (as = retail, body: object = {}) => json<Page>(await t.api('POST', '/sms/0/50', as, body));
const gateway = () => t.app.platform.providers.sms as SandboxSmsGateway;
const rows = (accountNo: number) =>
  t.database.db.selectFrom('sms_messages').selectAll().where('account_no', '=', accountNo).execute();
/** Posts the sandbox gateway's inbound text as a form, signed or not. */
const webhook = (params: Record<string, string>, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/sms/webhook',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature ? { 'x-twilio-signature': signature } : {}),
    },
    payload: new URLSearchParams(params).toString(),
  });

describe('SMS originators', () => {
  it("answers the account's numbers then its active mobiles", async () => {
    const { records } = json<{ records: SmsOriginator[] }>(await t.api('GET', '/sms/originators', retail));
    const values = records.map((r) => r.originator);
    expect(values).toContain('01214960000');
    expect(records.find((r) => r.originator === '07700900501')).toMatchObject({ fromMobile: true });
    expect(values).not.toContain('07700900503'); // inactive
    expect(values).not.toContain('01179460000'); // another account's
    const byPost = await t.api('POST', '/sms/originators', retail, { accountNo: 30000 });
    expect(json<{ records: SmsOriginator[] }>(byPost).records).toEqual(records);
    expect((await t.api('POST', '/sms/originators', retail, { accountNo: 30001 })).statusCode).toBe(404);
    // Its alphanumeric sender ID last, beside its numbers.
    expect(records.at(-1)).toEqual({
      originator: 'AcmePlumb',
      label: 'AcmePlumb (sender ID)',
      fromMobile: false,
      senderId: true,
    });
    expect(records.filter((r) => r.senderId)).toHaveLength(1);
  });

  it('sends from an alphanumeric sender ID of the account, and refuses one that is not its own', async () => {
    const ok = await send({
      originator: 'AcmePlumb',
      destinations: ['07700900125'],
      message: 'Your visit is confirmed',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const [row] = (await rows(30000)).filter((r) => r.id === json<Reply>(ok).ids[0]);
    expect(row).toMatchObject({ from_number: 'AcmePlumb', originator: 'AcmePlumb', from_mobile: false, cost_pence: 4 });
    const foreign = await send({ originator: 'OtherCo', destinations: ['07700900125'], message: 'x' });
    expect(foreign.statusCode).toBe(400);
    expect(json<Reply>(foreign).validation).toEqual({ originator: SMS_MESSAGES.notOriginator });
  });

  it("lets a provider admin register an account's sender IDs (1-11 letters, digits or spaces, a letter)", async () => {
    const path = '/sms/sender-ids/30001';
    expect(json<{ senderIds: string[] }>(await t.api('GET', path, admin))).toEqual({ senderIds: [] });
    for (const bad of ['12345', 'Twelve Chars', ' ', 'Acme-Plumb', 'Acme_Plumb']) {
      const refused = await t.api('PUT', path, admin, { senderIds: ['Fine', bad] });
      expect(refused.statusCode, bad).toBe(400);
      expect(json<Reply>(refused).validation, bad).toEqual({ 'senderIds.1': SMS_MESSAGES.senderId });
    }
    const many = await t.api('PUT', path, admin, { senderIds: ['A', 'B', 'C', 'D', 'E', 'F'] });
    expect(json<Reply>(many).validation).toEqual({ senderIds: SMS_MESSAGES.tooManySenderIds });
    const saved = await t.api('PUT', path, admin, { senderIds: ['Prepay Co', 'Deals 2'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json<Reply>(saved).message).toBe(SMS_MESSAGES.senderIdsSaved);
    expect(json<{ senderIds: string[] }>(await t.api('GET', path, admin))).toEqual({
      senderIds: ['Deals 2', 'Prepay Co'],
    });
    const replaced = await t.api('PUT', path, admin, { senderIds: ['Prepay Co'] });
    expect(replaced.statusCode).toBe(200);
    const { records } = json<{ records: SmsOriginator[] }>(await t.api('GET', '/sms/originators', prepay));
    expect(records.filter((r) => r.senderId).map((r) => r.originator)).toEqual(['Prepay Co']);
    const events = await t.database.db
      .selectFrom('change_events')
      .select(['kind', 'label', 'target_account_no'])
      .where('area', '=', 'sms')
      .where('label', 'like', 'SMS sender ID %')
      .orderBy('id')
      .execute();
    expect(events.map((e) => [e.kind, e.label, e.target_account_no])).toEqual([
      ['create', 'SMS sender ID Prepay Co', 30001],
      ['create', 'SMS sender ID Deals 2', 30001],
      ['delete', 'SMS sender ID Deals 2', 30001],
    ]);
    // Provider admins only; an account that does not exist is not found.
    expect((await t.api('PUT', path, prepay, { senderIds: ['Mine'] })).statusCode).toBe(403);
    expect((await t.api('GET', path, retail)).statusCode).toBe(403);
    expect((await t.api('PUT', '/sms/sender-ids/99999', admin, { senderIds: ['X'] })).statusCode).toBe(404);
  });
});

describe('sending', () => {
  it('sends one row per destination, queued, priced by the deck, a postpay account charged on its invoice', async () => {
    const before = await balanceOf(t, 30000);
    const res = await send({
      originator: '01214960000',
      destinations: ['07700900123', '+447700900124', '07700900123'],
      message: 'Your plumber arrives at 10:00',
    });
    expect(res.statusCode, res.body).toBe(200);
    const reply = json<Reply>(res);
    expect(reply).toMatchObject({ success: true, message: 'Message sent to 2 destinations', costPence: 8 });
    const { records } = await page();
    const sent = records.filter((r) => reply.ids.includes(r.id));
    expect(sent.map((r) => r.to).sort()).toEqual(['+447700900124', '07700900123']);
    for (const r of sent) {
      expect(r).toMatchObject({
        direction: 'out',
        status: 1,
        from: '01214960000',
        originator: '01214960000',
        delivery: 'queued',
        costPence: 4,
        fromMobile: false,
        destinations: ['07700900123', '+447700900124'],
      });
    }
    expect(await balanceOf(t, 30000)).toBe(before); // postpay: on the invoice, not the ledger
  });

  it('charges a prepay account on the ledger in the same transaction', async () => {
    const before = await balanceOf(t, 30001);
    const res = await send(
      { originator: '07700900601', destinations: ['07700900777'], message: 'x'.repeat(161) },
      prepay,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Reply>(res).costPence).toBe(8); // two parts at 4p
    expect(await balanceOf(t, 30001)).toBe(before - 8);
    const entry = await t.database.db
      .selectFrom('ledger_entries')
      .select(['amount_pence', 'kind', 'description'])
      .where('account_no', '=', 30001)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ amount_pence: -8, kind: 'charge', description: 'SMS to 1 destination' });
    const [row] = (await rows(30001)).filter((r) => r.to_number === '07700900777');
    expect(row).toMatchObject({ from_mobile: true, on_ledger: true, cost_pence: 8 });
  });

  it('refuses a prepay send the balance does not cover: nothing stored, sent or charged', async () => {
    const before = await balanceOf(t, 30001);
    const stored = (await rows(30001)).length;
    const destinations = Array.from({ length: 50 }, (_, i) => `+3361234${String(i).padStart(4, '0')}`);
    const res = await send({ originator: '01179460000', destinations, message: 'Ж'.repeat(250) }, prepay);
    expect(res.statusCode, res.body).toBe(409);
    expect(json<Reply>(res).message).toBe(SMS_MESSAGES.balanceShort('16.00', (before / 100).toFixed(2)));
    expect(json<Reply>(res).message).toBe(
      `Your balance of £${(before / 100).toFixed(2)} does not cover the cost of this message, £16.00. Please top up and try again.`,
    );
    expect(await balanceOf(t, 30001)).toBe(before);
    expect((await rows(30001)).length).toBe(stored);
  });

  it("refuses a 'to' off the telephone pattern, a message over 250, another account's originator, a destination without an SMS rate", async () => {
    const base = { originator: '01214960000', destinations: ['07700900123'], message: 'Hello' };
    const stored = (await rows(30000)).length;
    const badTo = await send({ ...base, destinations: ['07700900123', '12ab'] });
    expect(badTo.statusCode).toBe(400);
    expect(json<Reply>(badTo).validation).toEqual({ 'destinations.1': 'Please enter a valid telephone number.' });
    const short = await send({ ...base, destinations: ['1234'] });
    expect(json<Reply>(short).validation?.['destinations.0']).toBe(MESSAGES.telephone);
    const long = await send({ ...base, message: 'a'.repeat(251) });
    expect(long.statusCode).toBe(400);
    expect(json<Reply>(long).validation).toEqual({ message: 'Length must not exceed 250 characters' });
    expect((await send({ ...base, message: 'a'.repeat(250) })).statusCode).toBe(200);
    const none = await send({ ...base, destinations: [] });
    expect(json<Reply>(none).validation).toEqual({ destinations: SMS_MESSAGES.selectDestination });
    const foreign = await send({ ...base, originator: '01179460000' });
    expect(foreign.statusCode).toBe(400);
    expect(json<Reply>(foreign).validation).toEqual({ originator: SMS_MESSAGES.notOriginator });
    const landline = await send({ ...base, destinations: ['07700900123', '01214960999'] });
    expect(landline.statusCode).toBe(400);
    expect(json<Reply>(landline).validation).toEqual({ destinations: 'Texts cannot be sent to 01214960999' });
    expect((await rows(30000)).length).toBe(stored + 1);
  });
});

describe('delivery through the sandbox gateway', () => {
  it('moves queued → sent → delivered, and an unreachable destination to failed, by the jobs', async () => {
    const res = await send({
      originator: '07700900501',
      destinations: ['07700900321', '07700900000'],
      message: 'On our way',
    });
    const { ids } = json<Reply>(res);
    expect(await handToGateway(t.app.platform, ids)).toBe(2);
    const handed = (await rows(30000)).filter((r) => ids.includes(r.id));
    expect(handed.every((r) => r.delivery === 'queued' && r.gateway_id?.startsWith('SM'))).toBe(true);
    // Handing over again sends nothing twice.
    expect(await handToGateway(t.app.platform, ids)).toBe(0);
    const later = (s: number) => new Date(Date.now() + s * 1000);
    await deliverSandboxSms(t.app.platform, later(3));
    const sent = (await rows(30000)).filter((r) => ids.includes(r.id));
    expect(sent.map((r) => r.delivery)).toEqual(['sent', 'sent']);
    await deliverSandboxSms(t.app.platform, later(10));
    const done = (await rows(30000)).filter((r) => ids.includes(r.id)).sort((a, b) => a.id - b.id);
    const fate = sandboxFate('07700900321', done[0]?.gateway_id ?? '');
    expect(done[0]?.delivery).toBe(fate.status);
    expect(done[1]).toMatchObject({ delivery: 'failed', failure: 'Unreachable destination (sandbox)' });
    // Each step is a change event of the area.
    const events = await t.database.db
      .selectFrom('change_events')
      .select(['kind'])
      .where('area', '=', 'sms')
      .where('record_id', '=', done[1]?.id ?? 0)
      .execute();
    expect(events.map((e) => e.kind)).toEqual(['create', 'update', 'update', 'update']);
  });
});

describe('failed texts are not paid for', () => {
  const later = (s: number) => new Date(Date.now() + s * 1000);
  const refunds = (id: number) =>
    t.database.db
      .selectFrom('ledger_entries')
      .select(['account_no', 'kind', 'amount_pence', 'description'])
      .where('idempotency_key', '=', smsRefundKey(id))
      .execute();
  /** The 'sms' charge source's lines of this month for a postpay account (what its invoice would bill). */
  const invoiced = async (accountNo: number) => {
    const source = chargeSourceList()[chargeSourceNames().indexOf('sms')];
    if (!source) throw new Error('no sms charge source');
    const period = billingPeriod(londonToday().slice(0, 7));
    const lines = await t.app.platform.tenancy.crossAccount('billing', (tx) => source(tx, accountNo, period));
    return lines.reduce((sum, l) => sum + l.unitPricePence * l.quantity, 0);
  };

  it("credits a prepay text back once when the gateway reports it failed, in the failure's transaction", async () => {
    const before = await balanceOf(t, 30001);
    const res = await send(
      { originator: '07700900601', destinations: ['07700900000', '07700900778'], message: 'Gate code 4471' },
      prepay,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { ids } = json<Reply>(res);
    expect(await balanceOf(t, 30001)).toBe(before - 8);
    await handToGateway(t.app.platform, ids);
    await deliverSandboxSms(t.app.platform, later(3));
    const [failing, other] = (await rows(30001)).filter((r) => ids.includes(r.id)).sort((a, b) => a.id - b.id);
    if (!failing || !other) throw new Error('the texts were not stored');
    expect(failing.delivery).toBe('sent');
    expect(await refunds(failing.id)).toEqual([]); // nothing back before the failure is known
    await deliverSandboxSms(t.app.platform, later(10));
    const failed = (await rows(30001)).find((r) => r.id === failing.id);
    expect(failed).toMatchObject({ delivery: 'failed', failure: 'Unreachable destination (sandbox)' });
    expect(await refunds(failing.id)).toEqual([
      { account_no: 30001, kind: 'adjustment', amount_pence: 4, description: 'Refund: SMS to 07700900000 failed' },
    ]);
    // The other text's refund only if the carrier refused it too (the sandbox's one in thirty).
    const otherRefunded = sandboxFate('07700900778', other.gateway_id ?? '').status === 'failed' ? 4 : 0;
    expect(await balanceOf(t, 30001)).toBe(before - 8 + 4 + otherRefunded);
    // A failure reported again (another status of the same end, or the same one) refunds nothing more.
    const again = await applySmsEvent(t.app.platform, {
      kind: 'status',
      sid: failing.gateway_id ?? '',
      status: 'failed',
      error: 'Undelivered',
    });
    expect(again).toBe('duplicate');
    const params = { MessageSid: failing.gateway_id ?? '', MessageStatus: 'undelivered', To: '07700900000' };
    expect(await webhookOutcome(t, webhook(params, gateway().signed(params).signature))).toBe('duplicate');
    expect(await refunds(failing.id)).toHaveLength(1);
    expect(await balanceOf(t, 30001)).toBe(before - 8 + 4 + otherRefunded);
  });

  it("leaves a postpay account's failed text off its invoice (and off the ledger)", async () => {
    const billedBefore = await invoiced(30000);
    const res = await send({ originator: '01214960000', destinations: ['07700900000'], message: 'Hello' });
    const { ids } = json<Reply>(res);
    expect(await invoiced(30000)).toBe(billedBefore + 4); // on its way: billed
    await handToGateway(t.app.platform, ids);
    await deliverSandboxSms(t.app.platform, later(10));
    const [row] = (await rows(30000)).filter((r) => ids.includes(r.id));
    expect(row).toMatchObject({ delivery: 'failed', on_ledger: false, cost_pence: 4 });
    expect(await invoiced(30000)).toBe(billedBefore); // failed: not billed
    expect(await refunds(row?.id ?? 0)).toEqual([]); // a postpay text was never on the ledger
  });
});

describe('inbound texts, reading, reply and forward', () => {
  it('stores an inbound text once per gateway id; a wrong signature is refused with nothing stored', async () => {
    const params = {
      MessageSid: 'SM0123456789abcdef0123456789abcdef',
      SmsStatus: 'received',
      From: '+447700900888',
      To: '+441214960000',
      Body: 'Is the boiler fixed?',
    };
    const stored = (await rows(30000)).length;
    const wrong = await webhook(params, 'c2lnbmF0dXJl');
    expect(wrong.statusCode).toBe(403);
    expect(json<Reply>(wrong).message).toBe(SMS_MESSAGES.badSignature);
    expect((await webhook(params)).statusCode).toBe(403);
    const forged = await webhook({ ...params, Body: 'forged' }, gateway().signed(params).signature);
    expect(forged.statusCode).toBe(403);
    const events = await t.database.db
      .selectFrom('inbound_events')
      .select('id')
      .where('event_id', '=', params.MessageSid)
      .execute();
    expect(events).toEqual([]);
    expect((await rows(30000)).length).toBe(stored);
    const { signature } = gateway().signed(params);
    expect(await webhookOutcome(t, webhook(params, signature))).toBe('applied');
    expect(await webhookOutcome(t, webhook(params, signature))).toBe('duplicate');
    const mine = (await rows(30000)).filter((r) => r.gateway_id === params.MessageSid);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      direction: 'in',
      status: 0,
      from_number: '+447700900888',
      delivery: 'received',
      cost_pence: 0,
    });
  });

  it('opens a text: unread becomes read (a change event); reply to the sender and forward to others', async () => {
    const injected = await t.api('POST', '/sms/sandbox/inbound', admin, {
      from: '07700900999',
      to: '01214960001',
      message: 'Can you quote for a new bathroom?',
    });
    expect(injected.statusCode, injected.body).toBe(200);
    const unread = (await page(retail, { filters: { status: 0 } })).records;
    const text = unread.find((r) => r.message === 'Can you quote for a new bathroom?');
    expect(text).toMatchObject({ status: 0, from: '07700900999', to: '01214960001', direction: 'in' });
    const id = text?.id ?? 0;
    // A read-only user reads it as it is, and may not mark it read.
    expect(json<Sms>(await t.api('GET', `/sms/${id}`, viewer)).status).toBe(0);
    expect((await t.api('POST', `/sms/${id}/read`, viewer)).statusCode).toBe(403);
    expect(json<Sms>(await t.api('GET', `/sms/${id}`, retail)).status).toBe(0);
    const opened = json<Sms>(await t.api('POST', `/sms/${id}/read`, retail));
    expect(opened.status).toBe(1);
    expect(opened.smsId).toBe(id);
    // Once: opened again, it stays read with no second event.
    expect(json<Sms>(await t.api('POST', `/sms/${id}/read`, retail)).status).toBe(1);
    const reread = json<Sms>(await t.api('GET', `/sms/${id}`, viewer));
    expect(reread.status).toBe(1);
    const reads = await t.database.db
      .selectFrom('change_events')
      .select('kind')
      .where('area', '=', 'sms')
      .where('record_id', '=', id)
      .execute();
    expect(reads.map((e) => e.kind)).toEqual(['create', 'read']);
    // Reply: to the sender, from the number it came to.
    const reply = await send({ originator: opened.to, destinations: [opened.from], message: 'Yes, Thursday?' });
    expect(reply.statusCode, reply.body).toBe(200);
    // Forward: the message to other destinations.
    const forward = await send({
      originator: '01214960000',
      destinations: ['07700900401', '07700900402'],
      message: opened.message,
    });
    expect(json<Reply>(forward).message).toBe('Message sent to 2 destinations');
    const { records } = await page();
    expect(records[0]).toMatchObject({ direction: 'out', message: 'Can you quote for a new bathroom?' });
    expect(records.find((r) => r.message === 'Yes, Thursday?')).toMatchObject({
      to: '07700900999',
      from: '01214960001',
    });
  });

  it('stores a text from an alphanumeric sender ID, which takes no replies', async () => {
    const injected = await t.api('POST', '/sms/sandbox/inbound', admin, {
      from: 'ParcelCo',
      to: '01214960000',
      message: 'ParcelCo: your parcel arrives today',
    });
    expect(injected.statusCode, injected.body).toBe(200);
    const text = (await page()).records.find((r) => r.message === 'ParcelCo: your parcel arrives today');
    expect(text).toMatchObject({ direction: 'in', from: 'ParcelCo', status: 0 });
    expect(canReply(text ?? { direction: 'in', from: '' })).toBe(false);
    expect(canReply({ direction: 'in', from: '07700900999' })).toBe(true);
    // A reply would be a send to it: refused, as any destination off the telephone pattern.
    const reply = await send({ originator: '01214960000', destinations: ['ParcelCo'], message: 'Thanks' });
    expect(json<Reply>(reply).validation).toEqual({ 'destinations.0': MESSAGES.telephone });
  });

  it('refuses an injection to a number no account holds, and from anyone but a provider admin', async () => {
    const body = { from: '07700900999', to: '01999000000', message: 'Hello' };
    const none = await t.api('POST', '/sms/sandbox/inbound', admin, body);
    expect(none.statusCode).toBe(404);
    expect(json<Reply>(none).message).toBe(SMS_MESSAGES.noAccount);
    expect((await t.api('POST', '/sms/sandbox/inbound', retail, { ...body, to: '01214960000' })).statusCode).toBe(403);
  });
});

describe('list, delete, permission and isolation', () => {
  it('lists newest first with keyset paging, searches, and deletes many', async () => {
    const first = json<Page>(await t.api('POST', '/sms/0/2', retail, {}));
    expect(first.records).toHaveLength(2);
    expect(first.nextCursor).toBeTruthy();
    const next = json<Page>(await t.api('POST', '/sms/0/2', retail, { cursor: first.nextCursor }));
    expect(next.records[0]?.id).not.toBe(first.records[0]?.id);
    expect((first.records[0]?.date ?? '') >= (next.records[0]?.date ?? '')).toBe(true);
    const found = json<Page>(await t.api('POST', '/sms/0/50', retail, { search: 'boiler' }));
    expect(found.records.map((r) => r.message)).toEqual(['Is the boiler fixed?']);
    const ids = first.records.map((r) => r.id);
    const removed = await t.api('DELETE', '/sms', retail, { ids });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await rows(30000)).some((r) => ids.includes(r.id))).toBe(false);
  });

  it('is gated by the mobile permission and keeps each account to its own texts', async () => {
    const { records } = await page(prepay);
    expect(records.every((r) => r.from === '07700900601' || r.to.startsWith('+33') || r.from.startsWith('0117'))).toBe(
      true,
    );
    const other = (await rows(30000))[0]?.id ?? 0;
    expect((await t.api('GET', `/sms/${other}`, prepay)).statusCode).toBe(404);
    expect((await t.api('DELETE', '/sms', prepay, { id: other })).statusCode).toBe(404);
    // The viewer reads but may not send or delete.
    expect((await t.api('POST', '/sms/0/10', viewer, {})).statusCode).toBe(200);
    expect(
      (await send({ originator: '01214960000', destinations: ['07700900123'], message: 'x' }, viewer)).statusCode,
    ).toBe(403);
    expect((await t.api('DELETE', '/sms', viewer, { id: other })).statusCode).toBe(403);
    expect((await t.api('POST', '/sms/0/10', {}, {})).statusCode).toBe(401);
  });
});
