/**
 * The real gateway: Twilio's Messages API and its signed webhooks, against a local server answering
 * like Twilio's (started here, on a free port).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMS_MESSAGES } from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioSignature } from '../../providers/sms/sms.ts';
import { balanceOf, createTestContext, json, type TestContext } from '../../test/harness.ts';
import { webhookOutcome } from '../../test/webhooks.ts';
import { handToGateway, smsRefundKey } from './sms.logic.ts';

const SID = 'ACtest0000000000000000000000000000';
const TOKEN = 'twilio-auth-token-for-tests';
const WEBHOOK_URL = 'https://panel.example/api/v1/sms/webhook';

interface Received {
  path: string;
  authorization: string | undefined;
  params: Record<string, string>;
}

let t: TestContext;
let server: http.Server;
const received: Received[] = [];
let retail: Record<string, string>;
let prepay: Record<string, string>;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(body));
      received.push({ path: req.url ?? '', authorization: req.headers.authorization, params });
      res.setHeader('content-type', 'application/json');
      // Twilio refuses a destination it cannot reach with a 400 and its own message.
      if (params.To === '+15005550001') {
        res.statusCode = 400;
        res.end(JSON.stringify({ code: 21211, message: "The 'To' number +15005550001 is not a valid phone number." }));
        return;
      }
      res.statusCode = 201;
      res.end(JSON.stringify({ sid: `SM${String(received.length).padStart(32, '0')}`, status: 'queued' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  t = await createTestContext({
    sms: {
      gateway: 'twilio',
      accountSid: SID,
      authToken: TOKEN,
      apiBase: `http://127.0.0.1:${port}`,
      webhookUrl: WEBHOOK_URL,
    },
  });
  retail = await t.login('retail');
  prepay = await t.login('prepay');
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

/** Posts Twilio's webhook form `params`, signed as Twilio signs it with `token` (the account's own unless told). */
const webhook = (params: Record<string, string>, token = TOKEN) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/sms/webhook',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(token, WEBHOOK_URL, params),
    },
    payload: new URLSearchParams(params).toString(),
  });

/** Twilio's form for a text received on Acme's 01214960000. */
const incoming = (sid: string, from: string, body: string) => ({
  MessageSid: sid,
  AccountSid: SID,
  From: from,
  To: '+441214960000',
  Body: body,
  NumMedia: '0',
});

/** Sends a text through the panel's API as the holder of `as`: the texts' ids, one per destination. */
const send = async (
  as: Record<string, string>,
  body: { originator: string; destinations: string[]; message: string },
) => {
  const res = await t.api('POST', '/sms', as, body);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ ids: number[] }>(res).ids;
};

