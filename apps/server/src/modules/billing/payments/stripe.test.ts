/**
 * Card payments with Stripe configured (issue 13): the app's Stripe client talks to a small local
 * server answering like Stripe's API (config `stripe.apiBase`, STRIPE_API_BASE), which records
 * every request; Stripe's webhooks are signed with Stripe's scheme (`signPayload`).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PAYMENT_MESSAGES } from '@switchboard/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoInvoices } from '../../../demo/invoices.ts';
import { applyDueWebhooks } from '../../../platform/webhooks.ts';
import {
  ChargeRefusedError,
  declineText,
  NO_SAVED_CARD,
  OFF_SESSION_KEY,
  SandboxPayments,
  signPayload,
} from '../../../providers/payments/payments.ts';
import { balanceOf, createTestContext, json, type TestContext } from '../../../test/harness.ts';
import { webhookOutcome } from '../../../test/webhooks.ts';
import { postToLedger } from '../ledger.ts';
import { processAutoTopUps, processInvoiceAutoPay, resumeOffSessionCharges } from './off-session.ts';

const WEBHOOK_SECRET = 'whsec_test_switchboard';

// ---- A server answering like Stripe's API ----

interface Recorded {
  method: string;
  path: string;
  body: Record<string, string>;
  idempotencyKey: string;
  authorization: string;
}

type IntentJson = Record<string, unknown> & { id: string };

/** The saved test payment methods: their cards, and how an off-session charge of them ends. */
const METHODS: Record<string, { last4: string; decline?: { code: string; decline_code?: string; message: string } }> = {
  pm_card_visa: { last4: '4242' },
  pm_card_mastercard: { last4: '4444' },
  pm_card_visa_chargeDeclinedInsufficientFunds: {
    last4: '9995',
    decline: {
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
  pm_card_authenticationRequired: {
    last4: '3155',
    decline: {
      code: 'authentication_required',
      message: 'Your card was declined. This transaction requires authentication.',
    },
  },
};

class FakeStripe {
  readonly requests: Recorded[] = [];
  /** Stripe's idempotency: a key answers its first response again. */
  readonly #replies = new Map<string, { status: number; body: unknown }>();
  readonly customers: string[] = [];
  readonly intents = new Map<string, IntentJson>();
  /** Before answering the next off-session charge (e.g. Stripe's webhook arriving first). */
  beforeCharge: ((intent: IntentJson) => Promise<void>) | null = null;
  /** The next off-session charge is made, but its answer is lost (a 500). */
  loseNextAnswer = false;
  /** Creating intents fails (Stripe unavailable). */
  down = false;
  /** Payment-method look-ups that fail next. */
  failLookups = 0;
  readonly #server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    req.on('end', () => {
      this.#handle(req, raw)
        .then(({ status, body, headers }) => {
          res.writeHead(status, { 'content-type': 'application/json', ...headers });
          res.end(JSON.stringify(body));
        })
        .catch((error: unknown) => {
          res.writeHead(500, { 'content-type': 'application/json', 'stripe-should-retry': 'false' });
          res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
        });
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }
  stop(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
  /** The off-session charges asked for (confirm + off_session). */
  charges(): Recorded[] {
    return this.requests.filter((r) => r.path === '/v1/payment_intents' && r.body.off_session === 'true');
  }

  async #handle(
    req: http.IncomingMessage,
    raw: string,
  ): Promise<{ status: number; body: unknown; headers?: Record<string, string> }> {
    const body = Object.fromEntries(new URLSearchParams(raw));
    const path = (req.url ?? '').split('?')[0] ?? '';
    const idempotencyKey = String(req.headers['idempotency-key'] ?? '');
    this.requests.push({
      method: req.method ?? '',
      path,
      body,
      idempotencyKey,
      authorization: String(req.headers.authorization ?? ''),
    });
    if (req.method === 'GET' && path.startsWith('/v1/payment_methods/')) {
      if (this.failLookups > 0) {
        this.failLookups--;
        return {
          status: 500,
          body: { error: { type: 'api_error', message: 'unavailable' } },
          headers: { 'stripe-should-retry': 'false' },
        };
      }
      const id = path.slice('/v1/payment_methods/'.length);
      const method = METHODS[id];
      if (!method)
        return { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such PaymentMethod' } } };
      return {
        status: 200,
        body: { id, object: 'payment_method', type: 'card', card: { brand: 'visa', last4: method.last4 } },
      };
    }
    if (req.method !== 'POST') return { status: 404, body: { error: { type: 'invalid_request_error' } } };
    const replayed = idempotencyKey ? this.#replies.get(idempotencyKey) : undefined;
    if (replayed) return { ...replayed, headers: { 'idempotent-replayed': 'true' } };
    const answer = await this.#create(path, body);
    if (idempotencyKey) this.#replies.set(idempotencyKey, answer);
    if (path === '/v1/payment_intents' && body.off_session === 'true' && this.loseNextAnswer) {
      // Stripe made the charge; its answer never reached us.
      this.loseNextAnswer = false;
      return {
        status: 500,
        body: { error: { type: 'api_error', message: 'connection reset' } },
        headers: { 'stripe-should-retry': 'false' },
      };
    }
    return answer;
  }

  async #create(path: string, body: Record<string, string>): Promise<{ status: number; body: unknown }> {
    const metadata = Object.fromEntries(
      Object.entries(body)
        .filter(([k]) => k.startsWith('metadata['))
        .map(([k, v]) => [k.slice('metadata['.length, -1), v]),
    );
    if (path === '/v1/customers') {
      const id = `cus_test_${this.customers.length + 1}`;
      this.customers.push(id);
      return {
        status: 200,
        body: { id, object: 'customer', email: body.email ?? null, name: body.name ?? null, metadata },
      };
    }
    if (path !== '/v1/payment_intents') return { status: 404, body: { error: { type: 'invalid_request_error' } } };
    if (this.down) return { status: 500, body: { error: { type: 'api_error', message: 'Stripe is unavailable' } } };
    const id = `pi_test_${crypto.randomBytes(8).toString('hex')}`;
    const intent: IntentJson = {
      id,
      object: 'payment_intent',
      amount: Number(body.amount),
      currency: body.currency,
      client_secret: `${id}_secret_${crypto.randomBytes(8).toString('hex')}`,
      customer: body.customer ?? null,
      payment_method: body.payment_method ?? null,
      setup_future_usage: body.setup_future_usage ?? null,
      metadata,
      status: 'requires_payment_method',
      last_payment_error: null,
    };
    if (body.confirm === 'true' && body.off_session === 'true') {
      const decline = METHODS[String(body.payment_method)]?.decline;
      if (decline) {
        const failed = { ...intent, last_payment_error: { type: 'card_error', ...decline } };
        this.intents.set(id, failed);
        if (this.beforeCharge) await this.#before(failed);
        return { status: 402, body: { error: { type: 'card_error', ...decline, payment_intent: failed } } };
      }
      const succeeded = { ...intent, status: 'succeeded' };
      this.intents.set(id, succeeded);
      if (this.beforeCharge) await this.#before(succeeded);
      return { status: 200, body: succeeded };
    }
    this.intents.set(id, intent);
    return { status: 200, body: intent };
  }

  async #before(intent: IntentJson) {
    const hook = this.beforeCharge;
    this.beforeCharge = null;
    await hook?.(intent);
  }
}

