import { FEATURES, MASK, PAYMENT_MESSAGES } from '@switchboard/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoInvoices } from '../../demo/invoices.ts';
import { postToLedger, processAutoTopUps, processInvoiceAutoPay } from '../../modules/billing/index.ts';
import { decideCard, type SandboxPayments, signPayload } from '../../providers/payments/payments.ts';
import { addUser, balanceOf, createTestContext, json, type TestContext } from '../../test/harness.ts';
import { webhookOutcome } from '../../test/webhooks.ts';

let t: TestContext;
let prepay: Record<string, string>;
let retail: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  prepay = await t.login('prepay');
  retail = await t.login('retail');
});
afterAll(async () => t?.close());

type Reply = { success?: boolean; message: string; clientSecret?: string; validation?: Record<string, string> };
type Confirm = { status: string; error?: string; redirect?: string };

const topUps = async (accountNo: number) =>
  t.database.db
    .selectFrom('ledger_entries')
    .select(['amount_pence', 'reference'])
    .where('account_no', '=', accountNo)
    .where('kind', '=', 'top-up')
    .execute();

const CARD = { expiry: '12 / 34', cvc: '123', postcode: 'B1 1AA' };
const startTopUp = async (amount = 20, extra: object = {}) => {
  const res = await t.api('POST', '/account/30001/topup', prepay, { amount, autoTopup: false, threshold: 2, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return json<Reply>(res).clientSecret as string;
};
const confirm = (clientSecret: string, number: string, headers = prepay) =>
  t.api('POST', '/payments/sandbox/confirm', headers, { clientSecret, number, ...CARD });

describe('the sandbox card (Stripe test cards)', () => {
  it('answers each test card as Stripe does, and checks the card form', () => {
    const card = (number: string, more: object = {}) =>
      decideCard({ number, ...CARD, ...more }, new Date('2026-11-23'));
    expect(card('4242 4242 4242 4242')).toEqual({ outcome: 'succeeded' });
    expect(card('4000 0000 0000 0002')).toEqual({ outcome: 'declined', message: PAYMENT_MESSAGES.declined });
    expect(card('4000 0000 0000 9995')).toEqual({ outcome: 'declined', message: PAYMENT_MESSAGES.insufficientFunds });
    expect(card('4000 0025 0000 3155')).toEqual({ outcome: 'requires_action' });
    expect(card('4242 4242 4242 4241')).toMatchObject({ outcome: 'invalid', field: 'number' });
    expect(card('4242424242424242', { expiry: '10/26' })).toMatchObject({
      outcome: 'invalid',
      message: PAYMENT_MESSAGES.expired,
    });
    expect(card('4242424242424242', { expiry: '13/30' })).toMatchObject({ field: 'expiry' });
    expect(card('4242424242424242', { cvc: '12' })).toMatchObject({ field: 'cvc' });
  });
});

describe('top-up by card', () => {
  it('credits the ledger once the signed confirmation arrives, and returns with redirect_status=succeeded', async () => {
    const before = await balanceOf(t, 30001);
    const secret = await startTopUp(20);
    // Creating the payment moves no money.
    expect(await balanceOf(t, 30001)).toBe(before);
    const res = await confirm(secret, '4242 4242 4242 4242');
    expect(res.statusCode, res.body).toBe(200);
    const reply = json<Confirm>(res);
    expect(reply.status).toBe('succeeded');
    expect(reply.redirect).toMatch(/^\/account-transaction\?payment_intent=pi_sb_.*&redirect_status=succeeded$/);
    expect(await balanceOf(t, 30001)).toBe(before + 2000);
    // A second confirmation of the same payment is refused; nothing more is credited.
    expect((await confirm(secret, '4242424242424242')).statusCode).toBe(409);
    expect(await balanceOf(t, 30001)).toBe(before + 2000);
    const summary = json<{ status: string; amountPence: number }>(await t.api('GET', `/payments/${secret}`, prepay));
    expect(summary).toMatchObject({ status: 'succeeded', amountPence: 2000 });
  });

  it('credits nothing for a declined card or insufficient funds, and tells the account', async () => {
    const before = await balanceOf(t, 30001);
    for (const [number, message] of [
      ['4000000000000002', PAYMENT_MESSAGES.declined],
      ['4000000000009995', PAYMENT_MESSAGES.insufficientFunds],
    ] as const) {
      const secret = await startTopUp(30);
      const reply = json<Confirm>(await confirm(secret, number));
      expect(reply).toEqual({ status: 'requires_payment_method', error: message });
    }
    expect(await balanceOf(t, 30001)).toBe(before);
    const notes = json<{ records: { notification_title: string; notification_message: string }[] }>(
      await t.api('GET', '/notifications', prepay),
    ).records.filter((n) => n.notification_title === 'Payment failed: £30.00');
    expect(notes).toHaveLength(2);
    expect(notes.some((n) => n.notification_message.includes(PAYMENT_MESSAGES.insufficientFunds))).toBe(true);
    const mails = await t.database.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('account_no', '=', 30001)
      .where('template', '=', 'payment-failed')
      .execute();
    expect(mails.length).toBe(2);
    // A declined card may be replaced by another: the same payment then succeeds.
    const secret = await startTopUp(40);
    expect(json<Confirm>(await confirm(secret, '4000000000000002')).status).toBe('requires_payment_method');
    expect(json<Confirm>(await confirm(secret, '4242424242424242')).status).toBe('succeeded');
    expect(await balanceOf(t, 30001)).toBe(before + 4000);
  });

  it('needs the confirmation step for 4000 0025 0000 3155: approved credits, failed does not', async () => {
    const before = await balanceOf(t, 30001);
    const approved = await startTopUp(50);
    expect(json<Confirm>(await confirm(approved, '4000002500003155')).status).toBe('requires_action');
    expect(await balanceOf(t, 30001)).toBe(before);
    const ok = json<Confirm>(
      await t.api('POST', '/payments/sandbox/authenticate', prepay, { clientSecret: approved, approve: true }),
    );
    expect(ok.redirect).toMatch(/redirect_status=succeeded$/);
    expect(await balanceOf(t, 30001)).toBe(before + 5000);

    const failed = await startTopUp(50);
    await confirm(failed, '4000002500003155');
    const no = json<Confirm>(
      await t.api('POST', '/payments/sandbox/authenticate', prepay, { clientSecret: failed, approve: false }),
    );
    expect(no).toMatchObject({ status: 'requires_payment_method', error: PAYMENT_MESSAGES.authenticationFailed });
    expect(no.redirect).toMatch(/redirect_status=requires_payment_method$/);
    expect(await balanceOf(t, 30001)).toBe(before + 5000);
  });

  it('refuses amounts and cards the form does not allow, with their messages, creating nothing', async () => {
    const bad = await t.api('POST', '/account/30001/topup', prepay, { amount: 25 });
    expect(bad.statusCode).toBe(400);
    expect(json<Reply>(bad).validation?.amount).toBe(PAYMENT_MESSAGES.amount);
    const threshold = await t.api('POST', '/account/30001/topup', prepay, {
      amount: 20,
      autoTopup: true,
      threshold: 3,
    });
    expect(json<Reply>(threshold).validation?.threshold).toBe(PAYMENT_MESSAGES.threshold);
    const secret = await startTopUp(20);
    const invalid = await confirm(secret, '1234 5678 9012 3456');
    expect(invalid.statusCode).toBe(400);
    expect(json<Reply>(invalid).validation?.number).toBe(PAYMENT_MESSAGES.cardNumber);
  });

  it('is the prepay account’s own: another account’s number or payment is not found', async () => {
    expect((await t.api('POST', '/account/30000/topup', prepay, { amount: 20 })).statusCode).toBe(404);
    // A postpay account has no top-up (prepay read), and no auto top-up.
    const postpay = await t.api('POST', '/account/30000/topup', retail, { amount: 20 });
    expect(postpay.statusCode).toBe(403);
    expect(json<Reply>(postpay).message).toBe(PAYMENT_MESSAGES.prepayOnly);
    expect(
      json<{ autoTopupEnabled: boolean }>(await t.api('GET', '/account/30000/hasautotopup', retail)),
    ).toMatchObject({ autoTopupEnabled: false, cpv3AutoTopupEnabled: false });
    const secret = await startTopUp(20);
    expect((await confirm(secret, '4242424242424242', retail)).statusCode).toBe(404);
    expect((await t.api('GET', `/payments/${secret}`, retail)).statusCode).toBe(404);
  });
});

describe('the card page’s payment', () => {
  it('says which card form confirms it (the sandbox’s here; Stripe’s Payment Element with its key when configured)', async () => {
    const secret = await startTopUp(20);
    const res = await t.api('GET', `/payments/${secret}`, prepay);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<object>(res)).toMatchObject({
      provider: 'sandbox',
      status: 'requires_payment_method',
      amountPence: 2000,
      returnUrl: '/account-transaction',
    });
    expect(json<object>(res)).not.toHaveProperty('publishableKey');
    expect((await t.api('GET', `/payments/${secret}`, retail)).statusCode).toBe(404);
  });
});

describe('the provider’s webhook', () => {
  const sandbox = () => t.app.platform.providers.payments as SandboxPayments;
  const post = (body: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: body,
    });

  it('credits once however often the same confirmation is delivered', async () => {
    const secret = await startTopUp(100);
    const intent = secret.split('_secret_')[0] as string;
    const before = await balanceOf(t, 30001);
    const { body, signature } = sandbox().webhook(intent, 'succeeded');
    expect(await webhookOutcome(t, post(body, signature))).toBe('applied');
    expect(await webhookOutcome(t, post(body, signature))).toBe('duplicate');
    // The same news in another event (the provider's retry) is a duplicate too.
    const again = sandbox().webhook(intent, 'succeeded');
    expect(await webhookOutcome(t, post(again.body, again.signature))).toBe('duplicate');
    expect(await balanceOf(t, 30001)).toBe(before + 10000);
    expect((await topUps(30001)).filter((e) => e.reference === intent)).toHaveLength(1);
  });

  it('believes nothing without the provider’s signature over the exact body', async () => {
    const secret = await startTopUp(150);
    const intent = secret.split('_secret_')[0] as string;
    const before = await balanceOf(t, 30001);
    const { body, signature } = sandbox().webhook(intent, 'succeeded');
    const forged = signPayload('whsec_not_the_providers', body);
    for (const [b, s] of [
      [body, forged],
      [body.replace('"succeeded"', '"succeeded" '), signature],
      [body, ''],
      [body, signature.replace(/^t=\d+/, 't=1000000000')],
    ] as const) {
      const res = await post(b, s);
      expect(res.statusCode).toBe(400);
      expect(json<Reply>(res).message).toBe(PAYMENT_MESSAGES.badSignature);
    }
    expect(await balanceOf(t, 30001)).toBe(before);
    // Nothing of it was stored.
    const stored = await t.database.db
      .selectFrom('inbound_events')
      .select('payload')
      .where('provider', '=', 'stripe')
      .execute();
    expect(stored.filter((e) => JSON.stringify(e.payload).includes(intent))).toEqual([]);
  });
});

