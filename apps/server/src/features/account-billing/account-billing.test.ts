import {
  type AccountTransaction,
  FEATURES,
  MASK,
  MESSAGES,
  type NotificationRecord,
  type OutboxMail,
} from '@switchboard/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postToLedger } from '../../modules/billing/ledger.ts';
import { addUser, createTestContext, json, ledgerOf, onPostgres, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let admin: Record<string, string>;
let prepay: Record<string, string>;
let retail: Record<string, string>;
let wetherby: Record<string, string>;
let reseller: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin');
  prepay = await t.login('prepay');
  retail = await t.login('retail');
  wetherby = await t.login('wetherby');
  reseller = await t.login('reseller');
});
afterAll(async () => t?.close());

type Page<T> = { records: T[]; totalRecords: number };
type Reply = { success: boolean; message: string; validation?: Record<string, string>; balance?: number };

const tenancy = () => t.app.platform.tenancy;
const adjust = (accountNo: number, body: object, who = admin) =>
  t.api('POST', `/account/${accountNo}/adjustment`, who, body);

describe('the ledger', () => {
  it('opens the demo accounts at their advertised balances, the balance being the sum of the entries', async () => {
    expect(await ledgerOf(t, 30001)).toEqual({ balance: 1234, sum: 1234 });
    expect(await ledgerOf(t, 20002)).toEqual({ balance: 2500, sum: 2500 });
    const account = json<{ balance: number }>(await t.api('GET', '/account/30001', prepay));
    expect(account.balance).toBe(12.34);
  });

  it('is append-only and the balance moves only by a posting, for every role', async () => {
    const refused = async (fn: () => Promise<unknown>) => {
      await expect(fn()).rejects.toThrow();
    };
    await refused(() =>
      tenancy().crossAccount('seed', (tx) => tx.updateTable('ledger_entries').set({ description: 'x' }).execute()),
    );
    await refused(() => tenancy().crossAccount('seed', (tx) => tx.deleteFrom('ledger_entries').execute()));
    await refused(() => tenancy().tenant(30001, (tx) => tx.deleteFrom('ledger_entries').execute()));
    await refused(() =>
      tenancy().tenant(30001, (tx) => tx.updateTable('accounts').set({ balance_pence: 999_999 }).execute()),
    );
    await refused(() => sql`update accounts set balance_pence = 5 where account_no = 30001`.execute(t.database.db));
    await refused(() => sql`truncate ledger_entries`.execute(t.database.db));
    expect(await ledgerOf(t, 30001)).toEqual({ balance: 1234, sum: 1234 });
  });

  it('posts once per idempotency key, however often the confirmation is replayed', async () => {
    // Postings are the cross-account uses' (a provider's confirmation): the tenant role may not post (migration 067).
    const post = () =>
      tenancy().crossAccount('payments', (tx) =>
        postToLedger(tx, {
          accountNo: 30001,
          kind: 'top-up',
          amountPence: 2000,
          description: 'Card top-up',
          reference: 'pi_test_1',
          idempotencyKey: 'sandbox:pi_test_1',
        }),
      );
    const first = await post();
    const again = await post();
    const third = await Promise.all([post(), post()]);
    expect(first).toMatchObject({ duplicate: false, balanceAfterPence: 3234 });
    expect(again).toMatchObject({ duplicate: true, id: first.id, balanceAfterPence: 3234 });
    expect(third.every((p) => p.duplicate)).toBe(true);
    expect(await ledgerOf(t, 30001)).toEqual({ balance: 3234, sum: 3234 });
    // The same key for a different posting is refused, not silently answered.
    await expect(
      tenancy().crossAccount('payments', (tx) =>
        postToLedger(tx, {
          accountNo: 30001,
          kind: 'top-up',
          amountPence: 1,
          description: 'x',
          idempotencyKey: 'sandbox:pi_test_1',
        }),
      ),
    ).rejects.toThrow();
    // Back where the other tests expect it.
    await tenancy().crossAccount('payments', (tx) =>
      postToLedger(tx, {
        accountNo: 30001,
        kind: 'card-refund',
        amountPence: -2000,
        description: 'Card refund',
        reference: 'pi_test_1',
      }),
    );
  });

  it('keeps each tenant to its own entries (row-level security)', async () => {
    const seen = await tenancy().tenant(30000, (tx) => tx.selectFrom('ledger_entries').select('account_no').execute());
    expect(seen).toEqual([]);
    await expect(
      tenancy().tenant(30000, (tx) =>
        postToLedger(tx, { accountNo: 30001, kind: 'charge', amountPence: -100, description: 'Not mine' }),
      ),
    ).rejects.toThrow();
    expect(await ledgerOf(t, 30001)).toEqual({ balance: 1234, sum: 1234 });
  });

  it.skipIf(!onPostgres)('adds up exactly under 50 parallel postings on one account (PostgreSQL)', async () => {
    const before = await ledgerOf(t, 20001);
    const amounts = Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? 137 : -59));
    await Promise.all(
      amounts.map((amountPence, i) =>
        tenancy().crossAccount('billing', (tx) =>
          postToLedger(tx, {
            accountNo: 20001,
            kind: amountPence > 0 ? 'top-up' : 'charge',
            amountPence,
            description: `Race ${i}`,
          }),
        ),
      ),
    );
    const expected = before.balance + amounts.reduce((s, a) => s + a, 0);
    expect(await ledgerOf(t, 20001)).toEqual({ balance: expected, sum: expected });
    // Every balance-after is distinct and the running sum of its account's entries in id order.
    const rows = await tenancy().crossAccount('seed', (tx) =>
      tx
        .selectFrom('ledger_entries')
        .select(['amount_pence', 'balance_after_pence'])
        .where('account_no', '=', 20001)
        .orderBy('id')
        .execute(),
    );
    let running = 0;
    for (const r of rows) {
      running += r.amount_pence;
      expect(r.balance_after_pence).toBe(running);
    }
  });
});