// ---- The app with Stripe configured ----

const stripe = new FakeStripe();
let t: TestContext;
let prepay: Record<string, string>;
let retail: Record<string, string>;

beforeAll(async () => {
  const apiBase = await stripe.start();
  t = await createTestContext({
    stripe: {
      secretKey: 'sk_test_switchboard',
      publishableKey: 'pk_test_switchboard',
      webhookSecret: WEBHOOK_SECRET,
      apiBase,
    },
  });
  prepay = await t.login('prepay');
  retail = await t.login('retail');
});
afterAll(async () => {
  await t?.close();
  await stripe.stop();
});

type Reply = { success?: boolean; message: string; clientSecret?: string; provider?: string };

let eventNo = 0;
/** Stripe delivering a signed event about an intent. */
const deliver = (type: string, intent: object) => {
  eventNo++;
  const body = JSON.stringify({ id: `evt_test_${eventNo}`, object: 'event', type, data: { object: intent } });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(WEBHOOK_SECRET, body) },
    payload: body,
  });
};
/** What became of a delivered event once the pipeline applied it. */
const outcomeOf = (response: ReturnType<typeof deliver>) => webhookOutcome(t, response);
/** The intent Stripe made, as it stands once the customer paid with a payment method (succeeded). */
const paid = (intentId: string, paymentMethod: string) => {
  const intent = stripe.intents.get(intentId);
  if (!intent) throw new Error(`no intent ${intentId}`);
  return { ...intent, status: 'succeeded', payment_method: paymentMethod };
};
const intentOf = (clientSecret: string) => clientSecret.split('_secret_')[0] as string;

