import { expect, test } from './fixtures.ts';
import { sidebar, signIn } from './helpers.ts';

test.describe('user manager', () => {
  test('retail: add a user, edit them and grant them read on seats', async ({ page }) => {
    const username = `e2e.user${Date.now() % 1000000}`;
    await signIn(page, 'retail');
    await sidebar(page).getByRole('link', { name: 'User Manager' }).click();
    await expect(page.getByRole('heading', { name: 'User Manager' })).toBeVisible();
    await expect(page.getByRole('row', { name: /retail/ })).toContainText('Account holder');

    await page.getByRole('button', { name: /^Add/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('First Name').fill('Erin');
    await dialog.getByLabel('Last Name').fill('Example');
    await dialog.getByLabel('Email').fill('erin@acmeplumbing.example');
    await dialog
      .getByRole('button', { name: /Create/ })
      .last()
      .click();
    await expect(dialog.getByText(`${username} created successfully`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page
      .getByRole('row', { name: new RegExp(username) })
      .getByRole('link')
      .first()
      .click();
    await expect(page.getByRole('heading', { name: `Erin Example (${username})` })).toBeVisible();
    await page.getByLabel('Last Name').fill('Examples');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Erin Examples has been updated')).toBeVisible();

    await page.getByRole('tab', { name: 'Permissions' }).click();
    const matrix = page.getByRole('table', { name: 'Permissions' });
    await expect(matrix.getByRole('checkbox', { name: 'Integrations read' })).toBeChecked();
    await expect(matrix.getByRole('checkbox', { name: 'Seats read' })).not.toBeChecked();
    await matrix.getByRole('checkbox', { name: 'Seats read' }).check();
    await page.getByRole('button', { name: 'Save Permissions' }).click();
    await expect(page.getByText(`The permissions of Erin Examples (${username}) have been updated`)).toBeVisible();
    await page.reload();
    await page.getByRole('tab', { name: 'Permissions' }).click();
    await expect(
      page.getByRole('table', { name: 'Permissions' }).getByRole('checkbox', { name: 'Seats read' }),
    ).toBeChecked();
    await page.screenshot({ path: 'test-results/user-permissions.png', fullPage: true });

    // The holder's own grants are shown, not changed.
    await sidebar(page).getByRole('link', { name: 'User Manager' }).click();
    await page
      .getByRole('row', { name: /retail/ })
      .getByRole('link')
      .first()
      .click();
    await page.getByRole('tab', { name: 'Permissions' }).click();
    await expect(page.getByText("The account holder's permissions cannot be changed")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Permissions' })).toHaveCount(0);
  });
});