describe('the Twilio gateway', () => {
  it('posts each text to the Messages API with Basic auth and the status callback', async () => {
    expect(t.app.platform.providers.sms.kind).toBe('twilio');
    const ids = await send(retail, {
      originator: '01214960000',
      destinations: ['+447700900123', '+15005550001'],
      message: 'Your engineer is on the way',
    });
    expect(await handToGateway(t.app.platform, ids)).toBe(2);
    expect(received).toHaveLength(2);
    expect(received[0]).toEqual({
      path: `/2010-04-01/Accounts/${SID}/Messages.json`,
      authorization: `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`,
      params: {
        To: '+447700900123',
        From: '01214960000',
        Body: 'Your engineer is on the way',
        StatusCallback: WEBHOOK_URL,
      },
    });
    const rows = await t.database.db
      .selectFrom('sms_messages')
      .select(['to_number', 'delivery', 'gateway_id', 'failure'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { to_number: '+447700900123', delivery: 'queued', gateway_id: `SM${'1'.padStart(32, '0')}`, failure: '' },
      {
        to_number: '+15005550001',
        delivery: 'failed',
        gateway_id: null,
        failure: "The 'To' number +15005550001 is not a valid phone number.",
      },
    ]);
  });

  it("applies Twilio's signed status callbacks once; a wrong signature is refused with nothing stored", async () => {
    const sid = `SM${'1'.padStart(32, '0')}`;
    const params = { MessageSid: sid, MessageStatus: 'delivered', AccountSid: SID, To: '+447700900123' };
    const refused = await webhook(params, 'not-the-token');
    expect(refused.statusCode).toBe(403);
    expect(json<{ message: string }>(refused).message).toBe(SMS_MESSAGES.badSignature);
    const stored = await t.database.db
      .selectFrom('inbound_events')
      .select('id')
      .where('provider', '=', 'sms')
      .execute();
    expect(stored).toEqual([]);
    expect(await webhookOutcome(t, webhook(params))).toBe('applied');
    expect(await webhookOutcome(t, webhook(params))).toBe('duplicate');
    const row = await t.database.db
      .selectFrom('sms_messages')
      .select('delivery')
      .where('gateway_id', '=', sid)
      .executeTakeFirstOrThrow();
    expect(row.delivery).toBe('delivered');
    // A late 'sent' after 'delivered' changes nothing.
    const late = { ...params, MessageStatus: 'sent' };
    expect(await webhookOutcome(t, webhook(late))).toBe('duplicate');
  });

  it('stores an incoming message for the account holding the number, once', async () => {
    const params = incoming('SMfeedfacefeedfacefeedfacefeedface', '+447700900555', 'Thanks, see you then');
    expect(await webhookOutcome(t, webhook(params))).toBe('applied');
    expect(await webhookOutcome(t, webhook(params))).toBe('duplicate');
    const rows = await t.database.db
      .selectFrom('sms_messages')
      .select(['account_no', 'direction', 'status', 'message'])
      .where('gateway_id', '=', params.MessageSid)
      .execute();
    expect(rows).toEqual([{ account_no: 30000, direction: 'in', status: 0, message: 'Thanks, see you then' }]);
  });

  it('shows a text from a sender the panel could not send to (a 15-digit international number) in the list', async () => {
    const params = incoming('SMabcdabcdabcdabcdabcdabcdabcdabcd', '+86139123456789', 'Hello from abroad');
    expect(await webhookOutcome(t, webhook(params))).toBe('applied');
    const list = await t.api('POST', '/sms/0/50', retail, { search: 'Hello from abroad' });
    expect(list.statusCode, list.body).toBe(200);
    const [text] = list.json().records;
    expect(text).toMatchObject({ from: '+86139123456789', message: 'Hello from abroad' });
    const opened = await t.api('GET', `/sms/${text.id}`, retail);
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await t.api('POST', `/sms/${text.id}/read`, retail)).statusCode).toBe(200);
  });

  it("credits a prepay account back once for a text Twilio refuses or reports 'undelivered'", async () => {
    const refunds = (ids: number[]) =>
      t.database.db
        .selectFrom('ledger_entries')
        .select(['idempotency_key', 'amount_pence'])
        .where(
          'idempotency_key',
          'in',
          ids.map((id) => smsRefundKey(id)),
        )
        .orderBy('idempotency_key')
        .execute();
    const before = await balanceOf(t, 30001);
    const ids = await send(prepay, {
      originator: '07700900601',
      destinations: ['+447700900124', '+15005550001'],
      message: 'Your table is ready',
    });
    const [accepted, refused] = ids as [number, number];
    expect(await balanceOf(t, 30001)).toBe(before - 12); // 4p to the UK mobile, 8p to the USA
    await handToGateway(t.app.platform, ids);
    // Refused when handed over: credited back in the transaction that records the refusal.
    expect(await refunds(ids)).toEqual([{ idempotency_key: smsRefundKey(refused), amount_pence: 8 }]);
    expect(await balanceOf(t, 30001)).toBe(before - 4);
    const { gateway_id: sid } = await t.database.db
      .selectFrom('sms_messages')
      .select('gateway_id')
      .where('id', '=', accepted)
      .executeTakeFirstOrThrow();
    const undelivered = {
      MessageSid: sid ?? '',
      MessageStatus: 'undelivered',
      ErrorCode: '30005',
      To: '+447700900124',
    };
    expect(await webhookOutcome(t, webhook(undelivered))).toBe('applied');
    expect(await webhookOutcome(t, webhook(undelivered))).toBe('duplicate');
    // 'failed' after 'undelivered' is the same end: nothing more.
    const failed = { ...undelivered, MessageStatus: 'failed' };
    expect(await webhookOutcome(t, webhook(failed))).toBe('duplicate');
    expect(await refunds(ids)).toEqual(
      [
        { idempotency_key: smsRefundKey(accepted), amount_pence: 4 },
        { idempotency_key: smsRefundKey(refused), amount_pence: 8 },
      ].sort((a, b) => a.idempotency_key.localeCompare(b.idempotency_key)),
    );
    expect(await balanceOf(t, 30001)).toBe(before);
  });
});