const creditsOf = async (reference: string) =>
  t.database.db.selectFrom('ledger_entries').select('amount_pence').where('reference', '=', reference).execute();
const post = (accountNo: number, amountPence: number) =>
  t.app.platform.tenancy.crossAccount('billing', (tx) =>
    postToLedger(tx, { accountNo, kind: 'charge', amountPence, description: 'Calls' }),
  );
const paymentOf = (intentId: string) =>
  t.database.db.selectFrom('payments').selectAll().where('provider_id', '=', intentId).executeTakeFirstOrThrow();
const notifications = (accountNo: number) =>
  t.database.db
    .selectFrom('notifications')
    .select(['kind', 'title', 'message'])
    .where('account_no', '=', accountNo)
    .orderBy('id')
    .execute();
/** Takes 30001's balance to £10, then a debit of £6 crosses the £5 threshold once. */
const crossThreshold = async () => {
  await post(30001, 1000 - (await balanceOf(t, 30001)));
  await post(30001, -600);
};

const topUp = async (body: object) => {
  const res = await t.api('POST', '/account/30001/topup', prepay, body);
  expect(res.statusCode, res.body).toBe(200);
  return json<Reply>(res);
};

describe('saving a card with Stripe', () => {
  it('makes one Stripe customer per account, and a top-up with auto top-up is its intent that saves the card', async () => {
    // Two at once (two tabs): one customer, asked for with one idempotency key.
    const [a, b] = await Promise.all([
      topUp({ amount: 20, autoTopup: true, threshold: 5 }),
      topUp({ amount: 30, autoTopup: true, threshold: 5 }),
    ]);
    expect(a?.provider).toBe('stripe');
    const customerCalls = stripe.requests.filter((r) => r.path === '/v1/customers');
    expect(new Set(customerCalls.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(stripe.customers).toEqual(['cus_test_1']);
    const account = await t.database.db
      .selectFrom('accounts')
      .select(['email', 'company', 'first_name', 'surname'])
      .where('account_no', '=', 30001)
      .executeTakeFirstOrThrow();
    expect(customerCalls[0]?.body).toMatchObject({
      'metadata[accountNo]': '30001',
      name: account.company || `${account.first_name} ${account.surname}`,
      ...(account.email ? { email: account.email } : {}),
    });
    expect(customerCalls[0]?.authorization).toBe('Bearer sk_test_switchboard');
    const stored = await t.database.db.selectFrom('payment_customers').selectAll().execute();
    expect(stored.map((c) => [c.account_no, c.provider, c.customer_id])).toEqual([[30001, 'stripe', 'cus_test_1']]);

    for (const reply of [a, b]) {
      const intent = stripe.requests.find(
        (r) => r.path === '/v1/payment_intents' && r.body.amount === String(reply === a ? 2000 : 3000),
      );
      expect(intent?.body).toMatchObject({
        currency: 'gbp',
        customer: 'cus_test_1',
        setup_future_usage: 'off_session',
        'automatic_payment_methods[enabled]': 'true',
        'metadata[accountNo]': '30001',
      });
      expect(intent?.idempotencyKey).not.toBe('');
    }

    // Later top-ups use the stored customer; one without auto top-up saves nothing.
    await topUp({ amount: 40, autoTopup: true, threshold: 5 });
    const plain = await topUp({ amount: 50, autoTopup: false, threshold: 2 });
    expect(stripe.requests.filter((r) => r.path === '/v1/customers')).toHaveLength(customerCalls.length);
    const plainIntent = stripe.intents.get(intentOf(plain.clientSecret as string));
    expect(plainIntent).toMatchObject({ customer: null, setup_future_usage: null });
  });

  it('settles from Stripe’s signed webhook and records the saved payment method and its card', async () => {
    const before = await balanceOf(t, 30001);
    const { clientSecret } = await topUp({ amount: 20, autoTopup: true, threshold: 5 });
    const intentId = intentOf(clientSecret as string);
    expect(await balanceOf(t, 30001)).toBe(before);
    // A forged event credits nothing.
    const forged = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: paid(intentId, 'pm_card_visa') },
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signPayload('whsec_not_stripes', forged) },
      payload: forged,
    });
    expect(bad.statusCode).toBe(400);
    expect(await balanceOf(t, 30001)).toBe(before);

    expect(await outcomeOf(deliver('payment_intent.succeeded', paid(intentId, 'pm_card_visa')))).toBe('applied');
    expect(await balanceOf(t, 30001)).toBe(before + 2000);
    // The card's digits come from Stripe's payment method.
    expect(stripe.requests.some((r) => r.method === 'GET' && r.path === '/v1/payment_methods/pm_card_visa')).toBe(true);
    expect(await paymentOf(intentId)).toMatchObject({
      status: 'succeeded',
      customer_id: 'cus_test_1',
      payment_method_id: 'pm_card_visa',
      card_last4: '4242',
    });
    expect(json<object>(await t.api('GET', '/account/30001/hasautotopup', prepay))).toEqual({
      autoTopupEnabled: true,
      cpv3AutoTopupEnabled: true,
      autoTopUpAmount: 20,
      autoTopUpThreshold: 5,
    });
    // Stripe's retry of the event: nothing more.
    expect(await outcomeOf(deliver('payment_intent.succeeded', paid(intentId, 'pm_card_visa')))).toBe('duplicate');
    expect(await balanceOf(t, 30001)).toBe(before + 2000);
    expect(await creditsOf(intentId)).toHaveLength(1);
  });

  it('settles even when the card’s digits cannot be looked up, and takes them on the event’s retry', async () => {
    const res = await t.api('POST', `/account/30001/topup`, prepay, { amount: 30, autoTopup: false, threshold: 2 });
    const intentId = intentOf(json<Reply>(res).clientSecret as string);
    const before = await balanceOf(t, 30001);
    stripe.failLookups = 1;
    const first = await outcomeOf(deliver('payment_intent.succeeded', paid(intentId, 'pm_card_mastercard')));
    // The event is kept failed with its error, to be applied again; the money moved already, once.
    expect(first).toBe('failed');
    const kept = await t.database.db
      .selectFrom('inbound_events')
      .select(['state', 'last_error', 'attempts'])
      .where('event_id', '=', `evt_test_${eventNo}`)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ state: 'failed', attempts: 1 });
    expect(kept.last_error).toContain('card details');
    expect(await balanceOf(t, 30001)).toBe(before + 3000);
    expect(await paymentOf(intentId)).toMatchObject({ payment_method_id: 'pm_card_mastercard', card_last4: '' });
    // Its retry, once its back-off has passed: the card is recorded, nothing more is credited.
    expect(await applyDueWebhooks(t.app.platform, new Date(Date.now() + 3_600_000))).toBe(1);
    expect(await paymentOf(intentId)).toMatchObject({ card_last4: '4444' });
    expect(await balanceOf(t, 30001)).toBe(before + 3000);
  });

  it('answers a clear error, creating nothing, when Stripe cannot make the payment', async () => {
    const count = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('payments')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    stripe.down = true;
    try {
      const res = await t.api('POST', '/account/30001/topup', prepay, { amount: 20, autoTopup: false, threshold: 2 });
      expect(res.statusCode).toBe(502);
      expect(json<Reply>(res).message).toBe(PAYMENT_MESSAGES.topUpFailed);
    } finally {
      stripe.down = false;
    }
    expect(await count()).toBe(before);
  });
});