describe('paying an invoice by card', () => {
  it('pays an unpaid invoice through the signed confirmation and returns to /invoice', async () => {
    await seedDemoInvoices(t.app.platform.tenancy);
    const unpaid = await t.database.db
      .selectFrom('invoices')
      .select(['id', 'invoice_no', 'total_pence'])
      .where('account_no', '=', 30000)
      .where('status', '=', 'unpaid')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const wrong = await t.api('POST', `/invoice/${unpaid.invoice_no}/pay`, retail, { autoBill: false, amount: 1 });
    expect(wrong.statusCode).toBe(400);
    const res = await t.api('POST', `/invoice/${unpaid.invoice_no}/pay`, retail, {
      autoBill: false,
      amount: unpaid.total_pence / 100,
    });
    expect(res.statusCode, res.body).toBe(200);
    const secret = json<Reply>(res).clientSecret as string;
    const reply = json<Confirm>(await confirm(secret, '4242424242424242', retail));
    expect(reply.redirect).toMatch(/^\/invoice\?.*redirect_status=succeeded$/);
    const paid = await t.database.db
      .selectFrom('invoices')
      .select(['status', 'paid_reference'])
      .where('id', '=', unpaid.id)
      .executeTakeFirstOrThrow();
    expect(paid).toEqual({ status: 'paid', paid_reference: secret.split('_secret_')[0] });
    // Paid: it cannot be paid again.
    const again = await t.api('POST', `/invoice/${unpaid.invoice_no}/pay`, retail, {
      autoBill: false,
      amount: unpaid.total_pence / 100,
    });
    expect(again.statusCode).toBe(409);
    // Another account's invoice is not found.
    expect(
      (await t.api('POST', `/invoice/${unpaid.invoice_no}/pay`, prepay, { autoBill: false, amount: 1 })).statusCode,
    ).toBeGreaterThanOrEqual(403);
  });
});

