import { expect, test } from './fixtures.ts';
import { choose, deleteRows, sidebar, signIn } from './helpers.ts';

test.describe('dial through', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'retail');
    await sidebar(page).getByRole('link', { name: 'Dial Through' }).click();
    await expect(page.getByRole('heading', { name: 'Dial Through' })).toBeVisible();
  });

  test('lists the demo dial through', async ({ page }) => {
    for (const header of ['Name', 'CLI', 'PIN', 'Channels', 'Caller IDs']) {
      await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
    }
    await expect(page.getByRole('row', { name: /Engineers on the road/ })).toContainText('01214960000');
  });

  test('creates, edits and reads back a dial through, its caller IDs refused twice, then deletes it', async ({
    page,
  }) => {
    const uid = Date.now().toString(36);
    const name = `DT ${uid}`;
    await page.getByRole('button', { name: /^Add/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(name);
    const create = dialog.getByRole('button', { name: 'Create' });
    // The PIN is enabled: it is required, and follows the PIN pattern.
    await create.click();
    await expect(dialog.getByText('This is a required field')).toBeVisible();
    await dialog.getByLabel('PIN', { exact: true }).fill('12');
    await create.click();
    await expect(dialog.getByText('PIN must be numerical with length between 4 and 6 digits')).toBeVisible();
    await dialog.getByLabel('PIN', { exact: true }).fill('4321');
    await choose(dialog, 'CLI', /01214960001/);
    await create.click();
    await expect(page.getByText(`${name} created successfully`).first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('textbox', { name: /Search/ }).fill(uid);
    await expect(page.getByText('1–1 of 1')).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('01214960001');
    await row.getByRole('link').first().click();
    await expect(page.getByRole('tab', { name: 'General' })).toBeVisible();
    await choose(page, 'Concurrent Channels', '10');
    await page.getByLabel('UK Mobile (07)').uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${name} has been updated`)).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Concurrent Channels')).toHaveText('10');
    await expect(page.getByLabel('UK Mobile (07)')).not.toBeChecked();
    await expect(page.getByLabel('PIN', { exact: true })).toHaveValue('4321');

    await page.getByRole('tab', { name: 'Caller IDs' }).click();
    const number = `0770${String(Date.now()).slice(-7)}`;
    const field = page.getByLabel('Telephone number');
    await field.fill(number);
    await page.getByRole('button', { name: 'Add Number' }).click();
    await expect(page.getByRole('cell', { name: number, exact: true })).toBeVisible();
    await field.fill(number);
    await page.getByRole('button', { name: 'Add Number' }).click();
    await expect(page.getByText('This number is already a part of this dial through')).toBeVisible();

    await sidebar(page).getByRole('link', { name: 'Dial Through' }).click();
    // The list, not the Caller IDs tab's own Search (the detail page is still up while the list loads).
    await expect(page).toHaveURL(/\/dial-through$/);
    await expect(page.getByRole('tab', { name: 'Caller IDs' })).toHaveCount(0);
    await page.getByRole('textbox', { name: /Search/ }).fill(uid);
    await expect(page.getByText('1–1 of 1')).toBeVisible();
    const confirm = await deleteRows(page, new RegExp(name));
    await expect(confirm.getByText(`Successfully deleted ${name}`)).toBeVisible();
    await confirm.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  });
});