describe('auto top-up with Stripe (off-session charges of the saved card)', () => {
  beforeEach(() => {
    stripe.beforeCharge = null;
    stripe.loseNextAnswer = false;
  });

  it('charges the saved card once, off-session, when a debit crosses the threshold, and credits once', async () => {
    await post(30001, 1000 - (await balanceOf(t, 30001)));
    await Promise.all(Array.from({ length: 10 }, () => post(30001, -100)));
    expect(await balanceOf(t, 30001)).toBe(0);
    // Two workers at once (two processes): one charge.
    const handled = await Promise.all([processAutoTopUps(t.app.platform), processAutoTopUps(t.app.platform)]);
    expect(handled.reduce((x, y) => x + y, 0)).toBe(1);
    const charges = stripe.charges();
    expect(charges).toHaveLength(1);
    const charge = charges[0] as Recorded;
    expect(charge.body).toMatchObject({
      amount: '2000',
      currency: 'gbp',
      customer: 'cus_test_1',
      payment_method: 'pm_card_visa',
      off_session: 'true',
      confirm: 'true',
      'metadata[accountNo]': '30001',
      'metadata[purpose]': 'topup',
    });
    // The charge's key: Stripe's idempotency key and the intent's metadata.
    expect(charge.idempotencyKey).toMatch(/^pending_[0-9a-f]{32}$/);
    expect(charge.body[`metadata[${OFF_SESSION_KEY}]`]).toBe(charge.idempotencyKey);
    // Stripe's answer settled it: credited once, under the intent's id.
    expect(await balanceOf(t, 30001)).toBe(2000);
    const intentId = [...stripe.intents.values()].find(
      (i) => i.metadata && (i.metadata as Record<string, string>)[OFF_SESSION_KEY] === charge.idempotencyKey,
    )?.id as string;
    expect(await creditsOf(intentId)).toEqual([{ amount_pence: 2000 }]);
    expect(await paymentOf(intentId)).toMatchObject({
      status: 'succeeded',
      payment_method_id: 'pm_card_visa',
      card_last4: '4242',
    });
    const state = await t.database.db
      .selectFrom('auto_top_up_charges')
      .select(['state'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(state.state).toBe('charged');
    // Stripe's webhook of the same charge, later: a duplicate, nothing more is credited.
    const intent = stripe.intents.get(intentId) as IntentJson;
    expect(await outcomeOf(deliver('payment_intent.succeeded', intent))).toBe('duplicate');
    expect(await balanceOf(t, 30001)).toBe(2000);
    expect(await processAutoTopUps(t.app.platform)).toBe(0);
    expect(stripe.charges()).toHaveLength(1);
  });

  it('settles once when Stripe’s webhook arrives before its answer (no transaction is held meanwhile)', async () => {
    await crossThreshold();
    const before = await balanceOf(t, 30001);
    const early: string[] = [];
    stripe.beforeCharge = async (intent) => {
      early.push(await outcomeOf(deliver('payment_intent.succeeded', intent)));
    };
    expect(await processAutoTopUps(t.app.platform)).toBe(1);
    expect(early).toEqual(['applied']);
    expect(await balanceOf(t, 30001)).toBe(before + 2000);
    const last = stripe.charges().at(-1) as Recorded;
    const intentId = [...stripe.intents.values()].at(-1)?.id as string;
    expect(await creditsOf(intentId)).toHaveLength(1);
    // The API answer found it settled, and recorded the intent's client secret.
    const payment = await paymentOf(intentId);
    expect(payment.status).toBe('succeeded');
    expect(payment.client_secret).toMatch(new RegExp(`^${intentId}_secret_`));
    expect(last.idempotencyKey).toMatch(/^pending_/);
  });

  it('asks again with the same key when Stripe’s answer is lost: one charge, credited once', async () => {
    await crossThreshold();
    const before = await balanceOf(t, 30001);
    stripe.loseNextAnswer = true;
    await expect(processAutoTopUps(t.app.platform)).rejects.toThrow();
    expect(await balanceOf(t, 30001)).toBe(before);
    const first = stripe.charges().at(-1) as Recorded;
    const pending = await t.database.db
      .selectFrom('payments')
      .select(['status', 'provider_id'])
      .where('provider_id', '=', first.idempotencyKey)
      .executeTakeFirstOrThrow();
    expect(pending.status).toBe('processing');
    // Not charged again by the queue; the stale charge is asked again (a restart, the next tick).
    expect(await processAutoTopUps(t.app.platform)).toBe(0);
    expect(await resumeOffSessionCharges(t.app.platform, 60_000)).toBe(0);
    expect(await resumeOffSessionCharges(t.app.platform, 0)).toBe(1);
    const again = stripe.charges().at(-1) as Recorded;
    expect(again).not.toBe(first);
    expect(again.idempotencyKey).toBe(first.idempotencyKey);
    expect(again.body).toEqual(first.body);
    expect(await balanceOf(t, 30001)).toBe(before + 2000);
    const intents = [...stripe.intents.values()].filter(
      (i) => (i.metadata as Record<string, string>)[OFF_SESSION_KEY] === first.idempotencyKey,
    );
    expect(intents).toHaveLength(1);
    expect(await creditsOf((intents[0] as IntentJson).id)).toHaveLength(1);
    expect(await resumeOffSessionCharges(t.app.platform, 0)).toBe(0);
  });

  it('a declined off-session charge leaves the balance, and notifies once', async () => {
    await t.database.db
      .updateTable('payments')
      .set({ payment_method_id: 'pm_card_visa_chargeDeclinedInsufficientFunds', card_last4: '9995' })
      .where('id', '=', (eb) => eb.selectFrom('auto_top_ups').select('payment_id').where('account_no', '=', 30001))
      .execute();
    await crossThreshold();
    const before = await balanceOf(t, 30001);
    const notes = (await notifications(30001)).length;
    expect(await processAutoTopUps(t.app.platform)).toBe(1);
    expect(await balanceOf(t, 30001)).toBe(before);
    const charge = stripe.charges().at(-1) as Recorded;
    expect(charge.body.payment_method).toBe('pm_card_visa_chargeDeclinedInsufficientFunds');
    const intentId = [...stripe.intents.values()].at(-1)?.id as string;
    expect(await paymentOf(intentId)).toMatchObject({
      status: 'requires_payment_method',
      failure: PAYMENT_MESSAGES.insufficientFunds,
      settled_at: null,
    });
    const added = (await notifications(30001)).slice(notes);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ kind: 'payment-failed', title: 'Payment failed: £20.00' });
    expect(added[0]?.message).toContain(PAYMENT_MESSAGES.insufficientFunds);
    // Stripe's payment_failed webhook of the same decline: a duplicate, no second notice.
    const failed = stripe.intents.get(intentId) as IntentJson;
    expect(await outcomeOf(deliver('payment_intent.payment_failed', failed))).toBe('duplicate');
    expect((await notifications(30001)).length).toBe(notes + 1);
    expect(await balanceOf(t, 30001)).toBe(before);
  });

  it('a card that needs its holder fails off-session with the authentication text', async () => {
    await t.database.db
      .updateTable('payments')
      .set({ payment_method_id: 'pm_card_authenticationRequired', card_last4: '3155' })
      .where('id', '=', (eb) => eb.selectFrom('auto_top_ups').select('payment_id').where('account_no', '=', 30001))
      .execute();
    await crossThreshold();
    const before = await balanceOf(t, 30001);
    expect(await processAutoTopUps(t.app.platform)).toBe(1);
    expect(await balanceOf(t, 30001)).toBe(before);
    const intentId = [...stripe.intents.values()].at(-1)?.id as string;
    expect(await paymentOf(intentId)).toMatchObject({
      status: 'requires_payment_method',
      failure: PAYMENT_MESSAGES.authenticationFailed,
    });
  });
});

