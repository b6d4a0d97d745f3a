import { BUNDLE_MESSAGES, type BundleRecord, type BundleUsage } from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingPeriod,
  chargeSourceList,
  chargeSourceNames,
  lastCompletePeriod,
} from '../../modules/billing/billing-periods.ts';
import { createTestContext, json, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let retail: Record<string, string>;
let prepay: Record<string, string>;
let viewer: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
  prepay = await t.login('prepay');
  viewer = await t.login('viewer');
});
afterAll(async () => t?.close());

type Reply = { success?: boolean; message: string; id?: number; validation?: Record<string, string> };
const list = async (headers = retail) =>
  json<{ records: BundleRecord[] }>(await t.api('GET', '/bundle/list', headers)).records;

describe('bundles', () => {
  it('enables a bundle once, shows it with its usage, and ceases it', async () => {
    expect((await list()).every((b) => b.id === null)).toBe(true);
    const on = await t.api('POST', '/bundle', retail, { bundleId: 1, accountNo: 30000 });
    expect(on.statusCode, on.body).toBe(200);
    expect(json<Reply>(on).message).toBe(BUNDLE_MESSAGES.enabled('UK Minutes 1000'));
    const id = json<Reply>(on).id as number;
    const twice = await t.api('POST', '/bundle', retail, { bundleId: 1, accountNo: 30000 });
    expect(twice.statusCode).toBe(400);
    expect(json<Reply>(twice).message).toBe(BUNDLE_MESSAGES.alreadyActive);
    expect((await t.api('POST', '/bundle', retail, { bundleId: 99 })).statusCode).toBe(400);
    expect((await list()).find((b) => b.bundleId === 1)).toMatchObject({ id, name: 'UK Minutes 1000' });
    const usage = json<{ records: BundleUsage[] }>(await t.api('GET', '/bundle/usage', retail)).records;
    expect(usage).toEqual([{ id, bundleId: 1, name: 'UK Minutes 1000', minutes: 1000, used: 0 }]);
    // Another account neither sees nor ceases it; the viewer may not change bundles.
    expect((await list(prepay)).every((b) => b.id === null)).toBe(true);
    expect((await t.api('DELETE', `/bundle/cease/${id}`, prepay)).statusCode).toBe(404);
    expect((await t.api('POST', '/bundle', retail, { bundleId: 2, accountNo: 30001 })).statusCode).toBe(404);
    expect((await t.api('POST', '/bundle', viewer, { bundleId: 2 })).statusCode).toBe(403);
    expect((await t.api('DELETE', `/bundle/cease/${id}`, viewer)).statusCode).toBe(403);
    const off = await t.api('DELETE', `/bundle/cease/${id}`, retail);
    expect(json<Reply>(off).message).toBe(BUNDLE_MESSAGES.ceased('UK Minutes 1000'));
    const again = await t.api('DELETE', `/bundle/cease/${id}`, retail);
    expect(again.statusCode).toBe(404);
    expect(json<Reply>(again).message).toBe(BUNDLE_MESSAGES.notActive);
    expect((await list()).every((b) => b.id === null)).toBe(true);
  });

  it('charges a whole month for each month a bundle was active in, on that month’s invoice', async () => {
    const period = billingPeriod(lastCompletePeriod());
    const on = json<Reply>(await t.api('POST', '/bundle', retail, { bundleId: 3 }));
    // Enabled in the middle of last month, ceased in it too: still that month's charge.
    const mid = new Date(`${period.start}T12:00:00Z`);
    mid.setUTCDate(10);
    await t.database.db
      .updateTable('account_bundles')
      .set({ enabled_at: mid, ceased_at: new Date(mid.getTime() + 86_400_000) })
      .where('id', '=', on.id as number)
      .execute();
    // The billing run's 'bundles' source (the invoices tests run the whole billing run).
    const source = chargeSourceList()[chargeSourceNames().indexOf('bundles')];
    if (!source) throw new Error('no bundles charge source');
    const lines = await t.app.platform.tenancy.crossAccount('billing', (tx) => source(tx, 30000, period));
    expect(lines).toEqual([
      { description: `International 200 bundle, ${period.label}`, quantity: 1, unitPricePence: 800 },
    ]);
  });

  it('sends prices to a retail account and none to a wholesale one (spec 1 §6: pricing hidden)', async () => {
    expect((await list()).every((b) => typeof b.pricePence === 'number' && b.pricePence > 0)).toBe(true);
    const reseller = await t.login('reseller');
    const records = await list(reseller);
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((b) => !('pricePence' in b))).toBe(true);
  });
});
