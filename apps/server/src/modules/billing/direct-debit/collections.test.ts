/**
 * Direct Debit collections (collections.ts): the run, the charge date, the sandbox bureau's Bacs
 * cycle and failing accounts, cancellation, precedence with invoice auto-pay, and GoCardless
 * against a local server answering like its API.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { addWorkingDays, DIRECT_DEBIT_MESSAGES, isWorkingDay } from '@switchboard/domain';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_DD_ACCOUNTS } from '../../../providers/direct-debit/direct-debit.ts';
import { directDebitSubmit } from '../../../test/direct-debit-fixtures.ts';
import { balanceOf, createTestContext, json, type TestContext } from '../../../test/harness.ts';
import { webhookOutcomes } from '../../../test/webhooks.ts';
import { payInvoice } from '../invoice-payments.ts';
import { applyCollectionEvent, chargeDateFor, createCollections, runCollections } from './collections.ts';

const submit = (changes: object = {}) => directDebitSubmit({ email: 'priya@example.com', ...changes });

type Db = TestContext['database']['db'];

let seq = 0;
/** An unpaid invoice of `accountNo` due `due`, dated 30 days before (a total divisible by 6: VAT a sixth). */
async function newInvoice(db: Db, accountNo: number, due: string, totalPence = 1200): Promise<number> {
  seq++;
  const { rows } = await sql<{ id: number }>`insert into invoices (account_no, provider_account_no, seq, invoice_no,
      period, period_start, period_end, invoice_date, due_date, subtotal_pence, vat_pence, total_pence)
    values (${accountNo}, ${accountNo}, ${70000 + seq}, ${`INV-DD-${seq}`}, ${`${2200 + seq}-01`},
      ${due}::date - 60, ${due}::date - 31, ${due}::date - 30, ${due}::date, ${totalPence - totalPence / 6},
      ${totalPence / 6}, ${totalPence})
    returning id`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('no invoice');
  return row.id;
}