describe('off-session charges, provider by provider', () => {
  it('the sandbox answers a saved test card as Stripe does, the same key the same intent', async () => {
    const sandbox = new SandboxPayments('whsec_sb_test');
    const charge = { customerId: '', paymentMethodId: '', amountPence: 1000, description: 'x', metadata: {} };
    const first = await sandbox.chargeSaved({ ...charge, last4: '4242', idempotencyKey: 'pending_a' });
    expect(first).toMatchObject({ status: 'succeeded', failure: '' });
    expect(first.intentId).toMatch(/^pi_sb_/);
    expect(await sandbox.chargeSaved({ ...charge, last4: '4242', idempotencyKey: 'pending_a' })).toEqual(first);
    expect((await sandbox.chargeSaved({ ...charge, last4: '4242', idempotencyKey: 'pending_b' })).intentId).not.toBe(
      first.intentId,
    );
    expect(await sandbox.chargeSaved({ ...charge, last4: '9995', idempotencyKey: 'pending_c' })).toMatchObject({
      status: 'requires_payment_method',
      failure: PAYMENT_MESSAGES.insufficientFunds,
    });
    await expect(sandbox.chargeSaved({ ...charge, last4: '', idempotencyKey: 'pending_d' })).rejects.toThrow(
      ChargeRefusedError,
    );
  });

  it('maps Stripe’s decline codes to the panel’s texts', () => {
    expect(declineText('card_declined', 'insufficient_funds')).toBe(PAYMENT_MESSAGES.insufficientFunds);
    expect(declineText('authentication_required', undefined)).toBe(PAYMENT_MESSAGES.authenticationFailed);
    expect(declineText('card_declined', 'authentication_required')).toBe(PAYMENT_MESSAGES.authenticationFailed);
    expect(declineText('expired_card', undefined)).toBe(PAYMENT_MESSAGES.expired);
    expect(declineText('card_declined', 'stolen_card')).toBe(PAYMENT_MESSAGES.declined);
  });

  it('a card saved with another provider (the sandbox, before Stripe was configured) is not charged', async () => {
    await t.database.db
      .updateTable('payments')
      .set({ provider: 'sandbox', payment_method_id: 'pm_card_visa', card_last4: '4242' })
      .where('id', '=', (eb) => eb.selectFrom('auto_top_ups').select('payment_id').where('account_no', '=', 30001))
      .execute();
    await crossThreshold();
    const before = await balanceOf(t, 30001);
    const asked = stripe.charges().length;
    const notes = (await notifications(30001)).length;
    expect(await processAutoTopUps(t.app.platform)).toBe(1);
    expect(stripe.charges()).toHaveLength(asked);
    expect(await balanceOf(t, 30001)).toBe(before);
    const added = (await notifications(30001)).slice(notes);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ kind: 'payment-failed', title: 'Payment failed: £20.00' });
    expect(added[0]?.message).toContain(NO_SAVED_CARD);
  });
});