describe('the balance alert under concurrency', () => {
  it.skipIf(!onPostgres)('fires once when parallel postings cross it (PostgreSQL)', async () => {
    const post = (amountPence: number, description: string) =>
      tenancy().crossAccount('billing', (tx) =>
        postToLedger(tx, { accountNo: 30000, kind: amountPence > 0 ? 'top-up' : 'charge', amountPence, description }),
      );
    await tenancy().crossAccount('seed', (tx) =>
      tx.updateTable('accounts').set({ alert: 100 }).where('account_no', '=', 30000).execute(),
    );
    await post(1000, 'Race float');
    await Promise.all(Array.from({ length: 20 }, (_, i) => post(-100, `Race charge ${i}`)));
    const alerts = await tenancy().crossAccount('seed', async (tx) => ({
      notes: await tx
        .selectFrom('notifications')
        .select('id')
        .where('account_no', '=', 30000)
        .where('kind', '=', 'low-balance')
        .execute(),
      mails: await tx
        .selectFrom('mail_outbox')
        .select('id')
        .where('account_no', '=', 30000)
        .where('template', '=', 'low-balance')
        .execute(),
    }));
    expect(alerts.notes).toHaveLength(1);
    expect(alerts.mails).toHaveLength(1);
    expect(await ledgerOf(t, 30000)).toEqual({ balance: -1000, sum: -1000 });
    await post(1000, 'Race float returned');
    await tenancy().crossAccount('seed', (tx) =>
      tx.updateTable('accounts').set({ alert: 0 }).where('account_no', '=', 30000).execute(),
    );
  });
});

