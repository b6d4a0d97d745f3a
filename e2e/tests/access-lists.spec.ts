import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { deleteRows, sidebar, signIn } from './helpers.ts';

test.describe('access lists', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'retail');
    await sidebar(page).getByRole('link', { name: 'Access Lists' }).click();
    await expect(page.getByRole('heading', { name: 'Access Lists' })).toBeVisible();
  });

  test('lists the account’s access lists with their columns', async ({ page }) => {
    for (const header of ['Name', 'Description', 'Prompt', 'Entries']) {
      await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
    }
    const row = page.getByRole('row', { name: /Nuisance callers/ });
    await expect(row).toContainText('Your call has been barred');
    await expect(row).toContainText('4');
    // Another account's list never shows.
    await expect(page.getByText('Blocked callers')).toHaveCount(0);
  });

  test('adds a list, refusing an empty name with the spec message', async ({ page }) => {
    await page.getByRole('button', { name: /^Add/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('button', { name: /Create|Save|Add/ })
      .last()
      .click();
    await expect(dialog.getByText('This is a required field')).toBeVisible();
    await dialog.getByLabel('Name').fill('Late payers');
    await dialog.getByLabel('Description').fill('Accounts on stop');
    await dialog
      .getByRole('button', { name: /Create|Save|Add/ })
      .last()
      .click();
    await expect(page.getByText(/Late payers created successfully/).first()).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('row', { name: /Late payers/ })).toBeVisible();
  });

  test('searches, and says No Results when nothing matches', async ({ page }) => {
    const search = page.getByRole('textbox', { name: /Search/ });
    await search.fill('priority');
    await expect(page.getByRole('row', { name: /Priority customers/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Nuisance callers/ })).toHaveCount(0);
    await search.fill('zzzz-nothing');
    await expect(page.getByText('No Results')).toBeVisible();
  });

  test('edits a list and shows "{name} has been updated"', async ({ page }) => {
    await page
      .getByRole('row', { name: /Out of hours engineers/ })
      .getByRole('link')
      .first()
      .click();
    await expect(page.getByRole('tab', { name: 'List Details' })).toBeVisible();
    await page.getByLabel('Description').fill('Called after 6pm');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Out of hours engineers has been updated')).toBeVisible();
    // The save re-reads the record (and resets the form) before Save is enabled again.
    await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
    await page.getByLabel('Name').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('This is a required field')).toBeVisible();
  });

  test('adds numbers, refuses a repeat, and uploads a CSV with per-line failures', async ({ page }) => {
    await page
      .getByRole('row', { name: /Priority customers/ })
      .getByRole('link')
      .first()
      .click();
    await page.getByRole('tab', { name: 'Numbers' }).click();
    await expect(page.getByRole('cell', { name: '01214960555', exact: true })).toBeVisible();

    const numberField = page.getByLabel('Telephone number');
    await numberField.fill('01214960777');
    await page.getByRole('button', { name: 'Add Number' }).click();
    await expect(page.getByRole('cell', { name: '01214960777', exact: true })).toBeVisible();
    // The field empties once the add is done: filled before that, the new text would be cleared.
    await expect(numberField).toHaveValue('');
    await numberField.fill('01214960777');
    await page.getByRole('button', { name: 'Add Number' }).click();
    await expect(page.getByText('This telephone number is already a part of this access list')).toBeVisible();
    await numberField.fill('12ab');
    await page.getByRole('button', { name: 'Add Number' }).click();
    await expect(page.getByText('Please enter a valid telephone number.')).toBeVisible();

    const file = path.join(os.tmpdir(), `numbers-${Date.now()}.csv`);
    fs.writeFileSync(file, 'number\n01214960901\nnot-a-number\n01214960902\n');
    await page.getByRole('button', { name: 'Upload CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload CSV of numbers' });
    await expect(dialog.getByText('No file chosen')).toBeVisible();
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByText('Something went wrong please try again', { exact: true })).toBeVisible();
    await expect(dialog.getByText(/2 numbers added/)).toBeVisible();
    await expect(dialog.getByText('1 error(s) occurred', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Line 3: not-a-number — Please enter a valid telephone number.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('cell', { name: '01214960902', exact: true })).toBeVisible();

    // A clean file keeps the success text, without the error or the accordion.
    const good = path.join(os.tmpdir(), `numbers-good-${Date.now()}.csv`);
    fs.writeFileSync(good, '01214960903\n01214960904\n');
    await page.getByRole('button', { name: 'Upload CSV' }).click();
    await dialog.locator('input[type=file]').setInputFiles(good);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByText('2 numbers added to Priority customers', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Something went wrong please try again')).toHaveCount(0);
    await expect(dialog.getByText(/error\(s\) occurred/)).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // A refused request: the same text, the server's reason in the red accordion.
    const bad = path.join(os.tmpdir(), `numbers-bad-${Date.now()}.csv`);
    fs.writeFileSync(bad, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]));
    await page.getByRole('button', { name: 'Upload CSV' }).click();
    await dialog.locator('input[type=file]').setInputFiles(bad);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByText('Something went wrong please try again', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Invalid file format', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  test('bulk deletes selected lists with per-item feedback', async ({ page }) => {
    for (const name of ['Temp A', 'Temp B']) {
      await page.getByRole('button', { name: /^Add/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name').fill(name);
      await dialog
        .getByRole('button', { name: /Create|Save|Add/ })
        .last()
        .click();
      await expect(page.getByText(`${name} created successfully`).first()).toBeVisible();
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
    }
    const dialog = await deleteRows(page, /Temp A/, /Temp B/);
    await expect(dialog.getByText('Successfully deleted Temp A')).toBeVisible();
    await expect(dialog.getByText('Successfully deleted Temp B')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('row', { name: /Temp A/ })).toHaveCount(0);
  });
});
