import { expect, test } from './fixtures.ts';
import { choose, openList, signIn } from './helpers.ts';

test.describe('pickup groups', () => {
  test('adds a group, its members (refusing repeats), renames it and shows the short code', async ({ page }) => {
    const uid = Date.now().toString(36);
    const name = `Warehouse ${uid}`;
    await signIn(page, 'retail');
    await openList(page, 'Pickup Groups');
    // The demo's group and its short code: '*0#' and characters 6 to 8 of the name.
    await expect(page.getByRole('row', { name: /Engineers \*0#eer 2/ })).toBeVisible();

    await page.getByRole('button', { name: /^Add/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('This is a required field')).toBeVisible();
    await dialog.getByLabel('Name').fill('x'.repeat(101));
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Length must not exceed 100 characters')).toBeVisible();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('created successfully', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('row', { name: new RegExp(`${name} \\*0#ous 0`) })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/pickup-groups-list.png' });

    await page.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByLabel('Short Code')).toHaveValue('*0#ous');
    await expect(page.getByText('There are no records to show')).toBeVisible();

    // A member must be chosen; a seat is a member once; a seat picks up in one group only.
    await page.getByRole('button', { name: /^Add/ }).click();
    const add = page.getByRole('dialog');
    await add.getByRole('button', { name: 'Create' }).click();
    await expect(add.getByText('Please select an option')).toBeVisible();
    await choose(add, 'Seat', '201 - Reception');
    await add.getByRole('button', { name: 'Create' }).click();
    await expect(add.getByText('created successfully', { exact: true })).toBeVisible();
    await add.getByRole('button', { name: 'Add Another' }).click();
    await choose(add, 'Seat', '201 - Reception');
    await add.getByRole('button', { name: 'Create' }).click();
    await expect(add.getByText('This destination is already part of this pickup group')).toBeVisible();
    await choose(add, 'Seat', /^210 /);
    await add.getByRole('button', { name: 'Create' }).click();
    await expect(add.getByText('This seat is already part of the pickup group Engineers')).toBeVisible();
    await choose(add, 'Seat', '203 - Office manager');
    await add.getByRole('button', { name: 'Create' }).click();
    await expect(add.getByText('created successfully', { exact: true })).toBeVisible();
    await add.getByRole('button', { name: 'Close' }).click();
    const members = page.getByRole('table').last();
    await expect(members.getByRole('row', { name: /201 Reception/ })).toBeVisible();
    await expect(members.getByRole('row', { name: /203 Office manager/ })).toBeVisible();

    // Renamed: the short code follows the name, from its letters and digits only (the '-' is left
    // out: it cannot be dialled), and says so.
    const renamed = `Stores-${uid}`;
    const code = `*0#s${uid.slice(0, 2)}`;
    await page.getByLabel('Name').fill(renamed);
    await expect(page.getByLabel('Short Code')).toHaveValue(code);
    await expect(
      page.getByText(`Dial ${code} to pick up a call ringing in this group: *0# and characters 6 to 8 of the name`),
    ).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/pickup-group-detail.png', fullPage: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${renamed} has been updated`)).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Name')).toHaveValue(renamed);
    await expect(page.getByLabel('Short Code')).toHaveValue(code);

    // Members removed with a confirm, then the group.
    await page.getByRole('checkbox', { name: 'Select 201 - Reception' }).check();
    await page.getByRole('checkbox', { name: 'Select 203 - Office manager' }).check();
    await page.getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog').getByText('Deleted Successfully').first()).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText('There are no records to show')).toBeVisible();

    await openList(page, 'Pickup Groups');
    await expect(page.getByRole('row', { name: new RegExp(`${renamed} .* 0`) })).toBeVisible();
    await page.getByRole('checkbox', { name: `Select ${renamed}` }).check();
    await page.getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog').getByText('Deleted Successfully')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('row', { name: new RegExp(renamed) })).toHaveCount(0);
  });
});