const invoiceOf = (db: Db, id: number) =>
  db
    .selectFrom('invoices')
    .select(['status', 'paid_reference', 'invoice_no'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const collectionsOf = (db: Db, invoiceId: number) =>
  db
    .selectFrom('direct_debit_collections')
    .select(['id', 'state', 'provider_id', 'paid', 'failure', 'idempotency_key', 'amount_pence'])
    .select(sql<string>`to_char(charge_date, 'YYYY-MM-DD')`.as('charge_date'))
    .where('invoice_id', '=', invoiceId)
    .orderBy('id')
    .execute();

const notesOf = (db: Db, accountNo: number) =>
  db
    .selectFrom('notifications')
    .select(['kind', 'title', 'message'])
    .where('account_no', '=', accountNo)
    .orderBy('id')
    .execute();

const mailsOf = (db: Db, accountNo: number) =>
  db
    .selectFrom('mail_outbox')
    .select(['template', 'subject', 'text_body', 'to_address'])
    .where('account_no', '=', accountNo)
    .where('template', '=', 'direct-debit-failed')
    .orderBy('id')
    .execute();

const ledgerOf = (db: Db, invoiceId: number) =>
  db.selectFrom('ledger_entries').select('id').where('idempotency_key', '=', `invoice-payment:${invoiceId}`).execute();

/** Sets up a mandate through the wizard as `user`, made Approved (set up ten days ago). */
async function mandate(t: TestContext, user: Record<string, string>, accountNo: number, changes: object = {}) {
  const res = await t.api('POST', '/billing/directdebit', user, submit(changes));
  expect(res.statusCode, res.body).toBe(200);
  await approve(t.database.db, accountNo);
}
const approve = (db: Db, accountNo: number) =>
  sql`update direct_debits set setup_at = now() - interval '10 days'
    where account_no = ${accountNo} and superseded_at is null`.execute(db);

describe('the charge date', () => {
  it('is three days before the due date on a Bacs working day, or the earliest possible date', () => {
    // Hand-computed (England and Wales bank holidays; Christmas 2026 is a Friday, Boxing Day a
    // Saturday, so Monday 28 December is its substitute; Easter 2027 is 28 March).
    const cases: Array<[due: string, today: string, charge: string]> = [
      ['2026-11-30', '2026-11-02', '2026-11-27'], // Mon → Fri 27th, a working day
      ['2026-12-08', '2026-11-02', '2026-12-04'], // Tue → Sat 5th → Fri 4th
      ['2026-12-31', '2026-12-01', '2026-12-24'], // Thu → Mon 28th (Boxing Day substitute) → Thu 24th
      ['2027-04-01', '2027-03-01', '2027-03-25'], // Thu → Mon 29th (Easter Monday), Good Friday 26th → Thu 25th
      ['2026-12-03', '2026-11-27', '2026-12-02'], // Mon 30th is too soon on Fri 27th: three working days on
      ['2026-12-31', '2026-12-23', '2026-12-30'], // from Wed 23rd: Thu 24th, (25th, 28th holidays) Tue 29th, Wed 30th
    ];
    for (const [due, today, charge] of cases) {
      expect(chargeDateFor(due, addWorkingDays(today, 3)), `${due} from ${today}`).toBe(charge);
    }
    expect(isWorkingDay('2026-12-28')).toBe(false);
    expect(isWorkingDay('2026-12-29')).toBe(true);
    expect(addWorkingDays('2099-03-27', -2)).toBe('2099-03-25');
  });
});

describe('direct debit collections with the sandbox bureau', () => {
  let t: TestContext;
  let retail: Record<string, string>;
  let prepay: Record<string, string>;
  const retailNo = 30000;
  const prepayNo = 30001;
  const now = new Date();
  beforeAll(async () => {
    t = await createTestContext();
    retail = await t.login('retail');
    prepay = await t.login('prepay');
  });
  afterAll(async () => t?.close());

  it('creates the mandate at the bureau and collects nothing while it is Pending', async () => {
    const res = await t.api('POST', '/billing/directdebit', retail, submit());
    expect(res.statusCode, res.body).toBe(200);
    const dd = await t.database.db
      .selectFrom('direct_debits')
      .select(['provider', 'provider_mandate_id', 'provider_status'])
      .where('account_no', '=', retailNo)
      .where('superseded_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(dd).toMatchObject({ provider: 'sandbox', provider_status: 'active' });
    expect(dd.provider_mandate_id).toMatch(/^SBMD[0-9A-F]{14}$/);
    const id = await newInvoice(t.database.db, retailNo, '2099-03-31');
    expect(await createCollections(t.app.platform, '2099-03-02', now)).toBe(0);
    expect(await collectionsOf(t.database.db, id)).toEqual([]);
    await approve(t.database.db, retailNo);
    // Its invoice is collected once Approved (by the next test's runs).
  });

  it('makes one collection per due invoice, even from two runs at once, charged 3 days before the due date', async () => {
    const [a] = await t.database.db
      .selectFrom('invoices')
      .select('id')
      .where('invoice_no', '=', `INV-DD-${seq}`)
      .execute();
    const id = a?.id as number;
    const runs = await Promise.all([
      runCollections(t.app.platform, { today: '2099-03-02', now }),
      runCollections(t.app.platform, { today: '2099-03-02', now }),
    ]);
    expect(runs.map((r) => r.created).sort()).toEqual([0, 1]);
    // Once more: nothing new.
    expect((await runCollections(t.app.platform, { today: '2099-03-03', now })).created).toBe(0);
    const rows = await collectionsOf(t.database.db, id);
    expect(rows).toHaveLength(1);
    // Due Tue 31 March 2099: 3 days before is Sat 28th, so Fri 27th.
    expect(rows[0]).toMatchObject({ state: 'pending_submission', charge_date: '2099-03-27', paid: false });
    const { rows: bureau } = await sql<{ n: number }>`select count(*)::int as n from direct_debit_sandbox_payments
      where idempotency_key = ${rows[0]?.idempotency_key}`.execute(t.database.db);
    expect(bureau[0]?.n).toBe(1);
  });

  it('follows the Bacs cycle and pays the invoice once, however often the confirmation comes', async () => {
    const id = (
      await t.database.db
        .selectFrom('invoices')
        .select('id')
        .where('invoice_no', '=', 'INV-DD-1')
        .executeTakeFirstOrThrow()
    ).id;
    await runCollections(t.app.platform, { today: '2099-03-24', now });
    expect((await collectionsOf(t.database.db, id))[0]?.state).toBe('pending_submission');
    await runCollections(t.app.platform, { today: '2099-03-25', now }); // two working days before: submitted
    expect((await collectionsOf(t.database.db, id))[0]?.state).toBe('submitted');
    await runCollections(t.app.platform, { today: '2099-03-27', now }); // the charge date: the ARUDD window
    expect((await invoiceOf(t.database.db, id)).status).toBe('unpaid');
    await runCollections(t.app.platform, { today: '2099-03-30', now }); // no return: confirmed
    const [c] = await collectionsOf(t.database.db, id);
    expect(c).toMatchObject({ state: 'confirmed', paid: true });
    expect(await invoiceOf(t.database.db, id)).toMatchObject({
      status: 'paid',
      paid_reference: `Direct Debit ${c?.provider_id}`,
    });
    expect(await ledgerOf(t.database.db, id)).toHaveLength(1);
    // The confirmation replayed, and paid out: nothing more is paid.
    const provider = t.app.platform.providers.directDebit;
    const replay = await t.app.platform.tenancy.crossAccount('direct-debit', (tx) =>
      applyCollectionEvent(tx, provider, {
        eventId: 'again',
        resource: 'payment',
        resourceId: c?.provider_id as string,
        action: 'confirmed',
        reason: '',
      }),
    );
    expect(replay).toBe('duplicate');
    await runCollections(t.app.platform, { today: '2099-04-06', now });
    expect((await collectionsOf(t.database.db, id))[0]?.state).toBe('paid_out');
    expect(await ledgerOf(t.database.db, id)).toHaveLength(1);
    expect((await runCollections(t.app.platform, { today: '2099-04-07', now })).created).toBe(0);
  });

  it("a failing sandbox account ('refer to payer') notifies, e-mails and leaves the invoice payable by card", async () => {
    const db = t.database.db;
    await mandate(t, prepay, prepayNo, { accountNumber: '55500011' });
    const id = await newInvoice(db, prepayNo, '2099-03-31', 2400);
    const notes = (await notesOf(db, prepayNo)).length;
    for (const today of ['2099-03-02', '2099-03-25', '2099-03-30'])
      await runCollections(t.app.platform, { today, now });
    const [c] = await collectionsOf(db, id);
    expect(c).toMatchObject({ state: 'failed', paid: false, failure: SANDBOX_DD_ACCOUNTS['55500011'].reason });
    const invoice = await invoiceOf(db, id);
    expect(invoice.status).toBe('unpaid');
    const added = (await notesOf(db, prepayNo)).slice(notes);
    expect(added).toEqual([
      {
        kind: 'direct-debit-failed',
        title: `Direct Debit failed: ${invoice.invoice_no}`,
        message: `Your bank returned the Direct Debit of £24.00 for invoice ${invoice.invoice_no} unpaid (refer to payer (ARUDD 0)). Nothing was taken. The invoice is still due: please pay it by card (Invoices, Pay Invoice).`,
      },
    ]);
    const mails = await mailsOf(db, prepayNo);
    expect(mails.at(-1)?.subject).toBe(
      `Your Direct Debit of £24.00 for invoice ${invoice.invoice_no} was unsuccessful`,
    );
    // Replayed: nothing more; later runs make no second collection of it.
    const provider = t.app.platform.providers.directDebit;
    expect(
      await t.app.platform.tenancy.crossAccount('direct-debit', (tx) =>
        applyCollectionEvent(tx, provider, {
          eventId: 'x',
          resource: 'payment',
          resourceId: c?.provider_id as string,
          action: 'failed',
          reason: 'refer to payer',
        }),
      ),
    ).toBe('duplicate');
    await runCollections(t.app.platform, { today: '2099-04-01', now });
    expect(await collectionsOf(db, id)).toHaveLength(1);
    expect((await notesOf(db, prepayNo)).length).toBe(notes + 1);
    // Still payable by card: a card payment pays it.
    await t.app.platform.tenancy.crossAccount('payments', (tx) =>
      payInvoice(tx, id, { reference: 'pi_card_after_dd', amountPence: 2400 }),
    );
    expect((await invoiceOf(db, id)).status).toBe('paid');
  });

  it('never charges after the due date: too late to collect, the invoice is left to be paid by card', async () => {
    const db = t.database.db;
    // Due Wed 4 March 2099; from Mon 2nd the earliest charge date is Thu 5th.
    const soon = await newInvoice(db, prepayNo, '2099-03-04');
    await runCollections(t.app.platform, { today: '2099-03-02', now });
    expect(await collectionsOf(db, soon)).toEqual([]);
    // Recorded in time but not asked for until too late (the bureau unreachable meanwhile): cancelled, with a notice.
    const late = await newInvoice(db, prepayNo, '2099-04-30');
    expect(await createCollections(t.app.platform, '2099-04-01', now)).toBe(1);
    const notes = (await notesOf(db, prepayNo)).length;
    await runCollections(t.app.platform, { today: '2099-04-28', now });
    expect(await collectionsOf(db, late)).toMatchObject([
      { state: 'cancelled', failure: 'too late to collect by the due date', provider_id: null },
    ]);
    const invoice = await invoiceOf(db, late);
    expect((await notesOf(db, prepayNo)).slice(notes)).toEqual([
      {
        kind: 'direct-debit-failed',
        title: `Direct Debit not collected: ${invoice.invoice_no}`,
        message: `Invoice ${invoice.invoice_no} (£12.00) could not be collected by Direct Debit before its due date. Nothing was taken: please pay it by card (Invoices, Pay Invoice).`,
      },
    ]);
    expect(invoice.status).toBe('unpaid');
  });

  it('an invoice paid by card meanwhile is not collected: its pending collection is cancelled', async () => {
    const db = t.database.db;
    const id = await newInvoice(db, retailNo, '2099-05-29');
    await runCollections(t.app.platform, { today: '2099-05-01', now });
    const [before] = await collectionsOf(db, id);
    expect(before?.state).toBe('pending_submission');
    await t.app.platform.tenancy.crossAccount('payments', (tx) =>
      payInvoice(tx, id, { reference: 'pi_card_meanwhile', amountPence: 1200 }),
    );
    await runCollections(t.app.platform, { today: '2099-05-04', now });
    const [after] = await collectionsOf(db, id);
    expect(after).toMatchObject({ state: 'cancelled', failure: 'the invoice was paid otherwise', paid: false });
    const { rows } = await sql<{ status: string }>`select status from direct_debit_sandbox_payments
      where id = ${before?.provider_id}`.execute(db);
    expect(rows[0]?.status).toBe('cancelled');
    // The bureau's day passes the charge date: nothing is collected, the card's payment stands.
    await runCollections(t.app.platform, { today: '2099-06-05', now });
    expect(await invoiceOf(db, id)).toMatchObject({ status: 'paid', paid_reference: 'pi_card_meanwhile' });
    expect(await ledgerOf(db, id)).toHaveLength(1);
    expect(await collectionsOf(db, id)).toHaveLength(1);
  });

  it('an invoice voided meanwhile is not collected', async () => {
    const db = t.database.db;
    const id = await newInvoice(db, retailNo, '2099-06-30');
    await runCollections(t.app.platform, { today: '2099-06-01', now });
    expect((await collectionsOf(db, id))[0]?.state).toBe('pending_submission');
    await sql`update invoices set status = 'void', void_reason = 'raised in error', voided_at = now() where id = ${id}`.execute(
      db,
    );
    await runCollections(t.app.platform, { today: '2099-06-02', now });
    expect(await collectionsOf(db, id)).toMatchObject([{ state: 'cancelled', failure: 'the invoice was voided' }]);
    await runCollections(t.app.platform, { today: '2099-07-06', now });
    expect(await collectionsOf(db, id)).toHaveLength(1);
    expect(await ledgerOf(db, id)).toEqual([]);
  });

  it('invoice auto-pay takes precedence, as the PDF says: covered invoices are never collected', async () => {
    const db = t.database.db;
    const covered = await newInvoice(db, retailNo, '2099-07-31');
    await runCollections(t.app.platform, { today: '2099-07-01', now });
    expect(await collectionsOf(db, covered)).toHaveLength(1);
    // Auto-pay set up (a saved card) covering invoices dated from 2099-06-01: the pending collection is
    // cancelled and no collection is made of the later one.
    const { rows } = await sql<{ id: number }>`insert into payments (account_no, purpose, invoice_id, amount_pence,
        description, provider, provider_id, client_secret)
      values (${retailNo}, 'invoice', ${covered}, 1200, 'card', 'sandbox', 'pi_dd_autopay', 'pi_dd_autopay_secret')
      returning id`.execute(db);
    await sql`insert into invoice_auto_pay (account_no, payment_id, since)
      values (${retailNo}, ${rows[0]?.id}, '2099-06-01')
      on conflict (account_no) do update set enabled = true, payment_id = excluded.payment_id, since = excluded.since`.execute(
      db,
    );
    const later = await newInvoice(db, retailNo, '2099-08-31');
    await runCollections(t.app.platform, { today: '2099-07-02', now });
    expect(await collectionsOf(db, covered)).toMatchObject([
      { state: 'cancelled', failure: 'invoice auto-pay pays the invoice by card' },
    ]);
    expect(await collectionsOf(db, later)).toEqual([]);
    // An auto-pay charge of an invoice (pending or made) also keeps Direct Debit off it, even with auto-pay off.
    await sql`update invoice_auto_pay set enabled = false where account_no = ${retailNo}`.execute(db);
    await sql`insert into invoice_auto_charges (account_no, invoice_id, state) values (${retailNo}, ${later}, 'pending')`.execute(
      db,
    );
    await runCollections(t.app.platform, { today: '2099-07-03', now });
    expect(await collectionsOf(db, later)).toEqual([]);
    // Auto-pay off and no charge of it: the PDF promises Direct Debit, and it is collected.
    const another = await newInvoice(db, retailNo, '2099-09-30');
    await runCollections(t.app.platform, { today: '2099-07-03', now });
    expect(await collectionsOf(db, another)).toHaveLength(1);
    // While it is under way, auto-pay's charge of it is not recorded (the database refuses to take both).
    const charge = () =>
      sql`insert into invoice_auto_charges (account_no, invoice_id) values (${retailNo}, ${another})
        on conflict (invoice_id) do nothing returning id`.execute(db);
    expect((await charge()).rows).toEqual([]);
    // Cancelled (auto-pay covering it again): auto-pay's charge is then recorded.
    await sql`update direct_debit_collections set state = 'cancelled' where invoice_id = ${another}`.execute(db);
    expect((await charge()).rows).toHaveLength(1);
    await sql`delete from invoice_auto_charges where invoice_id = ${another}`.execute(db);
    await sql`delete from invoice_auto_charges where invoice_id = ${later}`.execute(db);
  });

  it('a replaced mandate stops its collections; the new one collects once Approved', async () => {
    const db = t.database.db;
    const id = await newInvoice(db, retailNo, '2099-10-30');
    await runCollections(t.app.platform, { today: '2099-10-01', now });
    const [first] = await collectionsOf(db, id);
    expect(first?.state).toBe('pending_submission');
    const res = await t.api('PUT', '/billing/directdebit', retail, submit({ accountNumber: '55500000' }));
    expect(res.statusCode, res.body).toBe(200);
    await runCollections(t.app.platform, { today: '2099-10-02', now });
    const rows = await collectionsOf(db, id);
    expect(rows[0]?.state).toBe('cancelled');
    // The new mandate is Pending: nothing new yet.
    expect(rows).toHaveLength(1);
    await approve(db, retailNo);
    await runCollections(t.app.platform, { today: '2099-10-05', now });
    const again = await collectionsOf(db, id);
    expect(again).toHaveLength(2);
    expect(again[1]?.state).toBe('pending_submission');
  });

  it("an 'instruction cancelled' return cancels the mandate: no further collections", async () => {
    const db = t.database.db;
    const res = await t.api('PUT', '/billing/directdebit', retail, submit({ accountNumber: '55500022' }));
    expect(res.statusCode, res.body).toBe(200);
    await approve(db, retailNo);
    const id = await newInvoice(db, retailNo, '2099-11-30');
    for (const today of ['2099-11-02', '2099-11-25', '2099-11-30'])
      await runCollections(t.app.platform, { today, now });
    expect((await collectionsOf(db, id))[0]).toMatchObject({
      state: 'failed',
      failure: 'instruction cancelled (ARUDD 1)',
    });
    const dd = await db
      .selectFrom('direct_debits')
      .select(['provider_status'])
      .where('account_no', '=', retailNo)
      .where('superseded_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(dd.provider_status).toBe('cancelled');
    const next = await newInvoice(db, retailNo, '2099-12-31');
    await runCollections(t.app.platform, { today: '2099-12-01', now });
    expect(await collectionsOf(db, next)).toEqual([]);
    const notes = await notesOf(db, retailNo);
    expect(notes.map((n) => n.title)).toContain('Direct Debit mandate cancelled');
  });
});

describe('a sandbox chargeback', () => {
  let t: TestContext;
  const now = new Date();
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => t?.close());

  it('pays the invoice, then debits the amount back to the balance once, notifying and e-mailing', async () => {
    const db = t.database.db;
    await mandate(t, await t.login('prepay'), 30001, { accountNumber: '55500033' });
    const id = await newInvoice(db, 30001, '2099-06-30', 3000);
    // Due Tue 30 June: charged Fri 26th; submitted Wed 24th, confirmed Mon 29th, charged back Fri 3 July.
    for (const today of ['2099-06-01', '2099-06-24', '2099-06-29'])
      await runCollections(t.app.platform, { today, now });
    expect((await invoiceOf(db, id)).status).toBe('paid');
    const before = await balanceOf(t, 30001);
    const notes = (await notesOf(db, 30001)).length;
    await runCollections(t.app.platform, { today: '2099-07-03', now });
    await runCollections(t.app.platform, { today: '2099-07-06', now });
    const [c] = await collectionsOf(db, id);
    expect(c).toMatchObject({ state: 'charged_back', paid: true, failure: 'indemnity claim (DDICA)' });
    expect(await balanceOf(t, 30001)).toBe(before - 3000);
    const added = (await notesOf(db, 30001)).slice(notes);
    expect(added.map((n) => n.title)).toEqual([`Direct Debit charged back: ${(await invoiceOf(db, id)).invoice_no}`]);
    expect((await mailsOf(db, 30001)).at(-1)?.subject).toMatch(
      /^Your Direct Debit of £30\.00 for invoice INV-DD-\d+ was reversed$/,
    );
  });
});

// ---- GoCardless against a local server answering like its API -------------------------------------

interface Recorded {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, Record<string, unknown>>;
}

function fakeGoCardless() {
  const requests: Recorded[] = [];
  /** Payments GoCardless has submitted to Bacs: too late to cancel. */
  const submitted = new Set<string>();
  /** Payments whose cancel GoCardless fails to answer (an outage). */
  const broken = new Set<string>();
  let n = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : {};
      const path = (req.url ?? '').split('?')[0] ?? '';
      requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      const reply = (status: number, payload: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (req.headers.authorization !== 'Bearer gc_test_token') {
        return reply(401, { error: { type: 'invalid_api_usage', code: 401, message: 'Unauthorized', errors: [] } });
      }
      if (req.method === 'POST' && path === '/customers')
        return reply(201, { customers: { id: 'CU0001', ...body.customers } });
      if (req.method === 'POST' && path === '/customer_bank_accounts') {
        if (body.customer_bank_accounts?.account_number === '55500000') {
          return reply(422, {
            error: {
              type: 'validation_failed',
              code: 422,
              message: 'Validation failed',
              errors: [
                {
                  field: 'account_number',
                  message: 'is invalid',
                  request_pointer: '/customer_bank_accounts/account_number',
                },
              ],
              request_id: 'RQ1',
              documentation_url: 'https://developer.gocardless.com/api-reference#validation_failed',
            },
          });
        }
        return reply(201, { customer_bank_accounts: { id: 'BA0001', account_number_ending: '1166', enabled: true } });
      }
      if (req.method === 'POST' && path === '/mandates') {
        return reply(201, { mandates: { id: 'MD0001', status: 'pending_submission', scheme: 'bacs' } });
      }
      if (req.method === 'GET' && path === '/mandates/MD0001') {
        return reply(200, { mandates: { id: 'MD0001', status: 'active', next_possible_charge_date: '2099-01-05' } });
      }
      if (req.method === 'POST' && path === '/payments') {
        n++;
        const p = body.payments ?? {};
        return reply(201, {
          payments: { id: `PM000${n}`, status: 'pending_submission', charge_date: p.charge_date, amount: p.amount },
        });
      }
      const cancel = /^\/(payments|mandates)\/([A-Z0-9]+)\/actions\/cancel$/.exec(path);
      if (req.method === 'POST' && cancel && broken.has(cancel[2] as string)) {
        return reply(500, { error: { type: 'gocardless', code: 500, message: 'Internal error', errors: [] } });
      }
      if (req.method === 'POST' && cancel && submitted.has(cancel[2] as string)) {
        return reply(422, {
          error: {
            type: 'invalid_state',
            code: 422,
            message: 'This payment has been submitted and cannot be cancelled',
            errors: [
              { reason: 'cancellation_failed', message: 'This payment has been submitted and cannot be cancelled' },
            ],
            request_id: 'RQ2',
            documentation_url: 'https://developer.gocardless.com/api-reference#cancellation_failed',
          },
        });
      }
      if (req.method === 'POST' && cancel) {
        return reply(200, { [cancel[1] as string]: { id: cancel[2], status: 'cancelled' } });
      }
      return reply(404, { error: { type: 'invalid_api_usage', code: 404, message: 'Not found', errors: [] } });
    });
  });
  return { server, requests, submitted, broken };
}

