/**
 * Pages at a phone's width (390 px) that were wider than the screen: nothing overflows the page and
 * what matters on each is on screen.
 */
import { expect, test } from './fixtures.ts';
import { expectNoSidewaysScroll, signIn } from './helpers.ts';

test('account transactions at 390 px: the amount is on screen; type and reference are left for wider screens', async ({
  page,
}) => {
  await signIn(page, 'prepay');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/account-transaction');
  await expect(page.getByRole('heading', { name: 'Account Transactions' })).toBeVisible();
  const amount = page.getByRole('columnheader', { name: 'Amount' });
  await expect(amount).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('cell', { name: /^[+-]£\d/ }).first()).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('columnheader', { name: 'Reference' })).toBeHidden();
  await expect(page.getByRole('columnheader', { name: 'Type' })).toBeHidden();
  await page.screenshot({ path: 'test-results/account-transactions-390.png', fullPage: true });
  await expectNoSidewaysScroll(page);
  // On a wide screen every column shows.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('columnheader', { name: 'Reference' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Type' })).toBeVisible();
});

test('an access list’s Numbers tab at 390 px: the add row, search and delete fit the screen', async ({ page }) => {
  await signIn(page, 'retail');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/access-lists');
  await page.getByRole('link', { name: 'Nuisance callers' }).click();
  await page.getByRole('tab', { name: 'Numbers' }).click();
  await expect(page.getByRole('cell', { name: '01614960123', exact: true })).toBeVisible();
  for (const name of ['Add Number', 'Upload CSV', 'Delete']) {
    await expect(page.getByRole('button', { name })).toBeInViewport({ ratio: 1 });
  }
  await page.screenshot({ path: 'test-results/access-list-numbers-390.png', fullPage: true });
  await expectNoSidewaysScroll(page);
});