describe('auto top-up', () => {
  const post = (amountPence: number) =>
    t.app.platform.tenancy.crossAccount('billing', (tx) =>
      postToLedger(tx, { accountNo: 30001, kind: 'charge', amountPence, description: 'Calls' }),
    );
  const autoCredits = async () =>
    (
      await t.database.db
        .selectFrom('ledger_entries')
        .select('id')
        .where('account_no', '=', 30001)
        .where('description', 'like', 'Auto top-up%')
        .execute()
    ).length;

  it('is saved by a card top-up with autoTopup, and charges the saved card once when a debit crosses the threshold', async () => {
    const secret = await startTopUp(20, { autoTopup: true, threshold: 5 });
    expect(json<Confirm>(await confirm(secret, '4242424242424242')).status).toBe('succeeded');
    expect(json<object>(await t.api('GET', '/account/30001/hasautotopup', prepay))).toEqual({
      autoTopupEnabled: true,
      cpv3AutoTopupEnabled: true,
      autoTopUpAmount: 20,
      autoTopUpThreshold: 5,
    });
    // The balance to £10, then twenty debits of £1 at once: it crosses £5 once.
    await post(1000 - (await balanceOf(t, 30001)));
    const before = await autoCredits();
    await Promise.all(Array.from({ length: 20 }, () => post(-100)));
    expect(await balanceOf(t, 30001)).toBe(-1000);
    expect(await processAutoTopUps(t.app.platform)).toBe(1);
    expect(await processAutoTopUps(t.app.platform)).toBe(0);
    expect(await autoCredits()).toBe(before + 1);
    expect(await balanceOf(t, 30001)).toBe(1000);
    // Below the threshold already: further debits queue nothing until it is crossed again.
    await post(-100);
    expect(await processAutoTopUps(t.app.platform)).toBe(0);

    // Disabled: a crossing charges nothing.
    const off = await t.api('PUT', '/account/30001/topup', prepay, { enabled: false, threshold: 5 });
    expect(json<Reply>(off).message).toBe('Auto top-up disabled');
    await post(1000 - (await balanceOf(t, 30001)));
    await post(-600);
    expect(await processAutoTopUps(t.app.platform)).toBe(0);
    expect(await autoCredits()).toBe(before + 1);

    // A save that names no threshold keeps the saved one (never the £2 default); one that does, changes it.
    expect(json<Reply>(await t.api('PUT', '/account/30001/topup', prepay, { enabled: true })).message).toBe(
      'Auto top-up updated',
    );
    expect(json<object>(await t.api('GET', '/account/30001/hasautotopup', prepay))).toMatchObject({
      autoTopupEnabled: true,
      autoTopUpThreshold: 5,
    });
    await t.api('PUT', '/account/30001/topup', prepay, { enabled: false, threshold: 10 });
    await t.api('PUT', '/account/30001/topup', prepay, { enabled: false });
    expect(json<object>(await t.api('GET', '/account/30001/hasautotopup', prepay))).toMatchObject({
      autoTopupEnabled: false,
      autoTopUpThreshold: 10,
    });
  });
});

