/**
 * Advice of transfer (issue 27): a provider admin, acting as Acme (30000), raises a porting-away
 * request on a number's Porting tab; the holder opens the mailed link with no sign-in, is refused a
 * reason under 10 characters, then rejects the transfer. The page's other states (accepted,
 * cancelled, not required, a wrong key) are pictured too, at 1280 and 390 px.
 */
import { type APIRequestContext, type Browser, type Page, request as playwrightRequest } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import { expect, panelURL, test } from './fixtures.ts';
import { expectNoSidewaysScroll, PASSWORD, signIn } from './helpers.ts';

const REASON_SHORT = 'The reason must be at least 10 characters';

/** The provider admin's API, acting as Acme. */
async function adminAsAcme(): Promise<APIRequestContext> {
  const admin = await playwrightRequest.newContext({ baseURL: panelURL() });
  expect((await admin.post('/api/v1/users/auth/login', { data: { username: 'admin', password: PASSWORD } })).ok()).toBe(
    true,
  );
  expect((await admin.post('/api/v1/users/auth/disguise', { data: { accountNo: 30000 } })).ok()).toBe(true);
  return admin;
}

/** The newest advice of transfer link mailed for `number` (the provider admin's sandbox outbox). */
async function mailedLink(number: string): Promise<string> {
  const admin = await playwrightRequest.newContext({ baseURL: panelURL() });
  try {
    expect(
      (await admin.post('/api/v1/users/auth/login', { data: { username: 'admin', password: PASSWORD } })).ok(),
    ).toBe(true);
    let text = '';
    await expect
      .poll(async () => {
        const res = await admin.post('/api/v1/mail/outbox/0/20', { data: { search: number } });
        const body = (await res.json()) as { records: Array<{ id: number; template: string; text: string }> };
        const newest = body.records.filter((m) => m.template === 'advice-of-transfer').sort((a, b) => b.id - a.id)[0];
        text = newest?.text ?? '';
        return text;
      })
      .toContain('/AOT?key=');
    const m = /\/AOT\?key=[A-Za-z0-9_-]+(?:&response=(?:accept|reject))?/.exec(text);
    if (!m) throw new Error('no link');
    return m[0];
  } finally {
    await admin.dispose();
  }
}

async function numberId(api: APIRequestContext, number: string): Promise<number> {
  const res = await api.post('/api/v1/numbering/allocated', { data: { search: number } });
  const body = (await res.json()) as { records: Array<{ id: number; telephoneNumber: string }> };
  const found = body.records.find((r) => r.telephoneNumber === number);
  if (!found) throw new Error(`no number ${number}`);
  return found.id;
}

