import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PAYMENT_MESSAGES } from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayPalOrders, SandboxPayPal, TRANSMISSION_HEADERS } from '../../../providers/payments/paypal.ts';
import { balanceOf, createTestContext, json, type TestContext } from '../../../test/harness.ts';
import { webhookOutcome } from '../../../test/webhooks.ts';
import { deliverSandboxPayPal } from './paypal-events.ts';

type Reply = { success?: boolean; message: string; received?: boolean; stored?: string[]; duplicates?: string[] };

const WEBHOOK = '/api/v1/payments/paypal/webhook';
/** Past the sandbox's eCheck clearing time. */
const later = () => new Date(Date.now() + 10 * 60_000);

const entriesOf = (t: TestContext, reference: string) =>
  t.database.db
    .selectFrom('ledger_entries')
    .select(['kind', 'amount_pence', 'reference'])
    .where('reference', '=', reference)
    .orderBy('id')
    .execute();
const paymentOf = (t: TestContext, orderId: string) =>
  t.database.db
    .selectFrom('payments')
    .select(['status', 'failure', 'settled_at'])
    .where('provider_id', '=', orderId)
    .executeTakeFirstOrThrow();
const post = (t: TestContext, body: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });

describe('PayPal webhooks (the sandbox PayPal)', () => {
  let t: TestContext;
  let prepay: Record<string, string>;
  const sandbox = () => t.app.platform.providers.paypal as SandboxPayPal;

  beforeAll(async () => {
    t = await createTestContext();
    prepay = await t.login('prepay');
  });
  afterAll(async () => t?.close());

  /** A PayPal top-up of 30001 approved with `funding` and captured: its order id and the capture's reply. */
  const paidWith = async (funding: string, amount = 30) => {
    const order = await t.api('POST', '/account/30001/paypal/order', prepay, { amount });
    expect(order.statusCode, order.body).toBe(200);
    const { orderId } = json<{ orderId: string }>(order);
    const approved = await t.api('POST', '/payments/paypal/sandbox/approve', prepay, {
      orderId,
      approve: true,
      funding,
    });
    expect(json(approved)).toEqual({ status: 'APPROVED' });
    return { orderId, capture: await t.api('POST', `/account/30001/paypal/order/${orderId}/capture`, prepay) };
  };
  /** The next webhook the sandbox holds, taken (its body, to post by hand). */
  const nextBody = async () => {
    const next = await sandbox().nextWebhook();
    expect(next).not.toBeNull();
    await sandbox().delivered(next?.id ?? 0);
    return next?.body ?? '';
  };
  const drain = async () => {
    while (await sandbox().nextWebhook()) {
      // Taken and left: the tests below post the events they need themselves.
    }
  };

  it('leaves a pending eCheck capture processing, then credits once when the COMPLETED webhook comes', async () => {
    const before = await balanceOf(t, 30001);
    const { orderId, capture } = await paidWith('echeck', 30);
    expect(capture.statusCode, capture.body).toBe(200);
    expect(json<Reply>(capture).message).toBe(PAYMENT_MESSAGES.processing);
    expect(await paymentOf(t, orderId)).toMatchObject({ status: 'processing', settled_at: null });
    expect(await balanceOf(t, 30001)).toBe(before);

    // Not cleared yet: PayPal's PENDING event only (ignored: the capture's answer said so already).
    expect(await deliverSandboxPayPal(t.app.platform)).toEqual(['ignored']);
    expect(await paymentOf(t, orderId)).toMatchObject({ status: 'processing' });
    // Captured again meanwhile: still pending, nothing credited.
    const again = await t.api('POST', `/account/30001/paypal/order/${orderId}/capture`, prepay);
    expect(json<Reply>(again).message).toBe(PAYMENT_MESSAGES.processing);
    expect(await balanceOf(t, 30001)).toBe(before);

    // The eCheck clears: PayPal's PAYMENT.CAPTURE.COMPLETED, signed, to the same handler.
    expect(await deliverSandboxPayPal(t.app.platform, later())).toEqual(['applied']);
    expect(await paymentOf(t, orderId)).toMatchObject({ status: 'succeeded', failure: '' });
    expect(await balanceOf(t, 30001)).toBe(before + 3000);
    expect(await entriesOf(t, orderId)).toEqual([{ kind: 'top-up', amount_pence: 3000, reference: orderId }]);
    // Nothing more to deliver; a capture now answers the completed payment.
    expect(await deliverSandboxPayPal(t.app.platform, later())).toEqual([]);
    const done = await t.api('POST', `/account/30001/paypal/order/${orderId}/capture`, prepay);
    expect(json<Reply>(done).message).toBe(PAYMENT_MESSAGES.paypalSucceeded('£30.00'));
    expect(await balanceOf(t, 30001)).toBe(before + 3000);
  });

  it('credits nothing for a replayed or duplicated COMPLETED webhook', async () => {
    const before = await balanceOf(t, 30001);
    const { orderId } = await paidWith('echeck', 40);
    await drain();
    await sandbox().clearEchecks(later());
    const body = await nextBody();
    expect(JSON.parse(body)).toMatchObject({
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource_type: 'capture',
      resource: {
        status: 'COMPLETED',
        amount: { currency_code: 'GBP', value: '40.00' },
        supplementary_data: { related_ids: { order_id: orderId } },
      },
    });
    const headers = sandbox().sign(body);
    const first = await post(t, body, headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(json<Reply>(first)).toEqual({ received: true, stored: [JSON.parse(body).id], duplicates: [] });
    expect(await webhookOutcome(t, first)).toBe('applied');
    // The same delivery again, and PayPal's retry (a new transmission of the same event).
    expect(await webhookOutcome(t, await post(t, body, headers))).toBe('duplicate');
    expect(await webhookOutcome(t, await post(t, body, sandbox().sign(body)))).toBe('duplicate');
    // Two at once.
    const both = await Promise.all([post(t, body, sandbox().sign(body)), post(t, body, sandbox().sign(body))]);
    expect(await Promise.all(both.map((r) => webhookOutcome(t, r)))).toEqual(['duplicate', 'duplicate']);
    expect(await balanceOf(t, 30001)).toBe(before + 4000);
    expect(await entriesOf(t, orderId)).toHaveLength(1);
  });

  it('a DENIED webhook (the eCheck returned) credits nothing and tells the account once', async () => {
    const before = await balanceOf(t, 30001);
    const notes = async () =>
      t.database.db
        .selectFrom('notifications')
        .select(['title', 'message'])
        .where('account_no', '=', 30001)
        .where('kind', '=', 'payment-failed')
        .execute();
    const mails = async () =>
      t.database.db
        .selectFrom('mail_outbox')
        .select(['subject', 'text_body'])
        .where('account_no', '=', 30001)
        .where('template', '=', 'payment-failed')
        .execute();
    const notesBefore = (await notes()).length;
    const mailsBefore = (await mails()).length;
    const { orderId, capture } = await paidWith('echeckDenied', 20);
    expect(json<Reply>(capture).message).toBe(PAYMENT_MESSAGES.processing);
    await drain();
    await sandbox().clearEchecks(later());
    const body = await nextBody();
    expect(JSON.parse(body)).toMatchObject({ event_type: 'PAYMENT.CAPTURE.DENIED', resource: { status: 'DECLINED' } });
    expect(await webhookOutcome(t, await post(t, body, sandbox().sign(body)))).toBe('applied');
    expect(await paymentOf(t, orderId)).toMatchObject({
      status: 'requires_payment_method',
      failure: PAYMENT_MESSAGES.paypalCaptureDeclined,
      settled_at: null,
    });
    expect(await balanceOf(t, 30001)).toBe(before);
    expect(await entriesOf(t, orderId)).toEqual([]);
    const note = (await notes()).slice(notesBefore);
    expect(note).toEqual([
      {
        title: 'Payment failed: £20.00',
        message: `Your PayPal payment of £20.00 (PayPal top-up £20.00) was unsuccessful: ${PAYMENT_MESSAGES.paypalCaptureDeclined} Nothing was taken.`,
      },
    ]);
    const mail = (await mails()).slice(mailsBefore);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Your payment of £20.00 was unsuccessful');
    // Replayed, and captured again by the buyer's page: nothing more is said or credited.
    expect(await webhookOutcome(t, await post(t, body, sandbox().sign(body)))).toBe('duplicate');
    const recapture = await t.api('POST', `/account/30001/paypal/order/${orderId}/capture`, prepay);
    expect(recapture.statusCode).toBe(402);
    expect(json<Reply>(recapture).message).toBe(PAYMENT_MESSAGES.paypalDeclined);
    expect((await notes()).length).toBe(notesBefore + 1);
    expect((await mails()).length).toBe(mailsBefore + 1);
    expect(await balanceOf(t, 30001)).toBe(before);
  });

  it('refuses a forged or altered webhook with 400 and changes nothing', async () => {
    const before = await balanceOf(t, 30001);
    const { orderId } = await paidWith('echeck', 50);
    await drain();
    await sandbox().clearEchecks(later());
    const body = await nextBody();
    const headers = sandbox().sign(body);
    const stranger = new SandboxPayPal(t.app.platform.tenancy, 'not the sandbox secret');
    const cases: Array<[string, Record<string, string>]> = [
      // Signed by someone else.
      [body, stranger.sign(body)],
      // The body altered after signing (another amount, another order).
      [body.replace('"50.00"', '"150.00"'), headers],
      [body.replace(orderId, 'PAYPAL-SB-0000000000000000'), headers],
      [`${body} `, headers],
      // A header missing, or changed.
      [body, { ...headers, [TRANSMISSION_HEADERS.sig]: '' }],
      [body, Object.fromEntries(Object.entries(headers).filter(([k]) => k !== TRANSMISSION_HEADERS.id))],
      [body, { ...headers, [TRANSMISSION_HEADERS.id]: crypto.randomUUID() }],
      [body, { ...headers, [TRANSMISSION_HEADERS.authAlgo]: 'SHA256withRSA' }],
      // An old transmission replayed (outside the 5 minutes' tolerance).
      [body, sandbox().sign(body, new Date(Date.now() - 10 * 60_000))],
      // Nothing at all.
      ['{}', {}],
    ];
    for (const [b, h] of cases) {
      const res = await post(t, b, h);
      expect(res.statusCode, `${JSON.stringify(h)} ${b.slice(0, 40)}`).toBe(400);
      expect(json<Reply>(res).message).toBe(PAYMENT_MESSAGES.badSignature);
    }
    expect(await paymentOf(t, orderId)).toMatchObject({ status: 'processing', settled_at: null });
    expect(await balanceOf(t, 30001)).toBe(before);
    // The genuine one still does.
    expect(await webhookOutcome(t, await post(t, body, headers))).toBe('applied');
    expect(await balanceOf(t, 30001)).toBe(before + 5000);
  });

  it('ignores other events, other orders and a capture of another amount', async () => {
    const before = await balanceOf(t, 30001);
    const { orderId } = await paidWith('echeck', 20);
    await drain();
    const signed = (event: object) => {
      const body = JSON.stringify(event);
      return post(t, body, sandbox().sign(body));
    };
    const capture = (orderRef: string, value: string, currency = 'GBP') => ({
      id: 'CAP-SB-TEST',
      status: 'COMPLETED',
      amount: { currency_code: currency, value },
      supplementary_data: { related_ids: { order_id: orderRef } },
    });
    for (const event of [
      { id: 'WH-1', event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: orderId } },
      { id: 'WH-2', event_type: 'PAYMENT.CAPTURE.PENDING', resource: capture(orderId, '20.00') },
      { id: 'WH-3', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: capture('PAYPAL-SB-NOT-OURS', '20.00') },
      { id: 'WH-4', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: capture(orderId, '200.00') },
      { id: 'WH-5', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: capture(orderId, '20.00', 'USD') },
      { id: 'WH-6', event_type: 'PAYMENT.CAPTURE.COMPLETED' },
    ]) {
      const res = await signed(event);
      expect(res.statusCode, res.body).toBe(200);
      expect(await webhookOutcome(t, res), event.id).toBe('ignored');
    }
    expect(await paymentOf(t, orderId)).toMatchObject({ status: 'processing' });
    expect(await balanceOf(t, 30001)).toBe(before);
  });

  it('takes a refunded payment back from the balance once, never more than it credited', async () => {
    const { orderId, capture } = await paidWith('balance', 30);
    expect(json<Reply>(capture).message).toBe(PAYMENT_MESSAGES.paypalSucceeded('£30.00'));
    // PayPal's COMPLETED webhook for the instant capture: already credited by the capture.
    expect(await deliverSandboxPayPal(t.app.platform)).toEqual(['duplicate']);
    const credited = await balanceOf(t, 30001);
    const refundId = await sandbox().refund(orderId);
    expect(refundId).toMatch(/^REF-SB-/);
    // Refunded already: PayPal refuses a second full refund.
    expect(await sandbox().refund(orderId)).toBeNull();
    // PayPal's PAYMENT.CAPTURE.REFUNDED names the refund and, by its 'up' link, the capture only.
    const body = await nextBody();
    const event = JSON.parse(body);
    expect(event).toMatchObject({
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource_type: 'refund',
      resource: { id: refundId, status: 'COMPLETED', amount: { currency_code: 'GBP', value: '30.00' } },
    });
    expect(event.resource.supplementary_data).toBeUndefined();
    expect(event.resource.links).toContainEqual(
      expect.objectContaining({
        rel: 'up',
        href: expect.stringContaining(`/v2/payments/captures/${await captureIdOf(orderId)}`),
      }),
    );
    const first = await post(t, body, sandbox().sign(body));
    expect(await webhookOutcome(t, first), first.body).toBe('applied');
    expect(await balanceOf(t, 30001)).toBe(credited - 3000);
    expect(await entriesOf(t, orderId)).toEqual([
      { kind: 'top-up', amount_pence: 3000, reference: orderId },
      { kind: 'card-refund', amount_pence: -3000, reference: orderId },
    ]);
    const note = await t.database.db
      .selectFrom('notifications')
      .select(['title', 'message'])
      .where('account_no', '=', 30001)
      .where('kind', '=', 'payment-refunded')
      .execute();
    expect(note).toEqual([
      {
        title: 'PayPal refund: £30.00',
        message:
          '£30.00 of your PayPal payment (PayPal top-up £30.00) went back to PayPal (a refund) and has been taken from your balance.',
      },
    ]);
    // Replayed: nothing more. Another refund (or a reversal) beyond what was credited: ignored.
    expect(await webhookOutcome(t, await post(t, body, sandbox().sign(body)))).toBe('duplicate');
    const reversal = body
      .replace(refundId ?? '', 'REF-SB-OTHER')
      .replace('REFUNDED', 'REVERSED')
      .replace(event.id, 'WH-SB-REVERSAL');
    expect(await webhookOutcome(t, await post(t, reversal, sandbox().sign(reversal)))).toBe('ignored');
    expect(await balanceOf(t, 30001)).toBe(credited - 3000);
  });

  it('reverses a part of a credited payment by the capture named in the reversal, once', async () => {
    const { orderId } = await paidWith('balance', 50);
    await drain();
    const credited = await balanceOf(t, 30001);
    const body = JSON.stringify({
      id: 'WH-REVERSAL-1',
      event_type: 'PAYMENT.CAPTURE.REVERSED',
      resource_type: 'refund',
      resource: {
        id: 'REF-REVERSAL-1',
        status: 'COMPLETED',
        amount: { currency_code: 'GBP', value: '20.00' },
        links: [{ rel: 'up', href: `https://x.invalid/v2/payments/captures/${await captureIdOf(orderId)}` }],
      },
    });
    expect(await webhookOutcome(t, await post(t, body, sandbox().sign(body)))).toBe('applied');
    expect(await webhookOutcome(t, await post(t, body, sandbox().sign(body)))).toBe('duplicate');
    expect(await balanceOf(t, 30001)).toBe(credited - 2000);
    expect((await entriesOf(t, orderId)).at(-1)).toEqual({
      kind: 'card-refund',
      amount_pence: -2000,
      reference: orderId,
    });
  });

  it('refunds nothing of a payment that was never credited', async () => {
    const { orderId } = await paidWith('echeck', 20);
    await drain();
    const before = await balanceOf(t, 30001);
    const body = JSON.stringify({
      id: 'WH-REFUND-PENDING',
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource: {
        id: 'REF-PENDING',
        amount: { currency_code: 'GBP', value: '20.00' },
        supplementary_data: { related_ids: { order_id: orderId } },
      },
    });
    expect(await webhookOutcome(t, await post(t, body, sandbox().sign(body)))).toBe('ignored');
    expect(await balanceOf(t, 30001)).toBe(before);
  });

  const captureIdOf = async (orderId: string) =>
    (
      await t.database.db
        .selectFrom('paypal_sandbox_orders')
        .select('capture_id')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).capture_id;
});

