/**
 * Sandbox providers are a choice (SANDBOX_PROVIDERS): without it, a service that is not configured
 * is unavailable — every call that needs it is refused with its text, nothing is taken, verified or
 * said to be registered — and the start-up log and the provider admins' session say which are which.
 */
import { PROVIDER_LABELS, PROVIDER_MESSAGES } from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, PROVIDER_SETTINGS } from '../config.ts';
import { seedDemoInvoices } from '../demo/invoices.ts';
import { queueMail } from '../modules/mail/mail.ts';
import { directDebitSubmit } from '../test/direct-debit-fixtures.ts';
import { createTestContext, json, type TestContext } from '../test/harness.ts';
import { providerStartupLines } from './provider-modes.ts';

type Reply = { success?: boolean; message?: string };
const ALL_LABELS = Object.values(PROVIDER_LABELS);

describe('SANDBOX_PROVIDERS', () => {
  it('defaults to sandboxes on the embedded database only, and is otherwise as set', () => {
    expect(loadConfig({}).sandboxProviders).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).sandboxProviders).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', SANDBOX_PROVIDERS: 'true' }).sandboxProviders).toBe(true);
    expect(loadConfig({ SANDBOX_PROVIDERS: 'false' }).sandboxProviders).toBe(false);
  });
});

