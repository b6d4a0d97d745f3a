import { expect, test } from './fixtures.ts';
import { deleteRows, sidebar, signIn } from './helpers.ts';

test.describe('mobile numbers', () => {
  test('retail: add, edit, delete', async ({ page }) => {
    await signIn(page, 'retail');
    await sidebar(page).getByRole('link', { name: 'Mobile Numbers' }).click();
    await expect(page.getByRole('heading', { name: 'Mobile Numbers' })).toBeVisible();
    await expect(page.getByRole('row', { name: /07700900501/ })).toBeVisible();

    await page.getByRole('button', { name: /^Add/ }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Description').fill('Site foreman');
    await dialog.getByLabel('Mobile Number').fill('01214960000');
    await dialog
      .getByRole('button', { name: /Create|Save|Add/ })
      .last()
      .click();
    await expect(dialog.getByText('Please enter a valid UK mobile number.')).toBeVisible();
    await dialog.getByLabel('Mobile Number').fill('07700900999');
    await dialog
      .getByRole('button', { name: /Create|Save|Add/ })
      .last()
      .click();
    await expect(page.getByText('Site foreman created successfully').first()).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    await page
      .getByRole('row', { name: /07700900999/ })
      .getByRole('link')
      .first()
      .click();
    await page.getByLabel('Description').fill('Site foreman (north)');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Site foreman (north) has been updated')).toBeVisible();

    await sidebar(page).getByRole('link', { name: 'Mobile Numbers' }).click();
    dialog = await deleteRows(page, /07700900999/);
    await expect(dialog.getByText('Successfully deleted Site foreman (north)')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('row', { name: /07700900999/ })).toHaveCount(0);
  });

  test('prepay: no Mobile Numbers entry and the page is forbidden', async ({ page }) => {
    await signIn(page, 'prepay');
    await expect(sidebar(page).getByRole('link', { name: 'Mobile Numbers' })).toHaveCount(0);
    await page.goto('/mobile');
    await expect(page.getByText('You do not have access to view this page')).toBeVisible();
  });
});