describe('adjustments', () => {
  it('credits and debits with a reason, provider admins only, audited', async () => {
    const credit = await adjust(30001, { type: 'credit', amountPence: 500, reason: 'Goodwill credit' });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(json<Reply>(credit)).toMatchObject({ success: true, message: MESSAGES.adjustmentPosted, balance: 17.34 });
    const debit = await adjust(30001, { type: 'debit', amountPence: 500, reason: 'Goodwill credit reversed' });
    expect(json<Reply>(debit).balance).toBe(12.34);
    await t.app.platform.outbox.drain();
    const audits = await tenancy().crossAccount('seed', (tx) =>
      tx
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'ledger.adjustment')
        .where('target_account_no', '=', 30001)
        .execute(),
    );
    expect(audits).toHaveLength(2);
    const rows = await tenancy().crossAccount('seed', (tx) =>
      tx
        .selectFrom('ledger_entries')
        .selectAll()
        .where('description', '=', 'Goodwill credit')
        .executeTakeFirstOrThrow(),
    );
    expect(rows).toMatchObject({
      kind: 'adjustment',
      amount_pence: 500,
      user_name: 'Sam Okafor (admin)',
      user_account_no: 10000,
    });

    const missing = json<Reply>(await adjust(30001, { type: 'credit', amountPence: 500, reason: '  ' }));
    expect(missing.validation?.reason).toBe(MESSAGES.required);
    expect((await adjust(30001, { type: 'credit', amountPence: 0, reason: 'x' })).statusCode).toBe(400);
    expect((await adjust(30001, { type: 'credit', amountPence: 1.5, reason: 'x' })).statusCode).toBe(400);
    expect((await adjust(99999, { type: 'credit', amountPence: 100, reason: 'x' })).statusCode).toBe(404);
    // Past the balance's range: refused (409), nothing posted.
    await expect(
      tenancy().tenant(30001, (tx) =>
        postToLedger(tx, { accountNo: 30001, kind: 'top-up', amountPence: 2_000_000_000, description: 'Too much' }),
      ),
    ).rejects.toMatchObject({ statusCode: 409 });
    for (const who of [prepay, retail, reseller]) {
      expect((await adjust(30001, { type: 'credit', amountPence: 100, reason: 'x' }, who)).statusCode).toBe(403);
    }
    expect(await ledgerOf(t, 30001)).toEqual({ balance: 1234, sum: 1234 });
  });

  it('previews the account (name, balance, the maximum) for the confirmation, provider admins only', async () => {
    const preview = await t.api('GET', '/account/30001/adjustment', admin);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(json(preview)).toEqual({
      accountNo: 30001,
      name: 'Bella Hair Studio',
      balancePence: 1234,
      maxPence: 100_000,
    });
    expect((await t.api('GET', '/account/99999/adjustment', admin)).statusCode).toBe(404);
    for (const who of [prepay, retail, reseller]) {
      expect((await t.api('GET', '/account/30001/adjustment', who)).statusCode).toBe(403);
    }
  });

  it('refuses an amount over the configured maximum (£1,000.00 by default), posting nothing', async () => {
    for (const type of ['credit', 'debit'] as const) {
      const over = await adjust(30001, { type, amountPence: 100_001, reason: 'Too much' });
      expect(over.statusCode).toBe(400);
      expect(json<Reply>(over).validation).toEqual({ amountPence: MESSAGES.adjustmentTooLarge('£1,000.00') });
    }
    const most = await adjust(30001, { type: 'credit', amountPence: 100_000, reason: 'The most' });
    expect(json<Reply>(most).balance).toBe(1012.34);
    await adjust(30001, { type: 'debit', amountPence: 100_000, reason: 'The most reversed' });
    expect(await ledgerOf(t, 30001)).toEqual({ balance: 1234, sum: 1234 });

    // BALANCE_ADJUSTMENT_MAX_POUNDS moves it.
    const strict = await createTestContext({ maxAdjustmentPence: 5_000 });
    try {
      const who = await strict.login('admin');
      const refused = await strict.api('POST', '/account/30001/adjustment', who, {
        type: 'credit',
        amountPence: 5_001,
        reason: 'Over £50',
      });
      expect(json<Reply>(refused).validation).toEqual({ amountPence: MESSAGES.adjustmentTooLarge('£50.00') });
    } finally {
      await strict.close();
    }
  });
});

describe('account transactions', () => {
  it("lists a prepay account's entries newest first, with a month filter", async () => {
    const page = json<Page<AccountTransaction>>(await t.api('POST', '/account/transaction/0/50', prepay, {}));
    expect(page.totalRecords).toBeGreaterThan(10);
    const first = page.records[0] as AccountTransaction;
    expect(first.balancePence).toBe(1234);
    expect(first.date).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    const month = first.month;
    const filtered = json<Page<AccountTransaction>>(
      await t.api('POST', '/account/transaction/0/50', prepay, { filters: { month } }),
    );
    expect(filtered.records.length).toBeGreaterThan(0);
    expect(filtered.records.every((r) => r.month === month)).toBe(true);
    const spec = json<{ records: AccountTransaction[] }>(
      await t.api('POST', '/account/transaction', prepay, { month }),
    );
    expect(spec.records.map((r) => r.id)).toEqual(filtered.records.map((r) => r.id));
    expect(
      json<{ records: unknown[] }>(await t.api('POST', '/account/transaction', prepay, { month: '2001-01' })).records,
    ).toEqual([]);
    expect((await t.api('POST', '/account/transaction', prepay, { month: '2001-13' })).statusCode).toBe(400);
  });

  it('is for prepay accounts only (prepay read; admin rights do not stand in)', async () => {
    expect((await t.api('POST', '/account/transaction/0/15', retail, {})).statusCode).toBe(403);
    expect((await t.api('POST', '/account/transaction/0/15', admin, {})).statusCode).toBe(403);
    expect((await t.api('POST', '/account/transaction', retail, {})).statusCode).toBe(403);
    // Another prepay account sees its own entries only.
    const own = json<Page<AccountTransaction>>(await t.api('POST', '/account/transaction/0/50', wetherby, {}));
    expect(own.records[0]?.balancePence).toBe(2500);
    expect(own.records.some((r) => r.description.includes('4242'))).toBe(false);
  });
});