describe('top-up with PayPal (the sandbox PayPal)', () => {
  type Order = { orderId: string; provider: string; message: string };
  const order = async (amount = 30, headers = prepay) => {
    const res = await t.api('POST', '/account/30001/paypal/order', headers, { amount });
    expect(res.statusCode, res.body).toBe(200);
    return json<Order>(res);
  };
  const approve = (orderId: string, approve = true, funding = 'balance', headers = prepay) =>
    t.api('POST', '/payments/paypal/sandbox/approve', headers, { orderId, approve, funding });
  const capture = (orderId: string, headers = prepay) =>
    t.api('POST', `/account/30001/paypal/order/${orderId}/capture`, headers);

  it('credits the balance only once the buyer approved and the capture completed, however often it is captured', async () => {
    const before = await balanceOf(t, 30001);
    const { orderId, provider } = await order(30);
    expect(provider).toBe('sandbox');
    expect(orderId).toMatch(/^PAYPAL-SB-/);
    // Not approved yet: PayPal refuses the capture, nothing moves.
    const early = await capture(orderId);
    expect(early.statusCode).toBe(409);
    expect(json<Reply>(early).message).toBe(PAYMENT_MESSAGES.paypalNotApproved);
    expect(await balanceOf(t, 30001)).toBe(before);

    expect(json<object>(await approve(orderId))).toEqual({ status: 'APPROVED' });
    const done = await capture(orderId);
    expect(done.statusCode, done.body).toBe(200);
    expect(json<Reply>(done).message).toBe(PAYMENT_MESSAGES.paypalSucceeded('£30.00'));
    expect(await balanceOf(t, 30001)).toBe(before + 3000);
    // Captured again (a retry, a second tab, two at once): the same capture, credited once.
    const again = await Promise.all([capture(orderId), capture(orderId)]);
    expect(again.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await balanceOf(t, 30001)).toBe(before + 3000);
    const credits = (await topUps(30001)).filter((e) => e.reference === orderId);
    expect(credits).toEqual([{ amount_pence: 3000, reference: orderId }]);
    // A completed order's window does not open again.
    expect((await approve(orderId)).statusCode).toBe(409);
  });

  it('a declined funding source credits nothing, tells the account, and the buyer may approve again', async () => {
    const before = await balanceOf(t, 30001);
    const { orderId } = await order(20);
    await approve(orderId, true, 'declinedCard');
    const declined = await capture(orderId);
    expect(declined.statusCode).toBe(402);
    expect(json<Reply>(declined).message).toBe(PAYMENT_MESSAGES.paypalDeclined);
    expect(await balanceOf(t, 30001)).toBe(before);
    const note = await t.database.db
      .selectFrom('notifications')
      .select('title')
      .where('account_no', '=', 30001)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(note.title).toBe('Payment failed: £20.00');
    // PayPal sends the buyer back to choose another way to pay: approved from the balance, it completes.
    expect((await capture(orderId)).statusCode).toBe(409);
    await approve(orderId, true, 'balance');
    expect((await capture(orderId)).statusCode).toBe(200);
    expect(await balanceOf(t, 30001)).toBe(before + 2000);
  });

  it('a cancelled order cannot be captured', async () => {
    const { orderId } = await order(20);
    expect(json<object>(await approve(orderId, false))).toEqual({ status: 'VOIDED' });
    expect((await capture(orderId)).statusCode).toBe(409);
  });

  it('is the account’s own: another account’s order is not found, and amounts are the spec’s', async () => {
    const { orderId } = await order(20);
    const other = await t.api('POST', '/payments/paypal/sandbox/approve', retail, { orderId, approve: true });
    expect(other.statusCode).toBe(404);
    expect((await t.api('POST', `/account/30000/paypal/order/${orderId}/capture`, retail)).statusCode).toBe(404);
    const odd = await t.api('POST', '/account/30001/paypal/order', prepay, { amount: 25 });
    expect(odd.statusCode).toBe(400);
    expect(odd.body).toContain(PAYMENT_MESSAGES.amount);
    // A postpay account has nothing to top up.
    const postpay = await t.api('POST', '/account/30000/paypal/order', retail, { amount: 20 });
    expect(postpay.statusCode).toBe(403);
  });

  it('needs paypal create (spec 1 §6: the Paypal top-up option requires paypal create)', async () => {
    await addUser(t.database.db, {
      username: 'nopaypal',
      accountNo: 30001,
      grants: [
        [FEATURES.account, MASK.all],
        [FEATURES.prepay, MASK.all],
      ],
    });
    const headers = await t.login('nopaypal');
    expect((await t.api('POST', '/account/30001/paypal/order', headers, { amount: 20 })).statusCode).toBe(403);
    // With paypal create the same user may.
    await addUser(t.database.db, {
      username: 'withpaypal',
      accountNo: 30001,
      grants: [
        [FEATURES.account, MASK.all],
        [FEATURES.prepay, MASK.all],
        [FEATURES.paypal, MASK.all],
      ],
    });
    const allowed = await t.login('withpaypal');
    expect((await t.api('POST', '/account/30001/paypal/order', allowed, { amount: 20 })).statusCode).toBe(200);
  });
});