describe('providers without configuration or sandboxes', () => {
  let t: TestContext;
  let prepay: Record<string, string>;
  let retail: Record<string, string>;
  beforeAll(async () => {
    t = await createTestContext({ sandboxProviders: false });
    prepay = await t.login('prepay');
    retail = await t.login('retail');
  });
  afterAll(async () => t?.close());

  const count = (table: 'payments' | 'identity_verifications' | 'direct_debits') =>
    t.app.platform.tenancy.crossAccount('seed', async (tx) =>
      Number(
        (
          await tx
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
  const refused = (res: { statusCode: number; json(): unknown }, message: string) => {
    expect(res.statusCode).toBe(503);
    expect((res.json() as Reply).message).toBe(message);
  };

  it('are each unavailable, logged at start as an error naming its settings, and no sandbox is announced', () => {
    const modes = t.app.platform.providerModes;
    expect(Object.values(modes).every((mode) => mode === 'unavailable')).toBe(true);
    const lines = providerStartupLines(modes, PROVIDER_SETTINGS);
    expect(lines.some((l) => l.level === 'warn')).toBe(false);
    expect(lines).toHaveLength(ALL_LABELS.length);
    const card = lines.find((l) => l.message.startsWith('Card payments'));
    expect(card?.level).toBe('error');
    expect(card?.message).toContain('STRIPE_SECRET_KEY');
    expect(card?.message).toContain(PROVIDER_MESSAGES.payments);
  });

  it('card payments: a top-up and an invoice payment are refused, nothing recorded, no test card or webhook believed', async () => {
    const before = await count('payments');
    refused(
      await t.api('POST', '/account/30001/topup', prepay, { amount: 20, autoTopup: false, threshold: 2 }),
      PROVIDER_MESSAGES.payments,
    );
    await seedDemoInvoices(t.app.platform.tenancy);
    const unpaid = await t.database.db
      .selectFrom('invoices')
      .select(['invoice_no', 'total_pence'])
      .where('account_no', '=', 30000)
      .where('status', '=', 'unpaid')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    refused(
      await t.api('POST', `/invoice/${unpaid.invoice_no}/pay`, retail, {
        autoBill: false,
        amount: unpaid.total_pence / 100,
      }),
      PROVIDER_MESSAGES.payments,
    );
    expect(await count('payments')).toBe(before);
    const card = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
    const confirm = await t.api('POST', '/payments/sandbox/confirm', prepay, {
      clientSecret: 'pi_sb_x_secret_y',
      ...card,
    });
    expect(confirm.statusCode).toBe(404);
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1' } } }),
    });
    refused(webhook, PROVIDER_MESSAGES.payments);
  });

  it('PayPal: an order is refused and nothing recorded', async () => {
    const before = await count('payments');
    refused(await t.api('POST', '/account/30001/paypal/order', prepay, { amount: 20 }), PROVIDER_MESSAGES.paypal);
    expect(await count('payments')).toBe(before);
  });

  it('Direct Debit: no mandate is made, and the bank check and address look-up are refused', async () => {
    const before = await count('direct_debits');
    refused(await t.api('POST', '/billing/directdebit', prepay, directDebitSubmit()), PROVIDER_MESSAGES.directDebit);
    expect(await count('direct_debits')).toBe(before);
    refused(
      await t.api('POST', '/billing/directdebit/bankname', prepay, { sortCode: '200000', accountNumber: '41011166' }),
      PROVIDER_MESSAGES.bank,
    );
    refused(await t.api('GET', '/address/B1%201AA/addresses', prepay), PROVIDER_MESSAGES.addresses);
  });

  it('identity: no check starts, the status says so, and no result is believed', async () => {
    const before = await count('identity_verifications');
    refused(await t.api('POST', '/create-verification-session', retail), PROVIDER_MESSAGES.identity);
    expect(await count('identity_verifications')).toBe(before);
    expect(json<{ provider: string; status: string }>(await t.api('GET', '/identity/status', retail))).toMatchObject({
      provider: 'unavailable',
      status: 'unverified',
    });
    const submit = await t.api('POST', '/identity/sandbox/submit', retail, {
      secret: 'vs_sb_x_secret_y',
      outcome: 'verified',
    });
    expect(submit.statusCode).toBe(404);
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/v1/identity/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: JSON.stringify({ id: 'evt_1', type: 'identity.verification_session.verified', data: { object: {} } }),
    });
    refused(webhook, PROVIDER_MESSAGES.identity);
  });

  it('registration look-ups, the emergency-address registry and Teams are refused', async () => {
    refused(await t.api('GET', '/ip/check/details', {}), PROVIDER_MESSAGES.geoIp);
    refused(await t.api('GET', '/account/companieshouse/00445790', {}), PROVIDER_MESSAGES.companies);
    refused(
      await t.api('POST', '/teams/admin/invitation', prepay, { email: 'it@bellahair.example', accountNo: 30001 }),
      PROVIDER_MESSAGES.teams,
    );
    expect(json(await t.api('GET', '/teams/exists/30001', prepay))).toEqual({ teamsAccountExists: false });
    const numbers = json<{ records: Array<{ id: number }> }>(await t.api('GET', '/numbering/allocated/-1/-1', retail));
    let emsRefused = false;
    for (const n of numbers.records) {
      const ems = json<{ emsNeeded: boolean; updatePending: boolean; version: number }>(
        await t.api('GET', `/numbering/allocated/${n.id}/ems`, retail),
      );
      if (!ems.emsNeeded || ems.updatePending) continue;
      const address = {
        title: 'Ms',
        forename: 'Alice',
        name: 'Acme Plumbing',
        businessSuffix: 'Ltd',
        premises: 'Unit 9',
        thoroughfare: 'Canal Street',
        locality: 'Birmingham',
        postcode: 'B1 2JR',
      };
      refused(await t.api('PUT', `/numbering/allocated/${n.id}/ems`, retail, address), PROVIDER_MESSAGES.ems);
      const after = json<{ updatePending: boolean; premises: string }>(
        await t.api('GET', `/numbering/allocated/${n.id}/ems`, retail),
      );
      expect(after.updatePending).toBe(false);
      emsRefused = true;
      break;
    }
    expect(emsRefused).toBe(true);
  });

  it('e-mail: a mail is kept pending in the outbox, neither dropped nor marked handled', async () => {
    await t.app.platform.tenancy.tenant(30001, (tx) =>
      queueMail(tx, { accountNo: 30001, template: 't', to: 'a@example.test', subject: 'Kept', text: 'x' }),
    );
    await t.app.platform.mail.drain();
    const mail = await t.app.platform.tenancy.crossAccount('seed', (tx) =>
      tx
        .selectFrom('mail_outbox')
        .select(['status', 'attempts', 'sent_at'])
        .where('subject', '=', 'Kept')
        .executeTakeFirstOrThrow(),
    );
    expect(mail).toEqual({ status: 'pending', attempts: 0, sent_at: null });
  });

  it('shows no Sandbox badge: the provider admin’s session names no sandbox', async () => {
    const admin = await t.login('admin');
    const session = json<{ status: string; sandboxProviders?: string[] }>(
      await t.api('GET', '/users/auth/session', admin),
    );
    expect(session.status).toBe('success');
    expect(session.sandboxProviders).toBeUndefined();
  });
});

describe('sandbox providers, chosen', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ sandboxProviders: true });
  });
  afterAll(async () => t?.close());

  it('are announced at start in one warning naming each sandbox', () => {
    const lines = providerStartupLines(t.app.platform.providerModes, PROVIDER_SETTINGS);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.level).toBe('warn');
    for (const label of ALL_LABELS) expect(lines[0]?.message).toContain(label);
  });

  it('are named in the session of a provider admin, and of no one else', async () => {
    const session = async (username: string) =>
      json<{ sandboxProviders?: string[] }>(await t.api('GET', '/users/auth/session', await t.login(username)));
    expect((await session('admin')).sandboxProviders).toEqual(ALL_LABELS);
    for (const username of ['retail', 'reseller', 'prepay']) {
      expect((await session(username)).sandboxProviders).toBeUndefined();
    }
  });
});