/** Raises a request through the API (the states pictured besides the one answered in the browser). */
async function raise(api: APIRequestContext, number: string, status = 'AOT Required'): Promise<number> {
  const res = await api.post('/api/v1/numbering/porting', {
    data: { telephoneNumberId: await numberId(api, number), datePorting: '2026-12-31', status },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { id: number }).id;
}

/** Pictures the page as it stands, at 1280 and at 390 px wide, and checks it with axe at both. */
async function picture(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, `AOT ${name}`);
  await page.screenshot({ path: `test-results/aot-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, `AOT ${name} at 390 px`);
  await page.screenshot({ path: `test-results/aot-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A browser page with no session (the holder opening the e-mail's link). */
async function anonymous(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: panelURL(), reducedMotion: 'reduce' });
  return context.newPage();
}

test('a provider admin raises an advice of transfer; the holder answers it from the link, without signing in', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin');
  expect((await page.request.post('/api/v1/users/auth/disguise', { data: { accountNo: 30000 } })).ok()).toBe(true);
  await page.goto('/telephone-numbers');
  await page
    .getByRole('link', { name: /01214960002/ })
    .first()
    .click();
  await page.getByRole('tab', { name: 'Porting' }).click();
  await expect(page.getByText('This number has no porting requests.')).toBeVisible();
  await page.getByRole('button', { name: 'Port Away' }).click();
  const dialog = page.getByRole('dialog', { name: 'Port Away' });
  await dialog.getByLabel('Porting date').fill('2026-12-24');
  await dialog.getByRole('button', { name: 'Send Advice of Transfer' }).click();
  await expect(
    page.getByText('An advice of transfer for 01214960002 has been sent to the account holder'),
  ).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: '24/12/2026' });
  await expect(row).toContainText('Awaiting answer');
  await page.screenshot({ path: 'test-results/aot-porting-tab-1280.png', fullPage: true });

  const holder = await anonymous(browser);
  const link = await mailedLink('01214960002');
  expect(link).toContain('&response=accept');
  await holder.goto(link.replace('response=accept', 'response=reject'));
  await expect(holder.getByRole('heading', { name: 'Advice of Transfer' })).toBeVisible();
  await expect(holder.getByText('01214960002')).toBeVisible();
  await expect(holder.getByRole('radio', { name: 'Reject the transfer' })).toBeChecked();
  await picture(holder, 'open');
  await holder.getByRole('textbox', { name: 'Reason' }).fill('Not me');
  await holder.getByRole('textbox', { name: 'Your name' }).fill('Alice Morgan');
  await holder.getByRole('textbox', { name: 'Company name' }).fill('Acme Plumbing Ltd');
  await holder.getByRole('button', { name: 'Send Response' }).click();
  await expect(holder.getByText(REASON_SHORT)).toBeVisible();
  await picture(holder, 'refused');
  await holder.getByRole('textbox', { name: 'Reason' }).fill('I did not ask for this number to move');
  await holder.getByRole('button', { name: 'Send Response' }).click();
  await expect(holder.getByText(/^This transfer was rejected on \d{2}\/\d{2}\/\d{4}\.$/)).toBeVisible();
  await expect(holder.getByRole('button', { name: 'Send Response' })).toHaveCount(0);
  await picture(holder, 'rejected');
  await holder.reload();
  await expect(holder.getByText(/^This transfer was rejected on/)).toBeVisible();

  // The admin's tab shows the answer.
  await page.reload();
  await page.getByRole('tab', { name: 'Porting' }).click();
  await expect(page.getByRole('row').filter({ hasText: '24/12/2026' })).toContainText('Rejected');
  await holder.context().close();
});

test('the page in its other states: accepted, cancelled, not required, and a wrong key', async ({ browser }) => {
  const api = await adminAsAcme();
  const holder = await anonymous(browser);
  try {
    // Accepted.
    await raise(api, '01214960003');
    await holder.goto(await mailedLink('01214960003'));
    await expect(holder.getByRole('radio', { name: 'Accept the transfer' })).toBeChecked();
    await holder.getByRole('textbox', { name: 'Reason' }).fill('We are moving this line to our new office');
    await holder.getByRole('textbox', { name: 'Your name' }).fill('Alice Morgan');
    await holder.getByRole('textbox', { name: 'Company name' }).fill('Acme Plumbing Ltd');
    await holder.getByRole('button', { name: 'Send Response' }).click();
    await expect(holder.getByText(/^Your response was received on \d{2}\/\d{2}\/\d{4}\. Thank you\.$/)).toBeVisible();
    await picture(holder, 'accepted');

    // Cancelled by the provider admin.
    const id = await raise(api, '01214960000');
    const cancelled = await api.post(`/api/v1/numbering/porting/${id}/cancel`, { data: { version: 1 } });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    await holder.goto(await mailedLink('01214960000'));
    await expect(holder.getByText(/^This transfer was cancelled on \d{2}\/\d{2}\/\d{4}\.$/)).toBeVisible();
    await picture(holder, 'cancelled');

    // No advice needed.
    await raise(api, '01214960004', 'AOT Not Required');
    await holder.goto(await mailedLink('01214960004'));
    await expect(holder.getByText(/^An advice of transfer is not required for this number/)).toBeVisible();
    await picture(holder, 'not-required');

    // A key that names nothing (or has expired).
    await holder.goto('/AOT?key=not-a-real-key-0123456789abcdefghijklmnopqr');
    await expect(holder.getByText('This advice of transfer link is not valid or has expired.')).toBeVisible();
    await picture(holder, 'invalid');
  } finally {
    await api.dispose();
    await holder.context().close();
  }
});