describe('invoice auto-pay (autoBill)', () => {
  const statusOf = async (id: number) =>
    (await t.database.db.selectFrom('invoices').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const dayAfter = (date: string, days: number) => {
    const d = new Date(`${date}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  };
  /** A new unpaid invoice of 30000 for a later month (a copy of one of its invoices' amounts). */
  const newInvoice = async (month: number, dated?: string) => {
    const period = `2099-${String(month).padStart(2, '0')}`;
    const date = dated ?? `${period}-28`;
    const { rows } = await sql<{ id: number; date: string }>`insert into invoices (account_no, provider_account_no,
        seq, invoice_no, period, period_start, period_end, invoice_date, due_date, subtotal_pence, vat_pence, total_pence)
      select account_no, provider_account_no, ${9000 + month}, ${`INV-AUTO-${month}`}, ${period},
        ${`${period}-01`}::date, ${`${period}-28`}::date, ${date}::date, ${date}::date + 14,
        subtotal_pence, vat_pence, total_pence
      from invoices where account_no = 30000 order by id limit 1
      returning id, to_char(invoice_date, 'YYYY-MM-DD') as date`.execute(t.database.db);
    const invoice = rows[0];
    if (!invoice) throw new Error('no invoice to copy');
    return invoice;
  };

  it('saves the card of an invoice paid with autoBill, then pays later invoices three days after their date, once', async () => {
    await seedDemoInvoices(t.app.platform.tenancy);
    const off = json<{ enabled: boolean; last4: string }>(await t.api('GET', '/payments/invoice-autopay', retail));
    expect(off).toEqual({ enabled: false, last4: '' });
    const overdue = await t.database.db
      .selectFrom('invoices')
      .select(['id', 'invoice_no', 'total_pence'])
      .where('account_no', '=', 30000)
      .where('status', '=', 'unpaid')
      .orderBy('invoice_date')
      .executeTakeFirstOrThrow();
    const res = await t.api('POST', `/invoice/${overdue.invoice_no}/pay`, retail, {
      autoBill: true,
      amount: overdue.total_pence / 100,
    });
    const secret = json<Reply>(res).clientSecret as string;
    expect(json<Confirm>(await confirm(secret, '4242424242424242', retail)).status).toBe('succeeded');
    expect(json<object>(await t.api('GET', '/payments/invoice-autopay', retail))).toEqual({
      enabled: true,
      last4: '4242',
    });
    // An invoice dated before auto-pay began is left to its owner.
    const older = await newInvoice(1, '2000-01-01');
    expect(await processInvoiceAutoPay(t.app.platform, '2100-01-01')).toBe(0);
    expect(await statusOf(older.id)).toBe('unpaid');

    // A later invoice: not on its second day, paid on its third.
    const next = await newInvoice(2);
    expect(await processInvoiceAutoPay(t.app.platform, dayAfter(next.date, 2))).toBe(0);
    expect(await statusOf(next.id)).toBe('unpaid');
    expect(await processInvoiceAutoPay(t.app.platform, dayAfter(next.date, 3))).toBe(1);
    expect(await statusOf(next.id)).toBe('paid');
    // Run again, twice at once (another process, a restart): nothing is charged twice.
    const payments = async () =>
      (
        await t.database.db
          .selectFrom('payments')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('invoice_id', '=', next.id)
          .executeTakeFirstOrThrow()
      ).n;
    const before = await payments();
    expect(await Promise.all([1, 2].map(() => processInvoiceAutoPay(t.app.platform, dayAfter(next.date, 9))))).toEqual([
      0, 0,
    ]);
    expect(await payments()).toBe(before);
  });

  it('a declined saved card leaves the invoice unpaid and tells the account; turned off, nothing is charged', async () => {
    await t.database.db
      .updateTable('payments')
      .set({ card_last4: '0002' })
      .where('id', '=', (eb) => eb.selectFrom('invoice_auto_pay').select('payment_id').where('account_no', '=', 30000))
      .execute();
    const unpaid = await newInvoice(3);
    expect(await processInvoiceAutoPay(t.app.platform, dayAfter(unpaid.date, 3))).toBe(1);
    expect(await statusOf(unpaid.id)).toBe('unpaid');
    const charge = await t.database.db
      .selectFrom('invoice_auto_charges')
      .select(['state'])
      .where('invoice_id', '=', unpaid.id)
      .executeTakeFirstOrThrow();
    expect(charge.state).toBe('charged');
    const note = await t.database.db
      .selectFrom('notifications')
      .select('title')
      .where('account_no', '=', 30000)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(note.title).toMatch(/^Payment failed: £/);
    // Not charged again by itself: the account pays it by hand.
    expect(await processInvoiceAutoPay(t.app.platform, dayAfter(unpaid.date, 10))).toBe(0);

    // The read-only viewer may not turn it off; the holder may.
    const viewer = await t.login('viewer');
    expect((await t.api('DELETE', '/payments/invoice-autopay', viewer)).statusCode).toBe(403);
    const stop = await t.api('DELETE', '/payments/invoice-autopay', retail);
    expect(json<Reply>(stop).message).toBe(PAYMENT_MESSAGES.autoPayStopped);
    expect((await t.api('DELETE', '/payments/invoice-autopay', retail)).statusCode).toBe(404);
    expect(json<object>(await t.api('GET', '/payments/invoice-autopay', retail))).toMatchObject({ enabled: false });
    const later = await newInvoice(4);
    expect(await processInvoiceAutoPay(t.app.platform, dayAfter(later.date, 3))).toBe(0);
    expect(await statusOf(later.id)).toBe('unpaid');
  });
});
