import { DIRECT_DEBIT_MESSAGES, type DirectDebitRecord, MESSAGES, mandateStatus } from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directDebitSubmit } from '../../test/direct-debit-fixtures.ts';
import { createTestContext, json, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let prepay: Record<string, string>;
let retail: Record<string, string>;
let viewer: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  prepay = await t.login('prepay');
  retail = await t.login('retail');
  viewer = await t.login('viewer');
});
afterAll(async () => t?.close());

type Reply = { success: boolean; message: string; name?: string; validation?: Record<string, string> };
const submit = directDebitSubmit;

describe('direct debit', () => {
  it('names the bank of a valid pair and refuses pairs that fail the modulus check', async () => {
    const ok = json<Reply>(
      await t.api('POST', '/billing/directdebit/bankname', prepay, { sortCode: '200000', accountNumber: '41011166' }),
    );
    expect(ok).toEqual({ success: true, name: 'Barclays Bank', message: '' });
    // Vocalink's own example pair (Santander's 08-99-99 range) passes; its failing example does not.
    expect(
      json<Reply>(
        await t.api('POST', '/billing/directdebit/bankname', prepay, { sortCode: '089999', accountNumber: '66374958' }),
      ),
    ).toMatchObject({ success: true, name: 'Santander UK' });
    for (const [sortCode, accountNumber] of [
      ['938063', '15764273'],
      ['200000', '31926819'],
    ]) {
      const bad = json<Reply>(
        await t.api('POST', '/billing/directdebit/bankname', prepay, { sortCode, accountNumber }),
      );
      expect(bad).toEqual({ success: false, name: '', message: DIRECT_DEBIT_MESSAGES.bankMismatch });
    }
    const pattern = await t.api('POST', '/billing/directdebit/bankname', prepay, {
      sortCode: '2000',
      accountNumber: '12345678',
    });
    expect(pattern.statusCode).toBe(400);
    expect(json<Reply>(pattern).validation).toEqual({
      sortCode: MESSAGES.sortCode,
      accountNumber: MESSAGES.bankAccount,
    });
  });

  it('looks up a postcode’s addresses', async () => {
    const found = json<{ records: { line_1: string; post_town: string }[] }>(
      await t.api('GET', '/address/LS1%204AP/addresses', prepay),
    );
    expect(found.records).toEqual([
      { line_1: '2 Park Row', line_2: '', post_town: 'Leeds', postal_county: 'West Yorkshire', country_iso: 'GB' },
    ]);
    expect(json<{ records: unknown[] }>(await t.api('GET', '/address/ZZ9%209ZZ/addresses', prepay)).records).toEqual(
      [],
    );
    expect((await t.api('GET', '/address/nonsense/addresses', prepay)).statusCode).toBe(400);
  });

  it('validates the form, refusing a bank mismatch and an unticked confirmation, changing nothing', async () => {
    const bad = await t.api('POST', '/billing/directdebit', prepay, submit({ accountNumber: '31926819' }));
    expect(bad.statusCode).toBe(400);
    expect(json<Reply>(bad).validation?.accountNumber).toBe(DIRECT_DEBIT_MESSAGES.bankMismatch);
    // A real account that takes no Direct Debits (the sandbox's savings account): named, but refused.
    const savings = await t.api('POST', '/billing/directdebit/bankname', prepay, {
      sortCode: '200000',
      accountNumber: '55500044',
    });
    expect(json<{ success: boolean; name: string; message: string }>(savings)).toEqual({
      success: false,
      name: 'Barclays Bank',
      message: DIRECT_DEBIT_MESSAGES.noDirectDebits,
    });
    const noDd = await t.api('POST', '/billing/directdebit', prepay, submit({ accountNumber: '55500044' }));
    expect(noDd.statusCode).toBe(400);
    expect(json<Reply>(noDd).validation?.accountNumber).toBe(DIRECT_DEBIT_MESSAGES.noDirectDebits);
    const unticked = await t.api('POST', '/billing/directdebit', prepay, submit({ onlySignatory: false }));
    expect(json<Reply>(unticked).validation?.onlySignatory).toBe(DIRECT_DEBIT_MESSAGES.confirm);
    const missing = await t.api('POST', '/billing/directdebit', prepay, submit({ company: '', telephone: '' }));
    expect(json<Reply>(missing).validation).toMatchObject({ company: MESSAGES.required, telephone: MESSAGES.required });
    expect(json<{ record: unknown }>(await t.api('GET', '/billing/directdebit', prepay)).record).toBeNull();
  });

  it('refuses an account number of more than 8 digits with the field’s message, never truncating it', async () => {
    // 410111661 cut to 8 digits is 41011166, a valid Barclays pair: it must not pass.
    for (const accountNumber of ['410111661', '4101116612', '41 011 1661']) {
      const named = await t.api('POST', '/billing/directdebit/bankname', prepay, { sortCode: '200000', accountNumber });
      expect(named.statusCode).toBe(400);
      expect(json<Reply>(named).validation).toEqual({ accountNumber: MESSAGES.bankAccount });
      const created = await t.api('POST', '/billing/directdebit', prepay, submit({ accountNumber }));
      expect(created.statusCode).toBe(400);
      expect(json<Reply>(created).validation).toEqual({ accountNumber: MESSAGES.bankAccount });
    }
    expect(json<{ record: unknown }>(await t.api('GET', '/billing/directdebit', prepay)).record).toBeNull();
  });

  it('sets up a Pending mandate, makes the prepay account postpay, and replaces it', async () => {
    const before = json<{ permissions: Record<string, number> }>(await t.api('GET', '/users/auth/session', prepay));
    expect(before.permissions['9006']).toBe(15);
    const res = await t.api('POST', '/billing/directdebit', prepay, submit());
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Reply>(res).message).toBe(DIRECT_DEBIT_MESSAGES.created);
    const record = json<{ record: DirectDebitRecord }>(await t.api('GET', '/billing/directdebit', prepay)).record;
    expect(record).toMatchObject({
      status: 'Pending',
      bank_name: 'Barclays Bank',
      account_ending: '1166',
      company_name: 'Bella Hair Studio',
      address: '2 Park Row, Leeds, West Yorkshire, LS1 4AP',
    });
    // The whole account number is nowhere in the reply.
    expect(JSON.stringify(record)).not.toContain('41011166');
    const after = json<{ permissions: Record<string, number> }>(await t.api('GET', '/users/auth/session', prepay));
    expect(after.permissions['9005']).toBe(15);
    expect(after.permissions['9006']).toBeUndefined();
    // A second set-up is a replacement (PUT), not another mandate.
    expect((await t.api('POST', '/billing/directdebit', prepay, submit())).statusCode).toBe(409);
    const replaced = await t.api(
      'PUT',
      '/billing/directdebit',
      prepay,
      submit({ sortCode: '089999', accountNumber: '66374958' }),
    );
    expect(json<Reply>(replaced).message).toBe(DIRECT_DEBIT_MESSAGES.updated);
    expect(
      json<{ record: DirectDebitRecord }>(await t.api('GET', '/billing/directdebit', prepay)).record,
    ).toMatchObject({
      bank_name: 'Santander UK',
      account_ending: '4958',
    });
    // Another account sees none of it; the viewer may not set one up.
    expect(json<{ record: unknown }>(await t.api('GET', '/billing/directdebit', retail)).record).toBeNull();
    expect((await t.api('POST', '/billing/directdebit', viewer, submit())).statusCode).toBe(403);
  });

  it('is Approved three working days after its set-up', () => {
    const friday = new Date('2026-11-20T10:00:00Z');
    expect(mandateStatus(friday, new Date('2026-11-24T10:00:00Z'))).toBe('Pending');
    expect(mandateStatus(friday, new Date('2026-11-25T00:00:00Z'))).toBe('Approved');
  });
});
