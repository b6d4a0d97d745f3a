import { expect, test } from './fixtures.ts';
import { sidebar, signIn } from './helpers.ts';

test.describe('audit log', () => {
  test('retail: a change shows who made it and each field before → after', async ({ page }) => {
    const name = `Audit van ${Date.now() % 100000}`;
    const number = `077009008${String(Date.now() % 100).padStart(2, '0')}`;
    await signIn(page, 'retail');
    await sidebar(page).getByRole('link', { name: 'Mobile Numbers' }).click();
    await page.getByRole('button', { name: /^Add/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Description').fill(name);
    await dialog.getByLabel('Mobile Number').fill(number);
    await dialog
      .getByRole('button', { name: /Create|Save|Add/ })
      .last()
      .click();
    await expect(dialog.getByText(`${name} created successfully`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page
      .getByRole('row', { name: new RegExp(number) })
      .getByRole('link')
      .first()
      .click();
    await page.getByLabel('Description').fill(`${name} north`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${name} north has been updated`)).toBeVisible();

    await sidebar(page).getByRole('link', { name: 'Audit Log' }).click();
    await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
    await page.getByRole('textbox', { name: /Search/ }).fill(name);
    await expect(page).toHaveURL(/search=/);
    // The log is written just after the change (the outbox): the list shows it within a moment.
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('row', { name: /update/ })).toBeVisible({ timeout: 1000 });
    }).toPass();
    const update = page.getByRole('row', { name: /update/ });
    await expect(update).toContainText('Alice Morgan (retail)');
    await expect(update).toContainText('Mobile Numbers');
    await expect(update).toContainText(`Mobile description: ${name} → ${name} north`);
    const create = page.getByRole('row', { name: /create/ });
    await expect(create).toContainText(`Mobile number: ${number}`);
    // The search kept the rest out (the sign-in has no record of that name).
    await expect(page.getByRole('row', { name: /login/ })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/audit-log.png', fullPage: true });

    // Remove what the test made.
    await sidebar(page).getByRole('link', { name: 'Mobile Numbers' }).click();
    await page
      .getByRole('row', { name: new RegExp(number) })
      .getByRole('checkbox')
      .check();
    await page.getByRole('button', { name: /^Delete/ }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Delete|Confirm/ })
      .last()
      .click();
    await expect(page.getByRole('dialog').getByText(`Successfully deleted ${name} north`)).toBeVisible();
  });

  test('viewer: no Audit Log entry and the page is forbidden', async ({ page }) => {
    await signIn(page, 'viewer');
    await expect(sidebar(page).getByRole('link', { name: 'Audit Log' })).toHaveCount(0);
    await page.goto('/audit');
    await expect(page.getByText('You do not have access to view this page')).toBeVisible();
  });
});
