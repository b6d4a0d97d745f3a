/** Bundles (issue 13): enable and disable with a confirmation, the state and usage shown. */
import { expect, test } from './fixtures.ts';
import { expectNoSidewaysScroll, sidebar, signIn } from './helpers.ts';

test('bundles: enable one after confirming, see it enabled with its usage, then disable it', async ({ page }) => {
  await signIn(page, 'retail');
  await sidebar(page).getByRole('link', { name: 'Bundles' }).click();
  await expect(page.getByRole('heading', { name: 'Bundles' })).toBeVisible();
  const row = page.getByRole('row', { name: /UK Minutes 3000/ });
  await expect(row).toContainText('Not enabled');
  await row.getByRole('button', { name: 'Enable' }).click();
  const confirm = page.getByRole('dialog', { name: 'Enable UK Minutes 3000' });
  await expect(confirm).toContainText('£25.00 a month');
  await confirm.getByRole('button', { name: 'Enable' }).click();
  await expect(page.getByText('UK Minutes 3000 has been enabled')).toBeVisible();
  await expect(row).toContainText('Enabled');
  await expect(row).toContainText('0 of 3000 minutes');
  await page.screenshot({ path: 'test-results/bundles.png', fullPage: true });
  await row.getByRole('button', { name: 'Disable' }).click();
  await page.getByRole('dialog', { name: 'Disable UK Minutes 3000' }).getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText('UK Minutes 3000 has been disabled')).toBeVisible();
  await expect(row).toContainText('Not enabled');
});

test('bundles at 390 px: nothing overflows, Enable and Disable are on screen', async ({ page }) => {
  await signIn(page, 'retail');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/bundles');
  await expect(page.getByRole('heading', { name: 'Bundles' })).toBeVisible();
  const enable = page.getByRole('button', { name: 'Enable' }).first();
  await expect(enable).toBeVisible();
  await page.screenshot({ path: 'test-results/bundles-390.png', fullPage: true });
  await expectNoSidewaysScroll(page);
  await expect(enable).toBeInViewport({ ratio: 1 });
});
