import {
  FEATURES,
  INVOICE_MESSAGES,
  type InvoiceDetail,
  type InvoiceRecord,
  MASK,
  MESSAGES,
} from '@switchboard/domain';
import { sql } from 'kysely';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingPeriod,
  type ChargeLine,
  lastCompletePeriod,
  markInvoicePaid,
  periodsUpTo,
  registerChargeSource,
  runBilling,
} from '../../modules/billing/index.ts';
import { NEW_ACCOUNT_DEFAULTS } from '../../modules/identity/new-account.ts';
import { addUser, createTestContext, json, ledgerOf, onPostgres, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let admin: Record<string, string>;
let retail: Record<string, string>;
let viewer: Record<string, string>;
let prepay: Record<string, string>;
let reseller: Record<string, string>;

/** A retail account of the tests' own, billed only the fixture's lines (it has no seats or numbers). */
const FIXTURE = 39001;
let fixtureLines: ChargeLine[] = [];
registerChargeSource('test-fixture', async (_tx, accountNo) => (accountNo === FIXTURE ? fixtureLines : []));

const tenancy = () => t.app.platform.tenancy;
type Page = { records: InvoiceRecord[]; totalRecords: number; lastPage: boolean };

const last = lastCompletePeriod();
// Three months long past (Overdue once issued and unpaid) and the month just ended (Unpaid).
const [p1, p2, p3] = periodsUpTo(last, 8) as [string, string, string];

async function counts(accountNo: number, period: string) {
  const next = billingPeriod(period).next;
  return tenancy().crossAccount('seed', async (tx) => {
    const n = async (table: 'seats' | 'telephone_numbers') =>
      Number(
        (
          await tx
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('account_no', '=', accountNo)
            .where(sql<boolean>`created_at < (${next}::date::timestamp at time zone 'Europe/London')`)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { seats: await n('seats'), numbers: await n('telephone_numbers') };
  });
}

const invoicesOf = (accountNo: number) =>
  tenancy().crossAccount('seed', (tx) =>
    tx
      .selectFrom('invoices')
      .select(['id', 'seq', 'invoice_no', 'period', 'subtotal_pence', 'vat_pence', 'total_pence', 'status'])
      .where('account_no', '=', accountNo)
      .orderBy('seq')
      .execute(),
  );

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin');
  retail = await t.login('retail');
  viewer = await t.login('viewer');
  prepay = await t.login('prepay');
  reseller = await t.login('reseller');
  await tenancy().crossAccount('seed', async (tx) => {
    await tx
      .insertInto('accounts')
      .values({
        account_no: FIXTURE,
        parent: 10000,
        account_type: 'postpay',
        account_kind: 'retail',
        first_name: 'Fiona',
        surname: 'Fixture',
        company: 'Fixture Joinery Ltd',
        address_line1: '9 Test Lane',
        address_line2: '',
        address_city: 'Leeds',
        address_county: 'West Yorkshire',
        address_country: 'United Kingdom',
        address_postcode: 'LS1 1AA',
        telephone: '01130000000',
        fax: '',
        mobile: '',
        email: 'fiona@fixture.example',
        end_user_type: '0',
        vulnerable_person: false,
        ...NEW_ACCOUNT_DEFAULTS,
      })
      .execute();
    // Acme's seats and numbers held since long before the periods billed here.
    await sql`update seats set created_at = '2020-01-01' where account_no = 30000`.execute(tx);
    await sql`update telephone_numbers set created_at = '2020-01-01' where account_no = 30000`.execute(tx);
  });
});
afterAll(async () => t?.close());

describe('the billing run', () => {
  it('invoices the hand-computed case: 3 × £6 + 1 × £1.50 → subtotal 1950, VAT 390, total 2340', async () => {
    fixtureLines = [
      { description: 'Seat rental', quantity: 3, unitPricePence: 600 },
      { description: 'Call recording storage', quantity: 1, unitPricePence: 150 },
    ];
    const result = await runBilling(t.app.platform, { period: p1, accounts: [FIXTURE] });
    expect(result.failed).toEqual([]);
    expect(result.issued).toHaveLength(1);
    const [inv] = await invoicesOf(FIXTURE);
    expect(inv).toMatchObject({
      period: p1,
      subtotal_pence: 1950,
      vat_pence: 390,
      total_pence: 2340,
      status: 'unpaid',
    });
    const lines = await tenancy().tenant(FIXTURE, (tx) =>
      tx
        .selectFrom('invoice_lines')
        .select(['description', 'quantity', 'unit_price_pence', 'amount_pence'])
        .orderBy('position')
        .execute(),
    );
    expect(lines).toEqual([
      { description: 'Seat rental', quantity: 3, unit_price_pence: 600, amount_pence: 1800 },
      { description: 'Call recording storage', quantity: 1, unit_price_pence: 150, amount_pence: 150 },
    ]);
    // The charge is on the ledger (inc VAT), the account notified and mailed, in the invoice's transaction.
    expect(await ledgerOf(t, FIXTURE)).toEqual({ balance: -2340, sum: -2340 });
    const side = await tenancy().crossAccount('seed', async (tx) => ({
      notes: await tx
        .selectFrom('notifications')
        .select(['title', 'message'])
        .where('account_no', '=', FIXTURE)
        .execute(),
      mails: await tx
        .selectFrom('mail_outbox')
        .select(['template', 'to_address', 'subject'])
        .where('account_no', '=', FIXTURE)
        .execute(),
      entries: await tx
        .selectFrom('ledger_entries')
        .select(['kind', 'amount_pence', 'reference', 'idempotency_key'])
        .where('account_no', '=', FIXTURE)
        .execute(),
    }));
    expect(side.notes).toHaveLength(1);
    expect(side.notes[0]?.title).toBe('Invoice issued');
    expect(side.notes[0]?.message).toContain(inv?.invoice_no);
    expect(side.mails).toEqual([
      {
        template: 'invoice-issued',
        to_address: 'fiona@fixture.example',
        subject: `Invoice ${inv?.invoice_no} for ${billingPeriod(p1).label}: £23.40`,
      },
    ]);
    expect(side.entries).toEqual([
      { kind: 'charge', amount_pence: -2340, reference: inv?.invoice_no, idempotency_key: `invoice:${inv?.id}` },
    ]);
  });

  it('rounds VAT half-up to the penny on odd pence (hand-computed)', async () => {
    // 1953p × 20 % = 390.6p → 391p; 1952p → 390.4p → 390p; 7p → 1.4p → 1p; 8p → 1.6p → 2p.
    const cases: Array<[ChargeLine[], number, number, number]> = [
      [[{ description: 'A', quantity: 1, unitPricePence: 1953 }], 1953, 391, 2344],
      [[{ description: 'B', quantity: 1, unitPricePence: 1952 }], 1952, 390, 2342],
      [
        [
          { description: 'C', quantity: 3, unitPricePence: 333 },
          { description: 'D', quantity: 1, unitPricePence: 7 },
        ],
        1006,
        201,
        1207,
      ],
      [[{ description: 'E', quantity: 4, unitPricePence: 2 }], 8, 2, 10],
    ];
    const periods = [p2, p3, periodsUpTo(last, 8)[3], periodsUpTo(last, 8)[4]] as string[];
    for (const [i, [lines, subtotal, vat, total]] of cases.entries()) {
      fixtureLines = lines;
      const r = await runBilling(t.app.platform, { period: periods[i] as string, accounts: [FIXTURE] });
      expect(r.issued).toHaveLength(1);
      const inv = (await invoicesOf(FIXTURE)).find((x) => x.period === periods[i]);
      expect(inv).toMatchObject({ subtotal_pence: subtotal, vat_pence: vat, total_pence: total });
    }
  });

  it('is idempotent: a second run of a period issues nothing, posts nothing, numbers nothing', async () => {
    const before = await invoicesOf(FIXTURE);
    const balance = await ledgerOf(t, FIXTURE);
    const again = await runBilling(t.app.platform, { period: p1, accounts: [FIXTURE] });
    expect(again).toMatchObject({ issued: [], existing: 1, noCharges: 0, failed: [] });
    expect(await invoicesOf(FIXTURE)).toEqual(before);
    expect(await ledgerOf(t, FIXTURE)).toEqual(balance);
  });

  it('makes no invoice for a month without charges, and refuses a month not yet ended', async () => {
    fixtureLines = [];
    const r = await runBilling(t.app.platform, { period: periodsUpTo(last, 8)[5] as string, accounts: [FIXTURE] });
    expect(r).toMatchObject({ issued: [], noCharges: 1 });
    const [y, m] = last.split('-').map(Number) as [number, number];
    const current = `${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}`;
    await expect(runBilling(t.app.platform, { period: current })).rejects.toThrow(/has not ended/);
    await expect(runBilling(t.app.platform, { period: '2026-13' })).rejects.toThrow(/YYYY-MM/);
  });

  it('bills the retail accounts from the charge sources: seats at £6 and numbers at £2 a month', async () => {
    const r = await runBilling(t.app.platform, { period: p2 });
    expect(r.failed).toEqual([]);
    expect(r.issued.map((i) => i.accountNo)).toEqual([30000]); // the fixture had p2 already
    expect(r.existing).toBe(1);
    const c = await counts(30000, p2);
    expect(c.seats).toBeGreaterThan(0);
    expect(c.numbers).toBeGreaterThan(0);
    const subtotal = c.seats * 600 + c.numbers * 200;
    const vat = Math.floor((subtotal * 20 + 50) / 100);
    const [inv] = await invoicesOf(30000);
    expect(inv).toMatchObject({ period: p2, subtotal_pence: subtotal, vat_pence: vat, total_pence: subtotal + vat });
    const detail = json<InvoiceDetail>(await t.api('GET', `/invoice/${inv?.id}/detail`, retail));
    expect(detail.lines.map((l) => [l.description, l.quantity, l.unitPricePence, l.amountPence])).toEqual([
      [`Seat rental, ${billingPeriod(p2).label}`, c.seats, 600, c.seats * 600],
      [`Telephone number rental, ${billingPeriod(p2).label}`, c.numbers, 200, c.numbers * 200],
    ]);
    // Acme's first invoice of the month billed, the month just ended: still within its terms.
    await runBilling(t.app.platform, { period: p3 });
    await runBilling(t.app.platform, { period: last });
  });

  it('invoices a deleted account up to the month it was deleted in, never after', async () => {
    // Months of their own (16 and 15 back): the other tests bill 12 back and later.
    const [deletedIn, after] = periodsUpTo(last, 16).slice(0, 2) as [string, string];
    await tenancy().crossAccount('seed', (tx) =>
      sql`update accounts set deleted_at = ${`${billingPeriod(deletedIn).start}T12:00:00Z`}::timestamptz where account_no = ${FIXTURE}`.execute(
        tx,
      ),
    );
    try {
      fixtureLines = [{ description: 'Seat rental', quantity: 1, unitPricePence: 600 }];
      expect((await runBilling(t.app.platform, { period: deletedIn })).issued.map((i) => i.accountNo)).toContain(
        FIXTURE,
      );
      expect((await runBilling(t.app.platform, { period: after })).issued.map((i) => i.accountNo)).not.toContain(
        FIXTURE,
      );
    } finally {
      await tenancy().crossAccount('seed', (tx) =>
        sql`update accounts set deleted_at = null where account_no = ${FIXTURE}`.execute(tx),
      );
    }
  });

  it('issues a retail prepay account’s invoice Paid: the charge takes it from the prepaid balance', async () => {
    const period = periodsUpTo(last, 16)[2] as string; // 14 months back: a month of its own
    await tenancy().crossAccount('seed', (tx) =>
      sql`update accounts set account_type = 'prepay' where account_no = ${FIXTURE}`.execute(tx),
    );
    try {
      fixtureLines = [{ description: 'Seat rental', quantity: 2, unitPricePence: 600 }];
      const before = await ledgerOf(t, FIXTURE);
      const r = await runBilling(t.app.platform, { period, accounts: [FIXTURE] });
      expect(r.issued).toHaveLength(1);
      const inv = await tenancy().crossAccount('seed', (tx) =>
        tx
          .selectFrom('invoices')
          .select(['status', 'paid_reference', 'total_pence', sql<string>`to_char(paid_date, 'YYYY-MM-DD')`.as('paid')])
          .where('account_no', '=', FIXTURE)
          .where('period', '=', period)
          .executeTakeFirstOrThrow(),
      );
      expect(inv).toEqual({
        status: 'paid',
        paid_reference: 'Prepaid balance',
        total_pence: 1440,
        paid: billingPeriod(period).next,
      });
      // One posting: the charge (no payment credit besides it).
      expect(await ledgerOf(t, FIXTURE)).toEqual({ balance: before.balance - 1440, sum: before.sum - 1440 });
    } finally {
      await tenancy().crossAccount('seed', (tx) =>
        sql`update accounts set account_type = 'postpay' where account_no = ${FIXTURE}`.execute(tx),
      );
    }
  });

  it('numbers invoices from one gap-free sequence per provider, no number twice', async () => {
    const all = await tenancy().crossAccount('seed', (tx) =>
      tx.selectFrom('invoices').select(['seq', 'invoice_no', 'provider_account_no']).orderBy('seq').execute(),
    );
    expect(all.every((i) => i.provider_account_no === 10000)).toBe(true);
    expect(all.map((i) => i.seq)).toEqual(all.map((_, i) => i + 1));
    expect(all.map((i) => i.invoice_no)).toEqual(all.map((_, i) => `INV-${String(i + 1).padStart(6, '0')}`));
  });

  it.skipIf(!onPostgres)(
    'issues each invoice once and numbers without gaps under two concurrent runs (PostgreSQL)',
    async () => {
      fixtureLines = [{ description: 'Seat rental', quantity: 2, unitPricePence: 600 }];
      const periods = periodsUpTo(last, 12).slice(0, 4);
      const runAll = () => Promise.all(periods.map((period) => runBilling(t.app.platform, { period })));
      const [a, b] = await Promise.all([runAll(), runAll()]);
      const issued = [...(a ?? []), ...(b ?? [])].flatMap((r) => r.issued);
      const failed = [...(a ?? []), ...(b ?? [])].flatMap((r) => r.failed);
      expect(failed).toEqual([]);
      // Two accounts × four periods, each issued by exactly one of the runs.
      expect(issued).toHaveLength(8);
      const all = await tenancy().crossAccount('seed', (tx) =>
        tx.selectFrom('invoices').select(['seq', 'account_no', 'period']).orderBy('seq').execute(),
      );
      expect(all.map((i) => i.seq)).toEqual(all.map((_, i) => i + 1));
      expect(new Set(all.map((i) => `${i.account_no}:${i.period}`)).size).toBe(all.length);
    },
  );
});

describe('the invoices list', () => {
  const list = (who: Record<string, string>, body: object = {}, page = '0/15') =>
    t.api('POST', `/invoice/${page}`, who, body);

  it('lists the account’s own invoices, newest first, with the derived statuses', async () => {
    const page = json<Page>(await list(retail));
    expect(page.records.length).toBeGreaterThanOrEqual(3);
    expect(page.records.every((r) => r.accountNo === 30000)).toBe(true);
    const byPeriod = new Map(page.records.map((r) => [r.period, r]));
    // Unpaid past its due date: Overdue. The month just ended: Unpaid (due at the end of this month).
    expect(byPeriod.get(p2)?.status).toBe('Overdue');
    expect(byPeriod.get(last)?.status).toBe('Unpaid');
    const newest = page.records[0] as InvoiceRecord;
    expect(newest.period).toBe(last);
    expect(newest.date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(newest.total).toBe(newest.totalPence / 100);
    expect(newest.subTotalPence + newest.vatPence).toBe(newest.totalPence);
  });

  it('filters by status and date range, and searches by invoice number', async () => {
    const overdue = json<Page>(await list(retail, { filters: { status: 'Overdue' } }));
    expect(overdue.records.map((r) => r.status)).toEqual(overdue.records.map(() => 'Overdue'));
    expect(overdue.records.map((r) => r.period)).toContain(p2);
    const unpaid = json<Page>(await list(retail, { filters: { status: 'Unpaid' } }));
    expect(unpaid.records.map((r) => r.period)).toEqual([last]);
    const next = billingPeriod(p2).next;
    const ranged = json<Page>(await list(retail, { dateFrom: next, dateTo: next }));
    expect(ranged.records.map((r) => r.period)).toEqual([p2]);
    const target = unpaid.records[0] as InvoiceRecord;
    const searched = json<Page>(await list(retail, { search: target.invoiceNo }));
    expect(searched.records.map((r) => r.id)).toEqual([target.id]);
    expect(json<Page>(await list(retail, { search: 'INV-999999' })).records).toEqual([]);
    const bad = await list(retail, { filters: { colour: 'red' } });
    expect(bad.statusCode).toBe(400);
    expect((await list(retail, { dateFrom: 'yesterday' })).statusCode).toBe(400);
  });

  it('answers the spec’s search (invoiceNo, accountNo) and POST /invoice', async () => {
    const unpaid = json<Page>(await list(retail, { filters: { status: 'Unpaid' } })).records[0] as InvoiceRecord;
    const found = json<Page>(
      await t.api('POST', '/invoice/search/0/1', retail, { invoiceNo: unpaid.invoiceNo, accountNo: 30000 }),
    );
    expect(found.records.map((r) => r.id)).toEqual([unpaid.id]);
    // Another account's number or another account named: nothing.
    const fixtureNo = (await invoicesOf(FIXTURE))[0]?.invoice_no as string;
    expect(json<Page>(await t.api('POST', '/invoice/search/0/1', retail, { invoiceNo: fixtureNo })).records).toEqual(
      [],
    );
    expect(
      json<Page>(
        await t.api('POST', '/invoice/search/0/1', retail, { invoiceNo: unpaid.invoiceNo, accountNo: FIXTURE }),
      ).records,
    ).toEqual([]);
    const all = json<Page>(await t.api('POST', '/invoice', retail, {}));
    expect(all.totalRecords).toBe(all.records.length);
    expect(all.records.every((r) => r.accountNo === 30000)).toBe(true);
  });

  it('is for retail accounts with account read; admin stands in for account, never for retail', async () => {
    expect((await list(viewer)).statusCode).toBe(200); // read-only user of Acme
    expect((await list(prepay)).statusCode).toBe(403); // Bella: not a retail account
    expect((await list(reseller)).statusCode).toBe(403); // wholesale
    expect((await t.api('POST', '/invoice/0/15', {}, {})).statusCode).toBe(401);
    await addUser(t.database.db, {
      username: 'acme-no-account',
      accountNo: 30000,
      grants: [[FEATURES.seats, MASK.all]],
    });
    const noAccount = await t.login('acme-no-account');
    expect((await list(noAccount)).statusCode).toBe(403);
    expect((await t.api('GET', '/tariff/pdf', noAccount)).statusCode).toBe(403);
    await addUser(t.database.db, {
      username: 'acme-admin',
      accountNo: 30000,
      grants: [[FEATURES.admin, MASK.readOnly]],
    });
    expect((await list(await t.login('acme-admin'))).statusCode).toBe(200);
  });

  it('keeps each account to its own invoices (another account’s id is a 404)', async () => {
    const fixtureId = (await invoicesOf(FIXTURE))[0]?.id as number;
    expect((await t.api('GET', `/invoice/${fixtureId}/detail`, retail)).statusCode).toBe(404);
    expect((await t.api('GET', `/invoice/${fixtureId}`, retail)).statusCode).toBe(404);
    expect((await t.api('GET', `/invoice/${fixtureId}/pdf`, retail)).statusCode).toBe(404);
    const seen = await tenancy().tenant(30000, (tx) => tx.selectFrom('invoices').select('account_no').execute());
    expect(seen.every((r) => r.account_no === 30000)).toBe(true);
    const lines = await tenancy().tenant(30000, (tx) => tx.selectFrom('invoice_lines').select('account_no').execute());
    expect(lines.every((r) => r.account_no === 30000)).toBe(true);
    // A tenant cannot issue itself an invoice, nor rewrite one.
    await expect(
      tenancy().tenant(30000, (tx) =>
        tx.updateTable('invoices').set({ total_pence: 1, subtotal_pence: 1, vat_pence: 0 }).execute(),
      ),
    ).rejects.toThrow();
    await expect(tenancy().tenant(30000, (tx) => tx.deleteFrom('invoice_lines').execute())).rejects.toThrow();
  });
});

describe('the PDFs', () => {
  const text = async (body: Buffer | Uint8Array) => {
    const { text } = await extractText(new Uint8Array(body), { mergePages: true });
    return text;
  };

  it('renders the invoice: provider header, account address, number, lines, subtotal, VAT and total', async () => {
    const inv = (await invoicesOf(FIXTURE)).find((i) => i.period === p1);
    const fixtureUser = await addUser(t.database.db, {
      username: 'fixture-holder',
      accountNo: FIXTURE,
      grants: [[FEATURES.account, MASK.all]],
    });
    expect(fixtureUser).toBeGreaterThan(0);
    const who = await t.login('fixture-holder');
    const res = await t.api('GET', `/invoice/${inv?.id}/pdf`, who);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${inv?.invoice_no}.pdf"`);
    const content = await text(res.rawPayload);
    for (const expected of [
      'Switchboard Telecom Ltd',
      '1 Exchange Street',
      'Fixture Joinery Ltd',
      '9 Test Lane',
      'LS1 1AA',
      inv?.invoice_no as string,
      'Seat rental',
      'Call recording storage',
      '£6.00',
      '£18.00',
      '£1.50',
      'Subtotal',
      '£19.50',
      'VAT 20%',
      '£3.90',
      '£23.40',
      'Payment terms',
    ]) {
      expect(content).toContain(expected);
    }
    expect(content).not.toContain('PAID');
    // The spec's GET /invoice/{id}: the same PDF as base64.
    const b64 = json<{ pdf: string }>(await t.api('GET', `/invoice/${inv?.id}`, who));
    expect(await text(Buffer.from(b64.pdf, 'base64'))).toContain(inv?.invoice_no as string);
  });

  it('offers the tariff: the seat rental and the service tariff’s numbers (rental by type, setup) ex and inc VAT', async () => {
    const res = await t.api('GET', '/tariff/pdf', retail);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const content = await text(res.rawPayload);
    for (const expected of [
      'TARIFF',
      'Switchboard Telecom Ltd',
      'Seat rental',
      '£6.00',
      '£7.20',
      'Telephone number rental',
      '£2.00',
      '£2.40',
      '0800 freephone number rental',
      '0800 freephone number setup',
      '£10.00',
      '£12.00',
      'International number rental',
    ]) {
      expect(content).toContain(expected);
    }
  });
});

describe('the payment terms on the PDF, for each way an invoice is paid', () => {
  /** The PDF's text with its line breaks as spaces (a paragraph wraps across lines). */
  const pdfText = async (id: number) => {
    const res = await t.api('GET', `/invoice/${id}/pdf`, await t.login('fixture-holder'));
    expect(res.statusCode).toBe(200);
    const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
    return text.replace(/\s+/g, ' ');
  };
  const datesOf = (id: number) =>
    tenancy().crossAccount('seed', async (tx) => {
      const { rows } = await sql<{ date: string; due: string; paid: string | null }>`
        select to_char(invoice_date, 'DD/MM/YYYY') as date, to_char(due_date, 'DD/MM/YYYY') as due,
          to_char(paid_date, 'DD/MM/YYYY') as paid
        from invoices where id = ${id}`.execute(tx);
      return rows[0] as { date: string; due: string; paid: string | null };
    });
  const seed = (q: ReturnType<typeof sql>) => tenancy().crossAccount('seed', (tx) => q.execute(tx));
  const VAT_NOTE = 'Prices are in pounds sterling; VAT is charged at 20%.';
  const PAY_BY_CARD = 'Pay by card in the control panel (Invoices, Pay Invoice).';
  let current: { id: number; date: string; due: string };

  beforeAll(async () => {
    // The month just ended: Unpaid, due at the end of this month (a postpay retail account).
    fixtureLines = [{ description: 'Seat rental', quantity: 1, unitPricePence: 600 }];
    const r = await runBilling(t.app.platform, { period: last, accounts: [FIXTURE] });
    expect(r.issued).toHaveLength(1);
    const inv = (await invoicesOf(FIXTURE)).find((i) => i.period === last);
    const id = inv?.id as number;
    current = { id, ...(await datesOf(id)) };
  });

  it('postpay, nothing set up: due within 30 days, by the due date, paid by card in the panel', async () => {
    const text = await pdfText(current.id);
    expect(text).toContain(
      `Payment is due within 30 days of the invoice date, by ${current.due}. ${PAY_BY_CARD} ${VAT_NOTE}`,
    );
    expect(text).not.toContain('bank transfer');
    expect(text).not.toContain('PAID');
  });

  it('postpay with a Direct Debit mandate: collected by it, usually 3 days before the due date', async () => {
    await seed(sql`insert into direct_debits (account_no, holder_first_name, holder_last_name, account_holder,
        bank_name, sort_code, account_ending, company, telephone, address, postcode, superseded_at)
      values (${FIXTURE}, 'Fiona', 'Fixture', 'Fiona Fixture', 'Old Bank', '200000', '9999', 'Fixture Joinery Ltd',
        '01130000000', '9 Test Lane', 'LS1 1AA', now() - interval '1 day'),
        (${FIXTURE}, 'Fiona', 'Fixture', 'Fiona Fixture', 'Barclays Bank', '200000', '1234', 'Fixture Joinery Ltd',
        '01130000000', '9 Test Lane', 'LS1 1AA', null)`);
    try {
      const text = await pdfText(current.id);
      // The current mandate, not the superseded one.
      expect(text).toContain(
        `Payment is due within 30 days of the invoice date, by ${current.due}. It will be collected by Direct Debit from your Barclays Bank account ending 1234, usually 3 days before the due date.`,
      );
      expect(text).not.toContain('Old Bank');
      expect(text).not.toContain(PAY_BY_CARD);
    } finally {
      await seed(sql`delete from direct_debits where account_no = ${FIXTURE}`);
    }
  });

  it('postpay with a Direct Debit mandate: a failed collection, or a mandate the bank cancelled, is paid by card', async () => {
    const mandateId = await tenancy().crossAccount('seed', async (tx) => {
      const { rows } = await sql<{ id: number }>`insert into direct_debits (account_no, holder_first_name,
          holder_last_name, account_holder, bank_name, sort_code, account_ending, company, telephone, address, postcode)
        values (${FIXTURE}, 'Fiona', 'Fixture', 'Fiona Fixture', 'Barclays Bank', '200000', '1234',
          'Fixture Joinery Ltd', '01130000000', '9 Test Lane', 'LS1 1AA') returning id`.execute(tx);
      return rows[0]?.id as number;
    });
    try {
      await seed(sql`insert into direct_debit_collections (account_no, invoice_id, mandate_id, provider, amount_pence,
          charge_date, state, failure, idempotency_key)
        values (${FIXTURE}, ${current.id}, ${mandateId}, 'sandbox', 720, current_date, 'failed', 'refer to payer',
          'terms-test-collection')`);
      const failed = await pdfText(current.id);
      expect(failed).toContain(
        `by ${current.due}. The Direct Debit collection from your Barclays Bank account ending 1234 did not succeed. ${PAY_BY_CARD}`,
      );
      expect(failed).not.toContain('It will be collected');
      await seed(sql`delete from direct_debit_collections where account_no = ${FIXTURE}`);
      await seed(sql`update direct_debits set provider_status = 'cancelled' where id = ${mandateId}`);
      expect(await pdfText(current.id)).toContain(
        `Your Direct Debit mandate (Barclays Bank, account ending 1234) has been cancelled by your bank, so this invoice will not be collected. ${PAY_BY_CARD}`,
      );
    } finally {
      await seed(sql`delete from direct_debit_collections where account_no = ${FIXTURE}`);
      await seed(sql`delete from direct_debits where account_no = ${FIXTURE}`);
    }
  });

  it('postpay with invoice auto-pay: the card charged 3 days after the invoice date; a failed charge says so', async () => {
    const overdue = (await invoicesOf(FIXTURE)).find((i) => i.period === p2);
    const [y, m, d] = current.date.split('/').reverse().map(Number) as [number, number, number];
    const chargeOn = new Date(Date.UTC(y, m - 1, d + 3)).toISOString().slice(0, 10).split('-').reverse().join('/');
    const payment = await tenancy().crossAccount('seed', async (tx) => {
      const { rows } = await sql<{ id: number }>`insert into payments (account_no, purpose, invoice_id, amount_pence,
          description, provider, provider_id, client_secret, status, card_last4)
        values (${FIXTURE}, 'invoice', ${overdue?.id as number}, 100, 'Terms test', 'sandbox', 'pi_terms_test',
          'pi_terms_test_secret', 'succeeded', '4242') returning id`.execute(tx);
      return rows[0]?.id as number;
    });
    // Auto-pay covers invoices dated from its start: this one, not one dated before.
    await seed(sql`insert into invoice_auto_pay (account_no, enabled, payment_id, since)
      values (${FIXTURE}, true, ${payment}, ${current.date.split('/').reverse().join('-')}::date)`);
    // With a mandate too, auto-pay (three days after the invoice date) comes first.
    await seed(sql`insert into direct_debits (account_no, holder_first_name, holder_last_name, account_holder,
        bank_name, sort_code, account_ending, company, telephone, address, postcode)
      values (${FIXTURE}, 'Fiona', 'Fixture', 'Fiona Fixture', 'Barclays Bank', '200000', '1234',
        'Fixture Joinery Ltd', '01130000000', '9 Test Lane', 'LS1 1AA')`);
    try {
      expect(await pdfText(current.id)).toContain(
        `Payment is due within 30 days of the invoice date, by ${current.due}. Invoice auto-pay charges it to your card ending 4242 on ${chargeOn}, 3 days after the invoice date. ${VAT_NOTE}`,
      );
      await seed(sql`insert into invoice_auto_charges (account_no, invoice_id, state, failure)
        values (${FIXTURE}, ${current.id}, 'failed', 'Your card was declined.')`);
      expect(await pdfText(current.id)).toContain(
        `by ${current.due}. The automatic charge to your card ending 4242 did not succeed. ${PAY_BY_CARD}`,
      );
      // Turned off: the mandate collects it.
      await seed(sql`update invoice_auto_pay set enabled = false where account_no = ${FIXTURE}`);
      expect(await pdfText(current.id)).toContain('It will be collected by Direct Debit from your Barclays Bank');
      // An invoice dated before auto-pay began, past its due date: overdue, to be paid now.
      await seed(sql`update invoice_auto_pay set enabled = true where account_no = ${FIXTURE}`);
      const old = await datesOf(overdue?.id as number);
      const text = await pdfText(overdue?.id as number);
      expect(text).toContain(
        `This invoice is overdue: £${((overdue?.total_pence as number) / 100).toFixed(2)} was due by ${old.due}. Please pay it now. ${PAY_BY_CARD}`,
      );
      expect(text).not.toContain('Payment is due within');
      expect(text).not.toContain('4242');
    } finally {
      await seed(sql`delete from invoice_auto_charges where account_no = ${FIXTURE}`);
      await seed(sql`delete from invoice_auto_pay where account_no = ${FIXTURE}`);
      await seed(sql`delete from direct_debits where account_no = ${FIXTURE}`);
      await seed(sql`delete from payments where id = ${payment}`);
    }
  });

  it('prepay: paid from the prepaid balance when issued, nothing due', async () => {
    const prepaid = await tenancy().crossAccount('seed', (tx) =>
      tx
        .selectFrom('invoices')
        .select('id')
        .where('account_no', '=', FIXTURE)
        .where('paid_reference', '=', 'Prepaid balance')
        .executeTakeFirstOrThrow(),
    );
    const { paid } = await datesOf(prepaid.id);
    const text = await pdfText(prepaid.id);
    expect(text).toContain(
      `Prepay account: this invoice was paid from your prepaid balance when it was issued on ${paid}. Nothing is due. Top up in the control panel to keep your balance in credit. ${VAT_NOTE}`,
    );
    expect(text).toContain('PAID');
    expect(text).not.toContain('Payment is due within');
    expect(text).not.toContain(PAY_BY_CARD);
  });
});

describe('paying and voiding', () => {
  it('markInvoicePaid posts the payment once, sets Paid with the date, and refuses what it must', async () => {
    const inv = (await invoicesOf(FIXTURE)).find((i) => i.period === p1);
    const id = inv?.id as number;
    const before = await ledgerOf(t, FIXTURE);
    const pay = (reference: string, amountPence = 2340) =>
      tenancy().crossAccount('payments', (tx) => markInvoicePaid(tx, id, { reference, amountPence }));
    await expect(pay('pi_1', 2339)).rejects.toThrow(INVOICE_MESSAGES.wrongAmount(2340));
    const first = await pay('pi_1');
    const again = await pay('pi_1');
    expect(first.duplicate).toBe(false);
    expect(again).toMatchObject({ duplicate: true, ledgerEntryId: first.ledgerEntryId });
    await expect(pay('pi_other')).rejects.toThrow(INVOICE_MESSAGES.alreadyPaid);
    expect(await ledgerOf(t, FIXTURE)).toEqual({ balance: before.balance + 2340, sum: before.sum + 2340 });
    const fixtureUser = await t.login('fixture-holder');
    const detail = json<InvoiceDetail>(await t.api('GET', `/invoice/${id}/detail`, fixtureUser));
    expect(detail).toMatchObject({ status: 'Paid', paidReference: 'pi_1' });
    expect(detail.paidDate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const pdf = await t.api('GET', `/invoice/${id}/pdf`, fixtureUser);
    const paidText = (await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true })).text.replace(
      /\s+/g,
      ' ',
    );
    expect(paidText).toContain('PAID');
    // Paid by card: nothing is due (no due-date terms, no prepaid balance).
    expect(paidText).toContain(`Paid on ${detail.paidDate}, thank you. Nothing is due.`);
    expect(paidText).not.toContain('Payment is due within');
    expect(paidText).not.toContain('prepaid balance');
    // Another account's invoice is not found from a tenant transaction.
    await expect(
      tenancy().tenant(30000, (tx) => markInvoicePaid(tx, id, { reference: 'x', amountPence: 2340 })),
    ).rejects.toThrow(MESSAGES.recordNotFound);
  });

  it.skipIf(!onPostgres)('pays once under two concurrent confirmations of the same payment (PostgreSQL)', async () => {
    const inv = (await invoicesOf(FIXTURE)).find((i) => i.status === 'unpaid');
    const pay = () =>
      tenancy().crossAccount('payments', (tx) =>
        markInvoicePaid(tx, inv?.id as number, { reference: 'pi_race', amountPence: inv?.total_pence as number }),
      );
    const before = await ledgerOf(t, FIXTURE);
    const results = await Promise.all([pay(), pay(), pay()]);
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect((await ledgerOf(t, FIXTURE)).balance).toBe(before.balance + (inv?.total_pence as number));
  });

  it('lists every account’s invoices to provider admins only, by account and searchable by company', async () => {
    const all = json<Page>(await t.api('POST', '/invoice/provider/0/50', admin, {}));
    const accounts = new Set(all.records.map((r) => r.accountNo));
    expect(accounts.has(30000) && accounts.has(FIXTURE)).toBe(true);
    const fixture = json<Page>(
      await t.api('POST', '/invoice/provider/0/50', admin, { filters: { accountNo: FIXTURE } }),
    );
    expect(fixture.records.length).toBeGreaterThan(0);
    expect(fixture.records.every((r) => r.accountNo === FIXTURE && r.company === 'Fixture Joinery Ltd')).toBe(true);
    const byCompany = json<Page>(await t.api('POST', '/invoice/provider/0/50', admin, { search: 'joinery' }));
    expect(byCompany.totalRecords).toBe(fixture.totalRecords);
    for (const who of [retail, viewer, prepay, reseller]) {
      expect((await t.api('POST', '/invoice/provider/0/15', who, {})).statusCode).toBe(403);
    }
  });

  it('lets a provider admin void an unpaid invoice with a reason: credited back and audited', async () => {
    const inv = (await invoicesOf(FIXTURE)).find((i) => i.status === 'unpaid');
    const id = inv?.id as number;
    const before = await ledgerOf(t, FIXTURE);
    expect((await t.api('POST', `/invoice/${id}/void`, retail, { reason: 'x' })).statusCode).toBe(403);
    const empty = await t.api('POST', `/invoice/${id}/void`, admin, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    const stale = await t.api('POST', `/invoice/${id}/void`, admin, { reason: 'Wrong seats', version: 99 });
    expect(stale.statusCode).toBe(409);
    expect(json(stale).message).toBe(MESSAGES.staleVersion);
    const ok = await t.api('POST', `/invoice/${id}/void`, admin, { reason: 'Wrong seats', version: 1 });
    expect(ok.statusCode).toBe(200);
    expect(json(ok)).toMatchObject({ success: true, message: INVOICE_MESSAGES.voided(inv?.invoice_no as string) });
    expect(await ledgerOf(t, FIXTURE)).toEqual({
      balance: before.balance + (inv?.total_pence as number),
      sum: before.sum + (inv?.total_pence as number),
    });
    const again = await t.api('POST', `/invoice/${id}/void`, admin, { reason: 'Wrong seats' });
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe(INVOICE_MESSAGES.alreadyVoid);
    await t.app.platform.outbox.drain();
    const audited = await tenancy().crossAccount('seed', (tx) =>
      tx.selectFrom('audit_log').select(['action', 'target_account_no']).where('action', '=', 'invoice.void').execute(),
    );
    expect(audited).toEqual([{ action: 'invoice.void', target_account_no: FIXTURE }]);
    // A void invoice cannot be paid; a paid one cannot be voided.
    await expect(
      tenancy().tenant(FIXTURE, (tx) =>
        markInvoicePaid(tx, id, { reference: 'pi_9', amountPence: inv?.total_pence as number }),
      ),
    ).rejects.toThrow(INVOICE_MESSAGES.voidCannotPay);
    // The void invoice's PDF: nothing is due.
    const voidPdf = await t.api('GET', `/invoice/${id}/pdf`, await t.login('fixture-holder'));
    const voidText = (await extractText(new Uint8Array(voidPdf.rawPayload), { mergePages: true })).text.replace(
      /\s+/g,
      ' ',
    );
    expect(voidText).toContain('This invoice is void: nothing is due.');
    expect(voidText).toContain('VOID');
    expect(voidText).not.toContain('Payment is due within');
    const paid = (await invoicesOf(FIXTURE)).find((i) => i.status === 'paid');
    const refused = await t.api('POST', `/invoice/${paid?.id}/void`, admin, { reason: 'x' });
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toBe(INVOICE_MESSAGES.paidCannotVoid);
    expect((await t.api('POST', '/invoice/999999/void', admin, { reason: 'x' })).statusCode).toBe(404);
  });
});
