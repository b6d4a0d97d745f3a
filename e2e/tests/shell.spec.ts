import { LOGIN_REASONS } from '@switchboard/domain';
import { SHORT_IDLE_URL } from '../playwright.config.ts';
import { expect, test } from './fixtures.ts';
import { sidebar, signIn, signInThroughPage } from './helpers.ts';

test.describe('sign-in and the sidebar each demo user gets', () => {
  test('a bad password is refused with a clear message', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill('retail');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('The username or password is incorrect')).toBeVisible();
  });

  test('an unauthenticated visitor is sent to the login page', async ({ page }) => {
    await page.goto('/access-lists');
    await expect(page).toHaveURL(/\/login/);
  });

  test('retail: routing areas and mobile, no balance, no live chat, Log Out', async ({ page }) => {
    await signInThroughPage(page, 'retail');
    const nav = sidebar(page);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Access Lists' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Mobile Numbers' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Customers' })).toHaveCount(0);
    await expect(nav.getByText(/^Balance:/)).toHaveCount(0);
    await expect(nav.getByText('Live Help Chat')).toHaveCount(0);
    // The account's own user manager (an area of the panel, by the users permission), listed once.
    await expect(nav.getByRole('link', { name: 'User Manager' })).toHaveAttribute('href', '/user-manager');
    await expect(nav.getByRole('button', { name: 'Log Out' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Control Panel' })).toBeVisible();
  });

  test('prepay: balance item, no mobile numbers', async ({ page }) => {
    await signInThroughPage(page, 'prepay');
    const nav = sidebar(page);
    // The demo's £12.34 unless another spec topped it up (payments): the item shows the balance in pounds.
    await expect(nav.getByText(/^Balance: -?£[\d,]+\.\d{2}$/)).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Access Lists' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Mobile Numbers' })).toHaveCount(0);
  });

  test('reseller: customers, no mobile numbers', async ({ page }) => {
    await signInThroughPage(page, 'reseller');
    const nav = sidebar(page);
    await expect(nav.getByRole('link', { name: 'Customers' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Mobile Numbers' })).toHaveCount(0);
    await expect(nav.getByText('Live Help Chat')).toHaveCount(0);
  });

  test('admin: customers, User Manager and Live Help Chat (parent 0)', async ({ page }) => {
    await signInThroughPage(page, 'admin');
    const nav = sidebar(page);
    await expect(nav.getByRole('link', { name: 'Customers' })).toBeVisible();
    await expect(nav.getByText('Live Help Chat')).toBeVisible();
    // The defaults are pages of the panel: the user manager (listed once), Help the help page.
    await expect(nav.getByRole('link', { name: 'User Manager' })).toHaveCount(1);
    await expect(nav.getByRole('link', { name: 'User Manager' })).toHaveAttribute('href', '/user-manager');
    await page.getByRole('link', { name: 'Help', exact: true }).click();
    await expect(page).toHaveURL(/\/help$/);
    await expect(page.getByRole('heading', { name: 'Help', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'breadcrumb' }).getByText('Help')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Customers' }).click();
    await expect(page).toHaveURL(/\/customers$/);
  });

  test('viewer: can read access lists but sees no add or delete buttons', async ({ page }) => {
    await signInThroughPage(page, 'viewer');
    await sidebar(page).getByRole('link', { name: 'Access Lists' }).click();
    await expect(page.getByRole('cell', { name: 'Nuisance callers' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Add/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  });

  test('Log Out returns to the login page', async ({ page }) => {
    await signIn(page, 'retail');
    await sidebar(page).getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe('error pages', () => {
  test('an unknown route shows the 404 page with a link to the Dashboard', async ({ page }) => {
    await signIn(page, 'retail');
    await page.goto('/no-such-page');
    await expect(page.getByText('This page could not be found')).toBeVisible();
    await page.getByRole('link', { name: 'Dashboard' }).last().click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a route without read permission shows the 403 page', async ({ page }) => {
    await signIn(page, 'prepay');
    await page.goto('/mobile');
    await expect(page.getByText('You do not have access to view this page')).toBeVisible();
  });
});

test.describe('disguise', () => {
  test('a reseller acts as a customer and goes Back to Portal', async ({ page }) => {
    await signIn(page, 'reseller');
    await sidebar(page).getByRole('link', { name: 'Customers' }).click();
    const row = page.getByRole('row', { name: /Wetherby Lettings/ });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Act as customer' }).click();
    const nav = sidebar(page);
    await expect(nav.getByRole('button', { name: 'Back to Portal' })).toBeVisible();
    // The customer's balance (its amount is whatever earlier specs left: payments tops this account up).
    await expect(nav.getByText(/^Balance: £\d+\.\d{2}$/)).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Customers' })).toHaveCount(0);
    // No empty 'Portal' heading over the hidden Customers entry.
    await expect(nav.getByText('Portal', { exact: true })).toHaveCount(0);
    await nav.getByRole('button', { name: 'Back to Portal' }).click();
    await expect(page).toHaveURL(/\/customers$/);
    await expect(sidebar(page).getByRole('button', { name: 'Log Out' })).toBeVisible();
  });
});

test.describe('disguise: the customers area', () => {
  test('an admin acting as a customer has no Customers entry, and /customers is refused', async ({ page }) => {
    await signIn(page, 'admin');
    await sidebar(page).getByRole('link', { name: 'Customers' }).click();
    const row = page.getByRole('row', { name: /Acme Plumbing Ltd/ });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Act as customer' }).click();
    const nav = sidebar(page);
    await expect(nav.getByRole('button', { name: 'Back to Portal' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Access Lists' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Customers' })).toHaveCount(0);
    // The customer's account is not top-level: no Live Help Chat; its user manager is the customer's own.
    await expect(nav.getByText('Live Help Chat')).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'User Manager' })).toHaveAttribute('href', '/user-manager');
    await page.goto('/customers');
    await expect(page.getByText('You do not have access to view this page')).toBeVisible();
    await expect(page.getByRole('row', { name: /Acme Plumbing Ltd/ })).toHaveCount(0);
    await sidebar(page).getByRole('button', { name: 'Back to Portal' }).click();
    await expect(page).toHaveURL(/\/customers$/);
    await expect(sidebar(page).getByRole('link', { name: 'Customers' })).toBeVisible();
  });
});

test.describe('idle session', () => {
  // Each waits out the short idle time and the countdown on a session of its own: side by side.
  test.describe.configure({ mode: 'parallel' });

  test('the expiry modal counts down; Stay Logged In keeps the session', async ({ page }) => {
    await signIn(page, 'retail', SHORT_IDLE_URL);
    const modal = page.getByRole('dialog', { name: 'Your session is about to expire' });
    await expect(modal).toBeVisible({ timeout: 15_000 });
    await modal.getByRole('button', { name: 'Stay Logged In' }).click();
    await expect(modal).toBeHidden();
    await expect(sidebar(page)).toBeVisible();
  });

  test('at zero the user is logged out, and the login page says why', async ({ page }) => {
    await signIn(page, 'retail', SHORT_IDLE_URL);
    await expect(page.getByRole('dialog', { name: 'Your session is about to expire' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page).toHaveURL(/\/login/, { timeout: 20_000 });
    await expect(page.getByText(LOGIN_REASONS.idle)).toBeVisible();
  });

  test('at zero a reseller acting as a customer is logged out, not sent back to the portal', async ({ page }) => {
    await signIn(page, 'reseller', SHORT_IDLE_URL);
    await sidebar(page).getByRole('link', { name: 'Customers' }).click();
    await page
      .getByRole('row', { name: /Wetherby Lettings/ })
      .getByRole('button', { name: 'Act as customer' })
      .click();
    await expect(sidebar(page).getByRole('button', { name: 'Back to Portal' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Your session is about to expire' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page).toHaveURL(/\/login/, { timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    // The session is gone on the server, not just the disguise.
    const session = await page.request.get(`${SHORT_IDLE_URL}/api/v1/users/auth/session`);
    expect(await session.json()).toMatchObject({ status: 'error' });
    await page.goto(`${SHORT_IDLE_URL}/customers`);
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe('a 390 px wide screen', () => {
  test('the menu opens as a drawer, and a record’s tab strip keeps its scroll arrows', async ({ page }) => {
    await signIn(page, 'retail');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(sidebar(page)).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await sidebar(page).getByRole('link', { name: 'Seats' }).click();
    await expect(sidebar(page)).toBeHidden();
    await page.getByRole('link', { name: '203' }).click();
    const tabs = page.getByRole('tablist');
    await expect(tabs.getByRole('tab', { name: 'General' })).toBeVisible();
    // The strip is wider than the screen: its forward arrow shows, and scrolls to the last tab.
    const forward = page.locator('.MuiTabs-scrollButtons:not(.Mui-disabled)').last();
    await expect(forward).toBeVisible();
    const last = tabs.getByRole('tab').last();
    await expect(last).not.toBeInViewport();
    await expect(async () => {
      await forward.click();
      await expect(last).toBeInViewport({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await page.screenshot({ path: 'test-results/narrow-seat-tabs.png' });
  });
});

test.describe('screenshots of the shell pages', () => {
  test('the help page and the login page after an idle logout', async ({ page }) => {
    await signIn(page, 'admin');
    await page.getByRole('link', { name: 'Help', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Help', level: 1 })).toBeVisible();
    await page.screenshot({ path: 'test-results/help-page.png', fullPage: true });
    await page.context().clearCookies();
    await page.goto('/login?reason=idle');
    await expect(page.getByText(LOGIN_REASONS.idle)).toBeVisible();
    await page.screenshot({ path: 'test-results/login-idle.png' });
  });
});