describe('invoice auto-pay with Stripe', () => {
  const statusOf = async (id: number) =>
    (await t.database.db.selectFrom('invoices').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const dayAfter = (date: string, days: number) => {
    const d = new Date(`${date}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  };
  const newInvoice = async (month: number) => {
    const period = `2099-${String(month).padStart(2, '0')}`;
    const { rows } = await sql<{ id: number; date: string; total_pence: number }>`insert into invoices (account_no,
        provider_account_no, seq, invoice_no, period, period_start, period_end, invoice_date, due_date,
        subtotal_pence, vat_pence, total_pence)
      select account_no, provider_account_no, ${9100 + month}, ${`INV-STRIPE-${month}`}, ${period},
        ${`${period}-01`}::date, ${`${period}-28`}::date, ${`${period}-28`}::date, ${`${period}-28`}::date + 14,
        subtotal_pence, vat_pence, total_pence
      from invoices where account_no = 30000 order by id limit 1
      returning id, total_pence, to_char(invoice_date, 'YYYY-MM-DD') as date`.execute(t.database.db);
    const invoice = rows[0];
    if (!invoice) throw new Error('no invoice to copy');
    return invoice;
  };

  it('saves the card of an invoice paid with autoBill, then pays a later invoice off-session once', async () => {
    await seedDemoInvoices(t.app.platform.tenancy);
    const unpaid = await t.database.db
      .selectFrom('invoices')
      .select(['id', 'invoice_no', 'total_pence'])
      .where('account_no', '=', 30000)
      .where('status', '=', 'unpaid')
      .orderBy('invoice_date')
      .executeTakeFirstOrThrow();
    const res = await t.api('POST', `/invoice/${unpaid.invoice_no}/pay`, retail, {
      autoBill: true,
      amount: unpaid.total_pence / 100,
    });
    expect(res.statusCode, res.body).toBe(200);
    const intentId = intentOf(json<Reply>(res).clientSecret as string);
    // The retail account's own customer.
    expect(stripe.customers).toEqual(['cus_test_1', 'cus_test_2']);
    expect(stripe.intents.get(intentId)).toMatchObject({ customer: 'cus_test_2', setup_future_usage: 'off_session' });
    expect(await outcomeOf(deliver('payment_intent.succeeded', paid(intentId, 'pm_card_mastercard')))).toBe('applied');
    expect(await statusOf(unpaid.id)).toBe('paid');
    expect(json<object>(await t.api('GET', '/payments/invoice-autopay', retail))).toEqual({
      enabled: true,
      last4: '4444',
    });

    const next = await newInvoice(5);
    expect(await processInvoiceAutoPay(t.app.platform, dayAfter(next.date, 2))).toBe(0);
    expect(await Promise.all([1, 2].map(() => processInvoiceAutoPay(t.app.platform, dayAfter(next.date, 3))))).toEqual(
      expect.arrayContaining([1, 0]),
    );
    expect(await statusOf(next.id)).toBe('paid');
    const charges = stripe.charges().filter((c) => c.body.customer === 'cus_test_2');
    expect(charges).toHaveLength(1);
    expect(charges[0]?.body).toMatchObject({
      amount: String(next.total_pence),
      payment_method: 'pm_card_mastercard',
      off_session: 'true',
      confirm: 'true',
      'metadata[purpose]': 'invoice',
      'metadata[invoiceId]': String(next.id),
    });
    const payment = await t.database.db
      .selectFrom('payments')
      .selectAll()
      .where('invoice_id', '=', next.id)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ status: 'succeeded', provider: 'stripe' });
    const paidInvoice = await t.database.db
      .selectFrom('invoices')
      .select('paid_reference')
      .where('id', '=', next.id)
      .executeTakeFirstOrThrow();
    expect(paidInvoice.paid_reference).toBe(payment.provider_id);
    // Stripe's webhook of it: a duplicate; later runs charge nothing more.
    const intent = stripe.intents.get(payment.provider_id) as IntentJson;
    expect(await outcomeOf(deliver('payment_intent.succeeded', intent))).toBe('duplicate');
    expect(await processInvoiceAutoPay(t.app.platform, dayAfter(next.date, 9))).toBe(0);
    expect(stripe.charges().filter((c) => c.body.customer === 'cus_test_2')).toHaveLength(1);
  });

  it('a saved invoice card Stripe does not know (none recorded) fails without asking Stripe, and notifies', async () => {
    await t.database.db
      .updateTable('payments')
      .set({ payment_method_id: '' })
      .where('id', '=', (eb) => eb.selectFrom('invoice_auto_pay').select('payment_id').where('account_no', '=', 30000))
      .execute();
    const asked = stripe.charges().length;
    const invoice = await newInvoice(6);
    const notes = (await notifications(30000)).length;
    expect(await processInvoiceAutoPay(t.app.platform, dayAfter(invoice.date, 3))).toBe(1);
    expect(await statusOf(invoice.id)).toBe('unpaid');
    expect(stripe.charges()).toHaveLength(asked);
    const added = (await notifications(30000)).slice(notes);
    expect(added).toHaveLength(1);
    expect(added[0]?.kind).toBe('payment-failed');
    expect(added[0]?.message).toContain(NO_SAVED_CARD);
  });
});
