/**
 * The Change Events page (provider admins): each change consumer with its position and lag — the
 * audit log's among them — and the events they gave up on, at a desk's width and a phone's.
 */
import { expectAccessible } from './accessibility.ts';
import { expect, test } from './fixtures.ts';
import { expectNoSidewaysScroll, sidebar, signIn } from './helpers.ts';

test('a provider admin sees the change consumers with their lag, and their dead events', async ({ page }) => {
  await signIn(page, 'admin');
  await sidebar(page).getByRole('link', { name: 'Change Events', exact: true }).click();
  await expect(page).toHaveURL(/\/change-events$/);
  await expect(page.getByRole('heading', { name: 'Change Events', level: 1 })).toBeVisible();
  const audit = page.getByRole('region', { name: 'Consumer audit' });
  await expect(audit).toBeVisible();
  await expect(audit.getByText(/^Event \d+$|^No event yet$/)).toBeVisible();
  await expect(audit.getByText(/^Up to date$|events? behind, the oldest waiting/)).toBeVisible();
  await expect(audit.getByRole('button', { name: 'Retry all dead events of audit' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dead events', level: 2 })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'Change Events');
  await page.screenshot({ path: 'test-results/change-events-1280.png', fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(audit.getByRole('button', { name: 'Retry all dead events of audit' })).toBeInViewport();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, 'Change Events at 390 px');
  await page.screenshot({ path: 'test-results/change-events-390.png', fullPage: true });
});

test('the page is a provider admin’s alone', async ({ page }) => {
  await signIn(page, 'retail');
  await expect(sidebar(page).getByRole('link', { name: 'Seats', exact: true })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Jobs', exact: true })).toHaveCount(0);
  await expect(sidebar(page).getByRole('link', { name: 'Change Events', exact: true })).toHaveCount(0);
  expect((await page.request.get('/api/v1/change-consumers')).status()).toBe(403);
  expect((await page.request.post('/api/v1/change-consumers/dead/0/50', { data: {} })).status()).toBe(403);
});