/** A small server answering as PayPal's REST API does: a token, the webhook's verification, a capture. */
function fakePayPal() {
  const requests: Array<{ method: string; url: string; authorization: string; body: string }> = [];
  let verifyStatus = 200;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization ?? '',
        body,
      });
      const reply = (status: number, data: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(data));
      };
      if (req.method === 'POST' && req.url === '/v1/oauth2/token') {
        const basic = `Basic ${Buffer.from('client-id:client-secret').toString('base64')}`;
        if (req.headers.authorization !== basic || body !== 'grant_type=client_credentials') {
          return reply(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
        }
        return reply(200, {
          scope: 'https://uri.paypal.com/services/payments/payment',
          access_token: 'A21AA-token',
          token_type: 'Bearer',
          app_id: 'APP-1',
          expires_in: 32400,
          nonce: 'n',
        });
      }
      if (req.headers.authorization !== 'Bearer A21AA-token') return reply(401, { error: 'invalid_token' });
      if (req.method === 'POST' && req.url === '/v1/notifications/verify-webhook-signature') {
        if (verifyStatus !== 200) return reply(verifyStatus, { name: 'INTERNAL_SERVICE_ERROR' });
        const request = JSON.parse(body) as { transmission_sig?: string; webhook_id?: string };
        const ok = request.transmission_sig === 'good-signature' && request.webhook_id === 'WH-APP-1';
        return reply(200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
      }
      const capture = /^\/v2\/payments\/captures\/([\w-]+)$/.exec(req.url ?? '');
      if (req.method === 'GET' && capture) {
        if (capture[1] !== 'CAPTURE-1') return reply(404, { name: 'RESOURCE_NOT_FOUND' });
        return reply(200, {
          id: 'CAPTURE-1',
          status: 'REFUNDED',
          supplementary_data: { related_ids: { order_id: 'ORDER-REAL-1' } },
        });
      }
      return reply(404, { name: 'NOT_FOUND' });
    });
  });
  return {
    requests,
    server,
    setVerifyStatus: (status: number) => {
      verifyStatus = status;
    },
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('PayPal webhooks (the real provider, against a local PayPal)', () => {
  const paypal = fakePayPal();
  let t: TestContext;
  let base: string;

  beforeAll(async () => {
    base = await paypal.start();
    t = await createTestContext({
      paypal: {
        clientId: 'client-id',
        clientSecret: 'client-secret',
        live: false,
        webhookId: 'WH-APP-1',
        apiBase: base,
      },
    });
    // A PayPal top-up whose capture PayPal answered PENDING (the order made with PayPal's API).
    await t.app.platform.tenancy.crossAccount('payments', (tx) =>
      tx
        .insertInto('payments')
        .values({
          account_no: 30001,
          purpose: 'topup',
          invoice_id: null,
          amount_pence: 2000,
          description: 'PayPal top-up £20.00',
          provider: 'paypal',
          method: 'paypal',
          provider_id: 'ORDER-REAL-1',
          client_secret: 'paypal_test_real_1',
          status: 'processing',
          created_by: null,
        })
        .execute(),
    );
  });
  afterAll(async () => {
    await t?.close();
    await paypal.stop();
  });

  // PayPal's own event (its spacing kept: the verification sends it back byte for byte).
  const completed = `{"id":"WH-58D329510W468432D-8HN650336L201105X","event_version":"1.0","create_time":"2026-11-23T10:00:00.000Z","resource_type":"capture","event_type":"PAYMENT.CAPTURE.COMPLETED","summary":"Payment completed for GBP 20.0 GBP", "resource":{"id":"CAPTURE-1","status":"COMPLETED","amount":{"currency_code":"GBP","value":"20.00"},"final_capture":true,"supplementary_data":{"related_ids":{"order_id":"ORDER-REAL-1"}}}}`;
  const headers = (sig: string) => ({
    'paypal-transmission-id': '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
    'paypal-transmission-time': '2026-11-23T10:00:01Z',
    'paypal-transmission-sig': sig,
    'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77',
    'paypal-auth-algo': 'SHA256withRSA',
  });
  const verifications = () => paypal.requests.filter((r) => r.url === '/v1/notifications/verify-webhook-signature');

  it('refuses what PayPal answers FAILURE for, with 400, and changes nothing', async () => {
    const res = await post(t, completed, headers('forged-signature'));
    expect(res.statusCode).toBe(400);
    expect(json<Reply>(res).message).toBe(PAYMENT_MESSAGES.badSignature);
    expect(await paymentOf(t, 'ORDER-REAL-1')).toMatchObject({ status: 'processing', settled_at: null });
    // Headers missing: refused without asking PayPal.
    const asked = verifications().length;
    const bare = await post(t, completed, {});
    expect(bare.statusCode).toBe(400);
    expect(verifications()).toHaveLength(asked);
  });

  it('asks PayPal with the app’s token, the transmission headers, the webhook id and the event as received', async () => {
    const before = await balanceOf(t, 30001);
    const res = await post(t, completed, headers('good-signature'));
    expect(res.statusCode, res.body).toBe(200);
    expect(await webhookOutcome(t, res)).toBe('applied');
    expect(await balanceOf(t, 30001)).toBe(before + 2000);
    expect(await paymentOf(t, 'ORDER-REAL-1')).toMatchObject({ status: 'succeeded' });

    const token = paypal.requests.filter((r) => r.url === '/v1/oauth2/token');
    // One token, reused for every call while it is good.
    expect(token).toHaveLength(1);
    expect(token[0]?.authorization).toBe(`Basic ${Buffer.from('client-id:client-secret').toString('base64')}`);
    const last = verifications().at(-1);
    expect(last?.authorization).toBe('Bearer A21AA-token');
    expect(JSON.parse(last?.body ?? '{}')).toEqual({
      auth_algo: 'SHA256withRSA',
      cert_url: 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77',
      transmission_id: '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
      transmission_sig: 'good-signature',
      transmission_time: '2026-11-23T10:00:01Z',
      webhook_id: 'WH-APP-1',
      webhook_event: JSON.parse(completed),
    });
    // The event byte for byte (its odd space kept).
    expect(last?.body).toContain(`"webhook_event":${completed}}`);

    // Delivered again by PayPal: verified again, credited nothing.
    expect(await webhookOutcome(t, await post(t, completed, headers('good-signature')))).toBe('duplicate');
    expect(await balanceOf(t, 30001)).toBe(before + 2000);
  });

  it('finds a refund’s order through its capture, with PayPal', async () => {
    const before = await balanceOf(t, 30001);
    const refund = JSON.stringify({
      id: 'WH-REFUND-REAL',
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource_type: 'refund',
      resource: {
        id: 'REFUND-1',
        status: 'COMPLETED',
        amount: { currency_code: 'GBP', value: '20.00' },
        links: [
          { href: `${base}/v2/payments/refunds/REFUND-1`, rel: 'self', method: 'GET' },
          { href: `${base}/v2/payments/captures/CAPTURE-1`, rel: 'up', method: 'GET' },
        ],
      },
    });
    const res = await post(t, refund, headers('good-signature'));
    expect(await webhookOutcome(t, res), res.body).toBe('applied');
    expect(paypal.requests.some((r) => r.method === 'GET' && r.url === '/v2/payments/captures/CAPTURE-1')).toBe(true);
    expect(await balanceOf(t, 30001)).toBe(before - 2000);
  });

  it('answers 502 while PayPal cannot verify (PayPal delivers it again later), changing nothing', async () => {
    const before = await balanceOf(t, 30001);
    paypal.setVerifyStatus(503);
    try {
      const res = await post(t, completed, headers('good-signature'));
      expect(res.statusCode).toBe(502);
      expect(json<Reply>(res).message).toBe(PAYMENT_MESSAGES.paypalUnavailable);
    } finally {
      paypal.setVerifyStatus(200);
    }
    expect(await balanceOf(t, 30001)).toBe(before);
  });

  it('verifies nothing without a webhook id, or when PayPal cannot be reached', async () => {
    const noId = new PayPalOrders({ clientId: 'client-id', clientSecret: 'client-secret', live: false, apiBase: base });
    const asked = paypal.requests.length;
    expect(await noId.verifyWebhook(headers('good-signature'), completed)).toBe(false);
    expect(paypal.requests).toHaveLength(asked);
    const withId = new PayPalOrders({
      clientId: 'client-id',
      clientSecret: 'client-secret',
      live: false,
      webhookId: 'WH-APP-1',
      apiBase: base,
    });
    expect(await withId.verifyWebhook(headers('good-signature'), completed)).toBe(true);
    expect(await withId.verifyWebhook(headers('good-signature'), 'not json')).toBe(false);
    expect(await withId.orderOfCapture('CAPTURE-1')).toBe('ORDER-REAL-1');
    expect(await withId.orderOfCapture('CAPTURE-UNKNOWN')).toBeNull();
    const wrongSecret = new PayPalOrders({
      clientId: 'client-id',
      clientSecret: 'wrong',
      live: false,
      webhookId: 'WH-APP-1',
      apiBase: base,
    });
    await expect(wrongSecret.verifyWebhook(headers('good-signature'), completed)).rejects.toThrow(/token/);
    const unreachable = new PayPalOrders({
      clientId: 'client-id',
      clientSecret: 'client-secret',
      live: false,
      webhookId: 'WH-APP-1',
      apiBase: 'http://127.0.0.1:1',
    });
    await expect(unreachable.verifyWebhook(headers('good-signature'), completed)).rejects.toThrow(/reached/);
  });
});
