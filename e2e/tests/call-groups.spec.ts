import { expect, test } from './fixtures.ts';
import { choose, openList, openRangeAdd, rangeAdd, rangeRefusesEleven, signIn } from './helpers.ts';

const SCREENS = 'test-results/screens';

test.describe('call groups', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'retail');
    await openList(page, 'Call Groups');
  });
  test('bulk adds groups by range, refusing too many and a backwards range', async ({ page }) => {
    const name = `Team ${Date.now().toString(36)}`;
    await expect(page.getByRole('row', { name: /350 Sales team/ })).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/call-groups-list.png`, fullPage: true });
    const { dialog, from } = await openRangeAdd(page);
    await rangeRefusesEleven(dialog, from, name, 'call groups');
    await dialog.getByLabel('To', { exact: true }).fill(String(from - 1));
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Please ensure this number is less than the To field')).toBeVisible();
    await dialog.getByLabel('From').fill('999');
    await dialog.getByLabel('To', { exact: true }).fill('');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Please input a valid number')).toBeVisible();
    await dialog.getByLabel('From').fill('350');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText(/Group number is already in use/)).toBeVisible();
    await dialog.getByLabel('From').fill(String(from));
    await dialog.getByLabel('To', { exact: true }).fill(String(from + 2));
    await page.screenshot({ path: `${SCREENS}/call-groups-add.png` });
    await dialog.getByRole('button', { name: 'Create' }).click();
    for (const n of [from, from + 1, from + 2]) {
      await expect(dialog.getByText(`${n} - ${name} created successfully`)).toBeVisible();
    }
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('row', { name: new RegExp(`${from + 1} ${name}`) })).toBeVisible();

    // Bulk edit: only the field set changes, on the rows chosen.
    await page.getByRole('checkbox', { name: `Select ${from} - ${name}` }).check();
    await page.getByRole('checkbox', { name: `Select ${from + 1} - ${name}` }).check();
    await page.getByRole('button', { name: 'Edit (2)' }).click();
    await expect(dialog.getByLabel('Ring Time')).toHaveText('Leave unchanged');
    await choose(dialog, 'Ring Type', 'Round Robin');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(`${from} - ${name} edited successfully`)).toBeVisible();
    await expect(dialog.getByText(`${from + 1} - ${name} edited successfully`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('row', { name: new RegExp(`${from} ${name}`) })).toContainText('Round Robin');
    await expect(page.getByRole('row', { name: new RegExp(`${from + 1} ${name}`) })).toContainText('10 seconds');
    await expect(page.getByRole('row', { name: new RegExp(`${from + 2} ${name}`) })).toContainText('Ring All');
  });

  test('edits a group’s General tab and reads it back', async ({ page }) => {
    const name = `Ring ${Date.now().toString(36)}`;
    const number = await rangeAdd(page, name);
    await page.getByRole('link', { name: String(number), exact: true }).click();
    await expect(page.getByRole('heading', { name: `${name} (${number})` })).toBeVisible();
    await page.getByLabel('Name').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('This is a required field')).toBeVisible();
    await page.getByLabel('Name').fill(`${name} edited`);
    await page.getByLabel('Caller ID Prefix').fill('SUPPORT');
    await choose(page, 'Ring Type', 'Round Robin');
    await choose(page, 'Ring Time', '30 seconds');
    await choose(page, 'Music On Hold', 'Jazz (provider)');
    await choose(page, 'Fallover Destination', '201 - Reception');
    await page.getByRole('switch', { name: 'Ignore Call Forwards' }).check();
    await page.screenshot({ path: `${SCREENS}/call-group-general.png`, fullPage: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${name} edited has been updated`)).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Name')).toHaveValue(`${name} edited`);
    await expect(page.getByLabel('Caller ID Prefix')).toHaveValue('SUPPORT');
    await expect(page.getByLabel('Ring Type')).toHaveText('Round Robin');
    await expect(page.getByLabel('Ring Time')).toHaveText('30 seconds');
    await expect(page.getByLabel('Music On Hold')).toHaveText('Jazz (provider)');
    await expect(page.getByLabel('Fallover Destination')).toHaveValue('201 - Reception');
    await expect(page.getByRole('switch', { name: 'Ignore Call Forwards' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Answer Elsewhere' })).not.toBeChecked();
    await openList(page, 'Call Groups');
    await expect(page.getByRole('row', { name: new RegExp(`${number} ${name} edited`) })).toContainText('Round Robin');
  });

  test('adds, edits and removes members, refusing a duplicate and an empty choice', async ({ page }) => {
    const name = `Members ${Date.now().toString(36)}`;
    const number = await rangeAdd(page, name);
    await page.getByRole('link', { name: String(number), exact: true }).click();
    await page.getByRole('tab', { name: 'Members' }).click();
    await expect(page.getByText('There are no records to show')).toBeVisible();
    await page.getByRole('button', { name: /^Add/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Please select an option')).toBeVisible();
    await choose(dialog, 'Member', '203 - Office manager');
    await dialog.getByRole('checkbox', { name: 'Saturday' }).uncheck();
    await dialog.getByRole('checkbox', { name: 'Sunday' }).uncheck();
    await dialog.getByLabel('Start').fill('08:30');
    await dialog.getByLabel('End').fill('18:00');
    await choose(dialog, 'Delay', '10 seconds');
    await page.screenshot({ path: `${SCREENS}/call-group-member-add.png` });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('203 - Office manager created successfully')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add Another' }).click();
    await choose(dialog, 'Member', '203 - Office manager');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('This member is already a part of this call group')).toBeVisible();
    await choose(dialog, 'Member', '210 - Van 1');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('210 - Van 1 created successfully')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    const manager = page.getByRole('row', { name: /203 - Office manager/ });
    await expect(manager).toContainText('Mon–Fri');
    await expect(manager).toContainText('08:30 – 18:00');
    await expect(manager).toContainText('10 seconds');
    await expect(page.getByRole('row', { name: /210 - Van 1/ })).toContainText('Every day');
    await page.screenshot({ path: `${SCREENS}/call-group-members.png`, fullPage: true });

    // A member's own edit: its days, hours and delay.
    await page.getByRole('button', { name: 'Edit 203 - Office manager' }).click();
    await expect(dialog.getByLabel('Start')).toHaveValue('08:30');
    await dialog.getByRole('checkbox', { name: 'Saturday' }).check();
    await dialog.getByLabel('End').fill('07:00');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('The end time must be after the start time')).toBeVisible();
    await dialog.getByLabel('End').fill('17:00');
    await choose(dialog, 'Delay', '25 seconds');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('203 - Office manager has been updated')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(manager).toContainText('Mon–Sat');
    await expect(manager).toContainText('08:30 – 17:00');
    await expect(manager).toContainText('25 seconds');

    // Removing asks first.
    await page.getByRole('checkbox', { name: 'Select 210 - Van 1' }).check();
    await page.getByRole('button', { name: 'Delete (1)' }).click();
    await expect(dialog.getByText('210 - Van 1')).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog.getByText('Successfully deleted 210 - Van 1')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('row', { name: /210 - Van 1/ })).toHaveCount(0);
    await openList(page, 'Call Groups');
    // Members: one left.
    const row = page.getByRole('row', { name: new RegExp(`${number} ${name}`) });
    await expect(row.getByRole('cell').nth(5)).toHaveText('1');
  });

  test('refuses to delete a group used by an IVR, naming the IVR', async ({ page }) => {
    await page.getByRole('checkbox', { name: 'Select 350 - Sales team' }).check();
    await page.getByRole('button', { name: 'Delete (1)' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('delete-warning')).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog.getByText('350 - Sales team: In use in IVR 370 - Main menu')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('row', { name: /350 Sales team/ })).toBeVisible();
    // Its Used By tab says the same, with a link to the IVR.
    await page
      .getByRole('row', { name: /350 Sales team/ })
      .getByRole('link')
      .first()
      .click();
    await page.getByRole('tab', { name: 'Used By' }).click();
    const used = page.getByRole('table', { name: 'Used By' });
    await expect(used.getByRole('row', { name: 'IVR 370 - Main menu' })).toBeVisible();
    await expect(used.getByRole('link', { name: '370 - Main menu' })).toHaveAttribute('href', /^\/ivrs\/\d+$/);
    await page.screenshot({ path: 'test-results/screens/call-group-used-by.png' });
  });
});
