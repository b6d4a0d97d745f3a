import { expectAccessible } from './accessibility.ts';
import { expect, test } from './fixtures.ts';
import { sidebar, signIn } from './helpers.ts';

test.describe('outbound CLI lists', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'retail');
    await sidebar(page).getByRole('link', { name: 'Outbound CLI Lists' }).click();
    await expect(page.getByRole('heading', { name: 'Outbound CLI Lists' })).toBeVisible();
  });

  test('lists the account’s lists, adds one of its numbers and edits it', async ({ page }) => {
    for (const header of ['Name', 'Description', 'Numbers']) {
      await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
    }
    await expect(page.getByRole('row', { name: /Main line/ })).toContainText('01214960000');
    await page.screenshot({ path: 'test-results/screens/outbound-clis-list.png' });

    const name = `Night desk ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: /^Add/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Description').fill('After hours');
    await dialog.getByRole('combobox', { name: 'Numbers' }).click();
    await page.getByRole('option', { name: /^01214960004/ }).click();
    // The picker stays open for more numbers: a click on the dialog's title closes it.
    await dialog.getByRole('heading', { name: 'Add Outbound CLI List' }).click();
    await expect(dialog.getByRole('button', { name: /01214960004/ })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/outbound-clis-add.png' });
    await dialog
      .getByRole('button', { name: /Create|Save|Add/ })
      .last()
      .click();
    await expect(page.getByText(`${name} created successfully`).first()).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('01214960004');

    await row.getByRole('link').first().click();
    await expect(page.getByRole('tab', { name: 'List Details' })).toBeVisible();
    await page.getByLabel('Description').fill('d'.repeat(51));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Length must not exceed 50 characters')).toBeVisible();
    await page.getByLabel('Description').fill('Evenings and weekends');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${name} has been updated`)).toBeVisible();
    // The success toast's white text on its green passes WCAG AA too.
    await expectAccessible(page, 'an outbound CLI list saved, its toast showing');
    await page.screenshot({ path: 'test-results/screens/outbound-clis-detail.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/screens/outbound-clis-detail-390.png', fullPage: true });
  });
});
