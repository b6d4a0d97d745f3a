import { expect, test } from './fixtures.ts';
import { choose, openList, openRangeAdd, rangeAdd, rangeRefusesEleven, signIn } from './helpers.ts';

const SCREENS = 'test-results/screens';

test.describe('call queues', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'retail');
    await openList(page, 'Call Queues');
  });
  test('adds queues by range, edits fields on several tabs and reads them back, adds a member', async ({ page }) => {
    const name = `Queue ${Date.now().toString(36)}`;
    await expect(page.getByRole('row', { name: /360 Customer support/ })).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/call-queues-list.png`, fullPage: true });

    // Bulk add: at most 10, then two from the next free number.
    const { dialog, from } = await openRangeAdd(page);
    await rangeRefusesEleven(dialog, from, name, 'call queues');
    await dialog.getByLabel('To', { exact: true }).fill(String(from + 1));
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText(`${from} - ${name} created successfully`)).toBeVisible();
    await expect(dialog.getByText(`${from + 1} - ${name} created successfully`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('link', { name: String(from), exact: true }).click();
    await expect(page.getByRole('heading', { name: `${name} (${from})` })).toBeVisible();
    // General: the agents' codes, the waits, the exit time in GMT.
    await expect(page.getByTestId('queue-login-codes')).toHaveText(
      `Members log in to queue ${from} by dialling 120*${from} and log out by dialling 121*${from}.`,
    );
    await choose(page, 'Maximum Wait', '2 minutes');
    await choose(page, 'Maximum Length', '25', { exact: true });
    await choose(page, 'Fallover Destination', '350 - Sales team');
    await page.getByRole('switch', { name: 'Queue Jump' }).check();
    await page.getByRole('switch', { name: 'Exit Queue at a Set Time' }).check();
    await expect(page.getByText('HH:mm, 24-hour clock; queue exit times are GMT')).toBeVisible();
    await page.getByLabel('Exit Time (GMT)').fill('25:00');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please enter a time as HH:mm')).toBeVisible();
    await page.getByLabel('Exit Time (GMT)').fill('17:30');
    await page.screenshot({ path: `${SCREENS}/call-queue-general.png`, fullPage: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${name} has been updated`)).toBeVisible();

    await page.getByRole('tab', { name: 'Member Settings' }).click();
    await choose(page, 'Ring Strategy', 'Least Recent');
    await choose(page, 'Ring Time', '30 seconds');
    await choose(page, 'Wrap-up Time', '2 minutes');
    await page.getByRole('switch', { name: 'Report Hold Time' }).check();
    await page.screenshot({ path: `${SCREENS}/call-queue-member-settings.png`, fullPage: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${name} has been updated`).first()).toBeVisible();

    await page.getByRole('tab', { name: 'Sounds' }).click();
    await choose(page, 'Welcome Prompt', 'Acme main greeting');
    await choose(page, 'Music On Hold', 'Jazz (provider)');
    await choose(page, 'Queue Identification', 'Sales', { exact: true });
    await choose(page, 'Periodic Announcement', /^Please hold while we connect you/, { exact: true });
    await choose(page, 'Periodic Announcement Frequency', '90 seconds');
    await page.screenshot({ path: `${SCREENS}/call-queue-sounds.png`, fullPage: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${name} has been updated`).first()).toBeVisible();

    // Read back after a reload, tab by tab.
    await page.reload();
    await page.getByRole('tab', { name: 'General' }).click();
    await expect(page.getByLabel('Maximum Wait')).toHaveText('2 minutes');
    await expect(page.getByLabel('Maximum Length')).toHaveText('25');
    await expect(page.getByLabel('Fallover Destination')).toHaveValue('350 - Sales team');
    await expect(page.getByRole('switch', { name: 'Queue Jump' })).toBeChecked();
    await expect(page.getByLabel('Exit Time (GMT)')).toHaveValue('17:30');
    await page.getByRole('tab', { name: 'Member Settings' }).click();
    await expect(page.getByLabel('Ring Strategy')).toHaveText('Least Recent');
    await expect(page.getByLabel('Ring Time')).toHaveText('30 seconds');
    await expect(page.getByLabel('Wrap-up Time')).toHaveText('2 minutes');
    await expect(page.getByLabel('Retry')).toHaveText('5 seconds');
    await expect(page.getByRole('switch', { name: 'Report Hold Time' })).toBeChecked();
    await page.getByRole('tab', { name: 'Sounds' }).click();
    await expect(page.getByLabel('Welcome Prompt')).toHaveText('Acme main greeting');
    await expect(page.getByLabel('Music On Hold')).toHaveText('Jazz (provider)');
    await expect(page.getByLabel('Queue Identification')).toHaveText('Sales');
    await expect(page.getByLabel('Periodic Announcement', { exact: true })).toHaveText(
      'Please hold while we connect you (system)',
    );
    await expect(page.getByLabel('Periodic Announcement Frequency')).toHaveText('90 seconds');
    await expect(page.getByLabel('Queue Full Message')).toHaveText('None');

    // Members: a seat, then the same seat again.
    await page.getByRole('tab', { name: 'Members' }).click();
    await page.getByRole('button', { name: /^Add/ }).click();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Please select an option')).toBeVisible();
    await choose(dialog, 'Member', '204 - Sales desk');
    await choose(dialog, 'Penalty', '3');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('204 - Sales desk created successfully')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add Another' }).click();
    await choose(dialog, 'Member', '204 - Sales desk');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('This member is already a part of this call queue')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    const member = page.getByRole('row', { name: /204 - Sales desk/ });
    await expect(member.getByRole('cell').nth(2)).toHaveText('3');
    await page.getByRole('button', { name: 'Edit 204 - Sales desk' }).click();
    await choose(dialog, 'Penalty', '7');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('204 - Sales desk has been updated')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(member.getByRole('cell').nth(2)).toHaveText('7');
    await page.screenshot({ path: `${SCREENS}/call-queue-members.png`, fullPage: true });

    await openList(page, 'Call Queues');
    const row = page.getByRole('row', { name: new RegExp(`${from} ${name}`) });
    await expect(row).toContainText('Least Recent');
    await expect(row).toContainText('2 minutes');
    await expect(row).toContainText('350 - Sales team');
  });

  test('refuses to delete a queue used by the IVR, naming the IVR', async ({ page }) => {
    await page.getByRole('checkbox', { name: 'Select 360 - Customer support' }).check();
    await page.getByRole('button', { name: 'Delete (1)' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog.getByText('360 - Customer support: In use in IVR 370 - Main menu')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('row', { name: /360 Customer support/ })).toBeVisible();
  });

  test('deletes a queue of its own after confirming', async ({ page }) => {
    const name = `Gone ${Date.now().toString(36)}`;
    const from = await rangeAdd(page, name);
    const dialog = page.getByRole('dialog');
    await page.getByRole('checkbox', { name: `Select ${from} - ${name}` }).check();
    await page.getByRole('button', { name: 'Delete (1)' }).click();
    await expect(dialog.getByText('Delete the following?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog.getByText('Deleted Successfully').first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('row', { name: new RegExp(`${from} ${name}`) })).toHaveCount(0);
  });
});