describe('balance alert, notifications and e-mail', () => {
  it('offers the spec options, saves one, and is hidden for wholesale', async () => {
    const alert = json<{ alert: number; options: Array<{ value: number; label: string }> }>(
      await t.api('GET', '/account/alert/balance', prepay),
    );
    expect(alert.alert).toBe(0);
    expect(alert.options.map((o) => o.label)).toEqual([
      'Disabled',
      'Below £1.00',
      'Below £1.50',
      'Below £2.00',
      'Below £2.50',
      'Below £5.00',
      'Below £10.00',
      'Below £20.00',
      'Below £50.00',
    ]);
    expect(json<Reply>(await t.api('PUT', '/account/30001', prepay, { alert: 300 })).validation?.alert).toBe(
      MESSAGES.selectOption,
    );
    expect((await t.api('PUT', '/account/30000', prepay, { alert: 500 })).statusCode).toBe(404);
    expect((await t.api('GET', '/account/alert/balance', reseller)).statusCode).toBe(403);
    expect(json<Reply>(await t.api('PUT', '/account/20000', reseller, { alert: 500 })).validation?.alert).toBe(
      MESSAGES.alertNotForWholesale,
    );
    const viewer = await t.login('viewer');
    expect((await t.api('PUT', '/account/30000', viewer, { alert: 500 })).statusCode).toBe(403);
  });

  it('notifies and e-mails once when a posting takes the balance below the alert', async () => {
    expect(json<Reply>(await t.api('PUT', '/account/30001', prepay, { alert: 1000 })).success).toBe(true);
    expect(json<{ alert: number }>(await t.api('GET', '/account/alert/balance', prepay)).alert).toBe(1000);
    const notes = async () =>
      json<{ records: NotificationRecord[]; unread: number }>(await t.api('GET', '/notifications', prepay));
    const before = await notes();
    // 12.34 → 11.34: still above £10; → 9.34 crosses; → 8.34 stays below (no second alert).
    await adjust(30001, { type: 'debit', amountPence: 100, reason: 'Test charge 1' });
    expect((await notes()).records).toHaveLength(before.records.length);
    await adjust(30001, { type: 'debit', amountPence: 200, reason: 'Test charge 2' });
    await adjust(30001, { type: 'debit', amountPence: 100, reason: 'Test charge 3' });
    const after = await notes();
    expect(after.records).toHaveLength(before.records.length + 1);
    expect(after.unread).toBe(before.unread + 1);
    const note = after.records[0] as NotificationRecord;
    expect(note).toMatchObject({
      notification_title: 'Low balance: £9.34',
      notification_read: false,
      notification_icon: 'warning',
    });
    expect(note.notification_message).toContain('below your alert of £10.00');
    const outbox = json<Page<OutboxMail>>(
      await t.api('POST', '/mail/outbox/0/50', admin, { filters: { accountNo: 30001 } }),
    );
    expect(outbox.records).toHaveLength(1);
    expect(outbox.records[0]).toMatchObject({
      template: 'low-balance',
      to: 'priya@bellahair.example',
      subject: 'Your balance is below £10.00',
    });
    // Back above and down again: a new crossing, a new alert.
    await adjust(30001, { type: 'credit', amountPence: 400, reason: 'Back up' });
    await adjust(30001, { type: 'debit', amountPence: 300, reason: 'Down again' });
    expect((await notes()).records).toHaveLength(before.records.length + 2);
    await adjust(30001, { type: 'credit', amountPence: 300, reason: 'Restore' });
    expect(await ledgerOf(t, 30001)).toEqual({ balance: 1234, sum: 1234 });

    // Mark as read.
    const read = await t.api('PATCH', `/notifications/${note.notification_id}/read`, prepay);
    expect(json<Reply>(read)).toMatchObject({ success: true, message: MESSAGES.notificationMarked });
    expect((await notes()).records.find((n) => n.notification_id === note.notification_id)?.notification_read).toBe(
      true,
    );
    // Another account's notification is not reachable.
    expect((await t.api('PATCH', `/notifications/${note.notification_id}/read`, retail)).statusCode).toBe(404);
    expect(
      json<{ records: NotificationRecord[] }>(await t.api('GET', '/notifications', retail)).records.some(
        (n) => n.notification_id === note.notification_id,
      ),
    ).toBe(false);
    await t.api('PUT', '/account/30001', prepay, { alert: 0 });
  });

  it('marks sandbox mails delivered to the outbox; the outbox is for provider admins only', async () => {
    expect(await t.app.platform.mail.drain()).toBeGreaterThanOrEqual(0);
    const outbox = json<Page<OutboxMail>>(await t.api('POST', '/mail/outbox/0/50', admin, {}));
    expect(outbox.records.every((m) => m.status === 'sandbox')).toBe(true);
    for (const who of [prepay, retail, reseller]) {
      expect((await t.api('POST', '/mail/outbox/0/15', who, {})).statusCode).toBe(403);
    }
  });

  it('needs notification read for notifications', async () => {
    const id = await addUser(t.database.db, {
      username: 'no-notes',
      accountNo: 30001,
      grants: [[FEATURES.seats, MASK.all]],
    });
    expect(id).toBeGreaterThan(0);
    const user = await t.login('no-notes');
    expect((await t.api('GET', '/notifications', user)).statusCode).toBe(403);
    expect((await t.api('PATCH', '/notifications/1/read', user)).statusCode).toBe(403);
  });
});
