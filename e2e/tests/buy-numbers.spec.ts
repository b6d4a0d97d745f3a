/**
 * Buying numbers (issue 27): a prepay user buys two geographic numbers through the add-number
 * wizard and routes one to a seat; every stage is screenshotted (also at 390 px) and checked by axe.
 */
import type { Locator, Page } from '@playwright/test';
import { BUY_NUMBER_MESSAGES as M } from '@switchboard/domain';
import { expectAccessible } from './accessibility.ts';
import { expect, test } from './fixtures.ts';
import { choose, expectNoSidewaysScroll, signIn } from './helpers.ts';

async function stage(page: Page, wizard: Locator, name: string, shot: string) {
  await expect(wizard.getByText(name, { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: `test-results/buy-numbers-${shot}.png`, fullPage: true });
  await expectAccessible(page, `the add-number wizard's ${name} stage (${shot})`);
}

/** Type → Country → Region → Numbers (two picked) → Confirm; answers the numbers chosen. */
async function walkToConfirm(page: Page, suffix: string): Promise<{ wizard: Locator; numbers: string[] }> {
  await page.goto('/telephone-numbers');
  await expect(page.getByRole('heading', { name: 'Telephone Numbers' })).toBeVisible();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const wizard = page.getByRole('dialog', { name: 'Add Telephone Numbers' });
  const next = wizard.getByRole('button', { name: 'Next' });
  await next.click();
  await expect(wizard.getByText(M.selectType)).toBeVisible();
  await wizard.getByRole('radio', { name: 'Geographic', exact: true }).check();
  await stage(page, wizard, 'Type', `type${suffix}`);
  await next.click();
  await wizard.getByRole('radio', { name: 'England' }).check();
  await stage(page, wizard, 'Country', `country${suffix}`);
  await next.click();
  await choose(wizard, 'Region', 'Leeds (0113)');
  await stage(page, wizard, 'Region', `region${suffix}`);
  await next.click();
  await expect(wizard.getByText('Range size: 1')).toBeVisible();
  await stage(page, wizard, 'Numbers', `numbers-range${suffix}`);
  await wizard.getByRole('button', { name: 'Choose numbers' }).click();
  const free = wizard.getByRole('group', { name: 'Free numbers' }).locator('label');
  const numbers: string[] = [];
  for (const label of [free.nth(0), free.nth(1)]) {
    const number = ((await label.textContent()) ?? '').trim();
    await wizard.getByRole('checkbox', { name: number }).check();
    numbers.push(number);
  }
  await stage(page, wizard, 'Numbers', `numbers-pick${suffix}`);
  await next.click();
  await expect(wizard.getByRole('table', { name: 'Numbers to buy' })).toContainText('£2.00');
  await stage(page, wizard, 'Confirm', `confirm${suffix}`);
  return { wizard, numbers };
}

test('a prepay user buys two geographic numbers and routes one to a seat', async ({ page }) => {
  await signIn(page, 'prepay');
  const { wizard, numbers } = await walkToConfirm(page, '');
  await wizard.getByRole('button', { name: 'Purchase' }).click();
  await expect(wizard.getByText('2 Telephone Numbers successfully purchased')).toBeVisible();
  for (const n of numbers) await expect(wizard.getByText(`${n}: ${M.purchased}`)).toBeVisible();
  await stage(page, wizard, 'Feedback', 'feedback');
  await wizard.getByRole('button', { name: 'Close' }).click();
  const [first, second] = numbers as [string, string];
  await expect(page.getByRole('link', { name: first, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: second, exact: true })).toBeVisible();
  await page.getByRole('link', { name: first, exact: true }).click();
  await expect(page.getByRole('heading', { name: first })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Caller ID' })).toBeVisible();
  await choose(page, 'Destination', '201 - Front desk');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${first} has been updated`)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Destination')).toHaveValue('201 - Front desk');
});

test('the add-number wizard at 390 px: every stage fits', async ({ page }) => {
  await signIn(page, 'prepay');
  await page.setViewportSize({ width: 390, height: 844 });
  const { wizard } = await walkToConfirm(page, '-390');
  await expectNoSidewaysScroll(page);
  await expect(wizard.getByRole('button', { name: 'Purchase' })).toBeInViewport();
});

test('a provider admin adds a range to stock and sets a price', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/number-stock');
  await expect(page.getByRole('heading', { name: 'Number Stock', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Service tariff' })).toContainText('0800 freephone number');
  await page.getByLabel('First number').fill('01164970000');
  await page.getByLabel('Last number').fill('01164970099');
  await page.getByRole('button', { name: 'Add Range' }).click();
  await expect(page.getByText('100 numbers added to stock')).toBeVisible();
  await page.getByLabel('First number').fill('01164970050');
  await page.getByLabel('Last number').fill('01164970149');
  await page.getByRole('button', { name: 'Add Range' }).click();
  await expect(page.getByText(M.rangeOverlaps)).toBeVisible();
  await page.getByLabel('0808FREE monthly').fill('4.50');
  await page
    .getByRole('row', { name: /0808 freephone number/ })
    .getByRole('button', { name: 'Save' })
    .click();
  await expect(page.getByText(M.tariffSaved)).toBeVisible();
  await page.getByLabel('Account number').fill('30001');
  await page.getByRole('button', { name: 'Mark Not-for-profit' }).click();
  await expect(page.getByText(M.notForProfitSaved(30001, true))).toBeVisible();
  await page.getByRole('button', { name: 'Unmark' }).click();
  await expect(page.getByText(M.notForProfitSaved(30001, false))).toBeVisible();
  // International stock, with its country's requirement.
  await page.getByLabel('Country code').fill('DE');
  await page.getByLabel('International area').fill('Berlin');
  await page.getByLabel('First international number').fill('+493012346000');
  await page.getByLabel('How many numbers').fill('5');
  await page.getByRole('button', { name: 'Add Stock' }).click();
  await expect(page.getByText('5 numbers added to Berlin')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('0808FREE monthly')).toHaveValue('4.50');
  await page.screenshot({ path: 'test-results/buy-numbers-stock.png', fullPage: true });
  await expectAccessible(page, 'the number stock page');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/buy-numbers-stock-390.png', fullPage: true });
  await expectNoSidewaysScroll(page);
});

test('a reseller buys an international number with its address in France', async ({ page }) => {
  await signIn(page, 'reseller');
  await page.goto('/telephone-numbers');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const wizard = page.getByRole('dialog', { name: 'Add Telephone Numbers' });
  const next = wizard.getByRole('button', { name: 'Next' });
  await wizard.getByRole('radio', { name: 'International', exact: true }).check();
  await next.click();
  await choose(wizard, 'Country', 'France (+33)');
  await stage(page, wizard, 'Country', 'int-country');
  await next.click();
  await choose(wizard, 'Region', /^Paris/);
  await next.click();
  await expect(wizard.getByText('How many numbers: 1')).toBeVisible();
  await stage(page, wizard, 'Numbers', 'int-numbers');
  await next.click();
  await next.click();
  await expect(wizard.getByText('This is a required field')).toBeVisible();
  await choose(wizard, 'Address', /Dupont|France/);
  await wizard.getByRole('checkbox', { name: /regulation requirements/ }).check();
  await stage(page, wizard, 'Regulations', 'int-regulations');
  await next.click();
  await expect(wizard.getByText('International numbers have a 3 month contract.')).toBeVisible();
  await stage(page, wizard, 'Confirm', 'int-confirm');
  await wizard.getByRole('button', { name: 'Purchase' }).click();
  await expect(wizard.getByText('1 Telephone Numbers successfully purchased')).toBeVisible();
  const bought = ((await wizard.getByText(/^\+33\d+: /).textContent()) ?? '').split(':')[0] ?? '';
  await stage(page, wizard, 'Feedback', 'int-feedback');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/buy-numbers-int-feedback-390.png', fullPage: true });
  await wizard.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('textbox', { name: /Search/ }).fill(bought);
  await expect(page.getByRole('main').getByRole('table')).toContainText(bought);
});
