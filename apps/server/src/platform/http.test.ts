/** HTTP delivery: compressed replies and cache rules for the built panel's assets and the API. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';

let t: TestContext;
let retail: Record<string, string>;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-dist-'));
const script = `console.log(${JSON.stringify('x'.repeat(5000))});`;

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), script);
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestContext({ webDist: dist });
  retail = await t.login('retail');
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('HTTP delivery', () => {
  it('serves hashed assets cacheable for good, compressed with brotli or gzip', async () => {
    const br = await t.app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gzip = await t.app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);
    expect(gzip.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it('revalidates the page and unhashed files every time', async () => {
    expect((await t.app.inject({ url: '/seats' })).headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ url: '/favicon.svg' })).headers['cache-control']).toBe('no-cache');
  });

  it('compresses large API replies, which are never stored', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/seat/-1/-1',
      headers: { ...retail, 'accept-encoding': 'gzip' },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(zlib.gunzipSync(res.rawPayload).toString()).totalRecords).toBeGreaterThan(5);
  });
});

describe('the content security policy', () => {
  const csp = async (ctx: TestContext) =>
    String((await ctx.app.inject({ method: 'GET', url: '/api/v1/panel/config' })).headers['content-security-policy']);

  it('lets in nothing from elsewhere with the sandboxes, and PayPal’s SDK only when PayPal is configured', async () => {
    expect(await csp(t)).not.toContain('paypal');
    expect(await csp(t)).toContain("script-src 'self'");
    const withPaypal = await createTestContext({ paypal: { clientId: 'id', clientSecret: 'secret', live: false } });
    try {
      const policy = await csp(withPaypal);
      expect(policy).toContain("script-src 'self' https://*.paypal.com https://*.paypalobjects.com");
      expect(policy).toContain("frame-src 'self' blob: https://*.paypal.com");
      expect(withPaypal.app.platform.providers.paypal.kind).toBe('paypal');
    } finally {
      await withPaypal.close();
    }
  });

  it('lets Stripe.js and its Payment Element in only when Stripe is the card provider', async () => {
    expect(await csp(t)).not.toContain('stripe');
    const keys = { secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecret: 'whsec_x' };
    const withStripe = await createTestContext({ stripe: keys });
    try {
      const policy = await csp(withStripe);
      expect(policy).toContain("script-src 'self' https://js.stripe.com https://*.stripe.com");
      expect(policy).toContain("frame-src 'self' blob: https://js.stripe.com");
      expect(withStripe.app.platform.providers.payments.kind).toBe('stripe');
    } finally {
      await withStripe.close();
    }
  });
});
