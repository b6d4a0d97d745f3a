/**
 * Usernames are unique per account (issue 24 item 5): a person whose username and password are the
 * same in two accounts is asked on the login page for the account number, and signs in to that one.
 */
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { MESSAGES } from '@switchboard/domain';
import { expectAccessible } from './accessibility.ts';
import { expect, panelURL, test } from './fixtures.ts';
import { PASSWORD } from './helpers.ts';

/** A signed-in API context of a demo user. */
async function as(username: string): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL: panelURL() });
  expect((await context.post('/api/v1/users/auth/login', { data: { username, password: PASSWORD } })).ok()).toBe(true);
  return context;
}

/** Creates `username` in the account of `holder` and sets its password through the mailed link. */
async function userWithPassword(holder: string, accountNo: number, username: string): Promise<void> {
  const [owner, admin] = [await as(holder), await as('admin')];
  try {
    const email = `${username}.${accountNo}@example.test`;
    const created = await owner.post('/api/v1/users', {
      data: { name: 'Twin', surname: 'User', username, email, accountNo, enabled: true, saveUserPermissions: true },
    });
    expect(created.status(), await created.text()).toBe(200);
    let text = '';
    await expect
      .poll(async () => {
        const res = await admin.post('/api/v1/mail/outbox/0/20', { data: { search: email } });
        const body = (await res.json()) as { records: Array<{ to: string; text: string }> };
        text = body.records.find((m) => m.to === email && m.text.includes('/activate?token='))?.text ?? '';
        return text;
      })
      .toContain('/activate?token=');
    const token = /\/activate\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
    const set = await owner.post('/api/v1/users/password', { data: { token, password: PASSWORD, confirm: PASSWORD } });
    expect(set.status(), await set.text()).toBe(200);
  } finally {
    await owner.dispose();
    await admin.dispose();
  }
}

test('a username and password right in two accounts: the login page asks for the account number', async ({ page }) => {
  const username = `e2e.twin${Date.now() % 1_000_000}`;
  await userWithPassword('retail', 30000, username);
  await userWithPassword('prepay', 30001, username);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(MESSAGES.loginAccountNeeded)).toBeVisible();
  const account = page.getByLabel('Account number');
  await expect(account).toBeFocused();
  // The field fits the phone's width beside the others.
  const [field, button] = [
    await account.boundingBox(),
    await page.getByRole('button', { name: 'Sign In' }).boundingBox(),
  ];
  expect(field && button && field.x >= 0 && field.x + field.width <= 390 && field.width === button.width).toBe(true);
  await expectAccessible(page, 'login: account number');
  await page.screenshot({ path: 'test-results/login-account-number-390.png', fullPage: true });

  await account.fill('30001');
  await page.getByRole('button', { name: 'Sign In' }).click();
  // Signed in to Bella Hair's user (at 390 px the main menu is behind its button).
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(/account 30001/)).toBeVisible();
  const session = (await (await page.request.get('/api/v1/users/auth/session')).json()) as { account_no: string };
  expect(session.account_no).toBe('30001');
});