describe('direct debit collections with GoCardless', () => {
  const secret = 'gc_webhook_secret';
  const fake = fakeGoCardless();
  let t: TestContext;
  let retail: Record<string, string>;
  const accountNo = 30000;
  const now = new Date();
  const sign = (body: string) => createHmac('sha256', secret).update(body).digest('hex');
  const deliver = (body: string, signature = sign(body)) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/directdebit/webhook',
      headers: { 'content-type': 'application/json', 'webhook-signature': signature },
      payload: body,
    });
  /** What a delivery's events did once the pipeline applied them (as the handler answered before it). */
  const applied = async (res: LightMyRequestResponse | Promise<LightMyRequestResponse>) => ({
    received: true,
    applied: (await webhookOutcomes(t, res)).filter((o) => o === 'applied').length,
  });
  const event = (id: string, action: string, payment: string, details: object = {}) =>
    JSON.stringify({
      events: [
        { id, created_at: '2099-01-01T00:00:00Z', resource_type: 'payments', action, links: { payment }, details },
      ],
      meta: { webhook_id: `WB-${id}` },
    });

  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    const { port } = fake.server.address() as AddressInfo;
    t = await createTestContext({
      gocardless: {
        accessToken: 'gc_test_token',
        webhookSecret: secret,
        environment: 'sandbox',
        apiBase: `http://127.0.0.1:${port}`,
      },
    });
    retail = await t.login('retail');
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => fake.server.close(resolve));
  });

  it('creates the customer, its bank account and a Bacs mandate at GoCardless from the wizard', async () => {
    const res = await t.api('POST', '/billing/directdebit', retail, submit());
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /customers',
      'POST /customer_bank_accounts',
      'POST /mandates',
    ]);
    const [customer, bank, mandate] = fake.requests;
    expect(customer?.body.customers).toMatchObject({
      given_name: 'Priya',
      family_name: 'Patel',
      company_name: 'Bella Hair Studio',
      email: 'priya@example.com',
      address_line1: '2 Park Row',
      city: 'Leeds',
      postal_code: 'LS1 4AP',
      country_code: 'GB',
    });
    expect(bank?.body.customer_bank_accounts).toEqual({
      account_holder_name: 'Bella Hair Studio Ltd',
      account_number: '41011166',
      branch_code: '200000',
      country_code: 'GB',
      links: { customer: 'CU0001' },
    });
    expect(mandate?.body.mandates).toMatchObject({ scheme: 'bacs', links: { customer_bank_account: 'BA0001' } });
    for (const r of fake.requests) expect(r.headers['idempotency-key']).toBeTruthy();
    const dd = await t.database.db
      .selectFrom('direct_debits')
      .select(['provider', 'provider_mandate_id'])
      .where('account_no', '=', accountNo)
      .where('superseded_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(dd).toEqual({ provider: 'gocardless', provider_mandate_id: 'MD0001' });
  });

  it('a mandate GoCardless refuses fails the wizard with the spec text, storing nothing', async () => {
    const prepay = await t.login('prepay');
    const sent = fake.requests.length;
    const res = await t.api('POST', '/billing/directdebit', prepay, submit({ accountNumber: '55500000' }));
    expect(res.statusCode).toBe(502);
    expect(json<{ message: string }>(res).message).toBe(DIRECT_DEBIT_MESSAGES.failed);
    expect(fake.requests.slice(sent).map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /customers',
      'POST /customer_bank_accounts',
    ]);
    const stored = await t.database.db
      .selectFrom('direct_debits')
      .select('id')
      .where('account_no', '=', 30001)
      .execute();
    expect(stored).toEqual([]);
  });

  it('collects with payments.create (charge date, Idempotency-Key) once, and pays the invoice on the signed webhook', async () => {
    const db = t.database.db;
    await approve(db, accountNo);
    const id = await newInvoice(db, accountNo, '2099-02-27', 3600);
    const sent = fake.requests.length;
    await Promise.all([
      runCollections(t.app.platform, { today: '2099-01-04', now }),
      runCollections(t.app.platform, { today: '2099-01-04', now }),
    ]);
    await runCollections(t.app.platform, { today: '2099-01-05', now });
    const asked = fake.requests.slice(sent).filter((r) => r.path === '/payments');
    expect(asked).toHaveLength(1);
    const [c] = await collectionsOf(db, id);
    expect(asked[0]?.headers['idempotency-key']).toBe(c?.idempotency_key);
    expect(asked[0]?.body.payments).toEqual({
      amount: 3600,
      currency: 'GBP',
      charge_date: '2099-02-24', // due Fri 27 Feb 2099: 3 days before, Tue 24th
      description: expect.stringMatching(/^Invoice INV-DD-\d+$/),
      links: { mandate: 'MD0001' },
      metadata: { account_no: String(accountNo), invoice_id: String(id) },
    });
    expect(c).toMatchObject({ state: 'pending_submission', provider_id: 'PM0001', charge_date: '2099-02-24' });

    // A forged confirmation: refused, nothing changes.
    const forged = await deliver(event('EV_FORGED', 'confirmed', 'PM0001'), sign('something else'));
    expect(forged.statusCode).toBe(498);
    expect(json<{ message: string }>(forged).message).toBe(DIRECT_DEBIT_MESSAGES.badSignature);
    expect((await deliver(event('EV_FORGED', 'confirmed', 'PM0001'), '')).statusCode).toBe(498);
    expect((await invoiceOf(db, id)).status).toBe('unpaid');
    expect((await collectionsOf(db, id))[0]?.state).toBe('pending_submission');

    // Signed: submitted, then confirmed (paid once), replayed and paid out (nothing more).
    expect(await applied(deliver(event('EV1', 'submitted', 'PM0001')))).toEqual({ received: true, applied: 1 });
    expect(await applied(deliver(event('EV2', 'confirmed', 'PM0001')))).toEqual({ received: true, applied: 1 });
    expect(await invoiceOf(db, id)).toMatchObject({ status: 'paid', paid_reference: 'Direct Debit PM0001' });
    expect(await applied(deliver(event('EV2', 'confirmed', 'PM0001')))).toEqual({ received: true, applied: 0 });
    expect(await applied(deliver(event('EV3', 'paid_out', 'PM0001')))).toEqual({ received: true, applied: 1 });
    expect(await ledgerOf(db, id)).toHaveLength(1);
    expect((await collectionsOf(db, id))[0]).toMatchObject({ state: 'paid_out', paid: true });
  });

  it('a failed payment webhook notifies and e-mails, leaving the invoice unpaid; a paid invoice cancels at GoCardless', async () => {
    const db = t.database.db;
    const failing = await newInvoice(db, accountNo, '2099-03-31', 1800);
    const paidByCard = await newInvoice(db, accountNo, '2099-04-30', 1800);
    await runCollections(t.app.platform, { today: '2099-03-02', now });
    const [f] = await collectionsOf(db, failing);
    const [p] = await collectionsOf(db, paidByCard);
    const notes = (await notesOf(db, accountNo)).length;
    const res = await deliver(
      event('EV_F', 'failed', f?.provider_id as string, {
        cause: 'refer_to_payer',
        description: 'The payer refused it',
      }),
    );
    expect(await applied(res)).toEqual({ received: true, applied: 1 });
    expect((await invoiceOf(db, failing)).status).toBe('unpaid');
    const added = (await notesOf(db, accountNo)).slice(notes);
    expect(added).toHaveLength(1);
    expect(added[0]?.title).toMatch(/^Direct Debit failed: INV-DD-\d+$/);
    expect((await mailsOf(db, accountNo)).at(-1)?.text_body).toContain('The payer refused it');

    await t.app.platform.tenancy.crossAccount('payments', (tx) =>
      payInvoice(tx, paidByCard, { reference: 'pi_card_gc', amountPence: 1800 }),
    );
    const sent = fake.requests.length;
    await runCollections(t.app.platform, { today: '2099-03-03', now });
    expect(fake.requests.slice(sent).map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /payments/${p?.provider_id}/actions/cancel`,
    ]);
    expect((await collectionsOf(db, paidByCard))[0]).toMatchObject({ state: 'cancelled' });
  });

  it('a payment too late to cancel is collected once and the account told it will be refunded', async () => {
    const db = t.database.db;
    const id = await newInvoice(db, accountNo, '2099-05-29', 1500);
    await runCollections(t.app.platform, { today: '2099-05-01', now });
    const [c] = await collectionsOf(db, id);
    const pm = c?.provider_id as string;
    fake.submitted.add(pm);
    await t.app.platform.tenancy.crossAccount('payments', (tx) =>
      payInvoice(tx, id, { reference: 'pi_card_late', amountPence: 1500 }),
    );
    await runCollections(t.app.platform, { today: '2099-05-26', now });
    expect((await collectionsOf(db, id))[0]).toMatchObject({
      state: 'pending_submission',
      failure: 'too late to cancel: the invoice was paid otherwise',
    });
    const sent = fake.requests.length;
    await runCollections(t.app.platform, { today: '2099-05-27', now });
    expect(fake.requests.length).toBe(sent); // not asked again
    const notes = (await notesOf(db, accountNo)).length;
    expect(await applied(deliver(event('EV_LATE', 'confirmed', pm)))).toEqual({ received: true, applied: 1 });
    expect(await invoiceOf(db, id)).toMatchObject({ status: 'paid', paid_reference: 'pi_card_late' });
    expect(await ledgerOf(db, id)).toHaveLength(1);
    const added = (await notesOf(db, accountNo)).slice(notes);
    expect(added.map((x) => x.title)).toEqual([`Direct Debit to be refunded: ${(await invoiceOf(db, id)).invoice_no}`]);
  });

  it('a cancel GoCardless fails to answer is reported and asked again, and does not hold up the run', async () => {
    const db = t.database.db;
    const first = await newInvoice(db, accountNo, '2099-06-30', 1800);
    await runCollections(t.app.platform, { today: '2099-06-01', now });
    const pm = (await collectionsOf(db, first))[0]?.provider_id as string;
    fake.broken.add(pm);
    await t.app.platform.tenancy.crossAccount('payments', (tx) =>
      payInvoice(tx, first, { reference: 'pi_card_outage', amountPence: 1800 }),
    );
    const second = await newInvoice(db, accountNo, '2099-07-31', 1800);
    await expect(runCollections(t.app.platform, { today: '2099-06-02', now })).rejects.toThrow();
    expect((await collectionsOf(db, first))[0]).toMatchObject({ state: 'pending_submission', failure: '' });
    expect((await collectionsOf(db, second))[0]?.state).toBe('pending_submission'); // submitted all the same
    fake.broken.delete(pm);
    await runCollections(t.app.platform, { today: '2099-06-03', now });
    expect((await collectionsOf(db, first))[0]).toMatchObject({
      state: 'cancelled',
      failure: 'the invoice was paid otherwise',
    });
  });

  it('a mandate GoCardless reports cancelled stops collections and tells the account', async () => {
    const db = t.database.db;
    const body = JSON.stringify({
      events: [
        {
          id: 'EV_MD',
          created_at: '2099-06-01T00:00:00Z',
          resource_type: 'mandates',
          action: 'cancelled',
          links: { mandate: 'MD0001' },
          details: { cause: 'bank_account_closed', description: 'The bank account was closed' },
        },
      ],
    });
    expect(await applied(deliver(body))).toEqual({ received: true, applied: 1 });
    expect(await applied(deliver(body))).toEqual({ received: true, applied: 0 });
    const dd = await db
      .selectFrom('direct_debits')
      .select(['provider_status', 'provider_reason'])
      .where('account_no', '=', accountNo)
      .where('superseded_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(dd).toEqual({ provider_status: 'cancelled', provider_reason: 'The bank account was closed' });
    const id = await newInvoice(db, accountNo, '2099-07-31');
    const sent = fake.requests.length;
    await runCollections(t.app.platform, { today: '2099-07-01', now });
    expect(await collectionsOf(db, id)).toEqual([]);
    // No payment asked for; the earlier invoice's collection still pending on it is cancelled.
    const pending = (await collectionsOf(db, id - 1))[0];
    expect(fake.requests.slice(sent).map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /payments/${pending?.provider_id}/actions/cancel`,
    ]);
    expect((await collectionsOf(db, id - 1))[0]).toMatchObject({
      state: 'cancelled',
      failure: 'the mandate is cancelled',
    });
    expect((await notesOf(db, accountNo)).map((x) => x.title)).toContain('Direct Debit mandate cancelled');
  });
});
