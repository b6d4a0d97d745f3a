import { TRUNK_MESSAGES } from '@switchboard/domain';
import { expect, test } from './fixtures.ts';
import { choose, openList, sidebar, signIn } from './helpers.ts';

test.describe('SIP trunks', () => {
  test('adds a trunk with an IP and sees Direct IP; the dashboard counts it', async ({ page }) => {
    await signIn(page, 'prepay');
    await expect(page.getByTestId('count-sip')).toHaveText('1');
    await openList(page, 'SIP Trunks');
    await expect(page.getByRole('row', { name: /Salon PBX/ })).toContainText('Offline');
    await page.getByRole('button', { name: /^Add/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nickname').fill('Studio PBX');
    await choose(dialog, 'Emergency Location', /01179460000/);
    await dialog.getByLabel('Host IP Address').fill('192.168.0.20');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Please enter a valid IP address for a public network.')).toBeVisible();
    await dialog.getByLabel('Host IP Address').fill('81.2.68.44');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Studio PBX created successfully')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    const row = page.getByRole('row', { name: /Studio PBX/ });
    await expect(row).toContainText('Direct IP');
    await expect(row).toContainText('81.2.68.44');
    await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByTestId('count-sip')).toHaveText('2');
  });

  test('bulk edits trunks, changing only the fields that were set', async ({ page }) => {
    await signIn(page, 'prepay');
    await openList(page, 'SIP Trunks');
    await page.getByRole('checkbox', { name: 'Select Salon PBX' }).check();
    await page.getByRole('checkbox', { name: 'Select Studio PBX' }).check();
    await page.getByRole('button', { name: 'Edit (2)' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Channels').fill('250');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Value must not exceed 200')).toBeVisible();
    await dialog.getByLabel('Channels').fill('3');
    await choose(dialog, 'Call Recording', 'Pausable');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Salon PBX edited successfully')).toBeVisible();
    await expect(dialog.getByText('Studio PBX edited successfully')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('row', { name: /Salon PBX/ })).toContainText('Pausable');
    const studio = page.getByRole('row', { name: /Studio PBX/ });
    await expect(studio).toContainText('Pausable');
    await expect(studio).toContainText('Direct IP');
    await studio.getByRole('link').first().click();
    await expect(page.getByLabel('Channels')).toHaveValue('3');
  });

  test('edits a trunk on several tabs, with a validation error under its field', async ({ page }) => {
    await signIn(page, 'retail');
    await openList(page, 'SIP Trunks');
    await page.getByRole('link', { name: '30000_trunk_dr' }).click();
    await expect(page.getByText(/Registered from 81.2.68.20/)).toBeVisible();
    await page.getByRole('tab', { name: 'IP Address' }).click();
    await page.getByLabel('Permitted IP 1').fill('10.1.1.1');
    await page.getByRole('tab', { name: 'Call Restrictions' }).click();
    await page.getByRole('switch', { name: 'International', exact: true }).check();
    await page.getByLabel('International PIN').fill('4321');
    await page.getByRole('button', { name: 'Save' }).click();
    // The refused save marks the IP Address tab (and opens it, this tab holding no error).
    const ipTab = page.getByRole('tab', { name: /IP Address/ });
    await expect(ipTab).toHaveAttribute('data-errors', 'true');
    await ipTab.click();
    await expect(page.getByText('Please enter a valid IP address for a public network.')).toBeVisible();
    await page.getByLabel('Permitted IP 1').fill('81.2.68.20');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('DR site has been updated')).toBeVisible();
    await page.reload();
    await page.getByRole('tab', { name: 'Call Restrictions' }).click();
    await expect(page.getByLabel('International PIN')).toHaveValue('4321');
  });

  test('a retail account with a trunk cannot add another, and is told why', async ({ page }) => {
    await signIn(page, 'retail');
    await openList(page, 'SIP Trunks');
    await expect(page.getByRole('row', { name: /DR site/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Add/ })).toBeDisabled();
    await expect(
      page.getByText('Retail accounts can have 1 SIP trunk. Please contact your account manager to add more'),
    ).toBeVisible();
  });

  test('a dynamic trunk shows its SIP username, and Show / Reset Password the secret', async ({ page }) => {
    await signIn(page, 'prepay');
    await openList(page, 'SIP Trunks');
    await page.getByRole('link', { name: '30001_trunk_salon' }).click();
    await expect(page.getByText('SIP username: 30001_trunk_salon')).toBeVisible();
    // 3 since the bulk edit above.
    await expect(page.getByLabel('Channels')).toHaveValue('3');
    await page.getByRole('button', { name: 'Show Password' }).click();
    const secret = page.getByTestId('sip-secret');
    await expect(secret).toHaveText(/\S{8,}/);
    const before = await secret.textContent();
    await page.getByRole('button', { name: 'Reset Password' }).click();
    const confirm = page.getByRole('dialog', { name: 'Reset SIP Password' });
    await expect(confirm).toContainText(TRUNK_MESSAGES.confirmPasswordReset);
    await confirm.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('The SIP password has been reset')).toBeVisible();
    await expect(secret).not.toHaveText(before ?? '');
    await expect(secret).toHaveText(/\S{8,}/);
  });

  test('Teams: no tenant offers the invitation and Create Teams Account, then the switch', async ({ page }) => {
    // Acme (retail, 30000): the seats spec gives Bella (prepay, 30001) its Teams tenant first.
    await signIn(page, 'retail');
    await openList(page, 'SIP Trunks');
    await page.getByRole('link', { name: '30000_trunk_dr' }).click();
    await page.getByRole('tab', { name: 'Teams' }).click();
    await expect(page.getByRole('switch', { name: 'Enable Microsoft Teams' })).toHaveCount(0);
    await page.getByLabel('Teams Administrator Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send Admin Invitation' }).click();
    await expect(page.getByText('Please enter a valid email to enable teams')).toBeVisible();
    await page.getByRole('button', { name: 'Create Teams Account' }).click();
    await expect(page.getByText('Teams account created')).toBeVisible();
    await page.getByRole('switch', { name: 'Enable Microsoft Teams' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('DR site has been updated')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Enable Microsoft Teams' })).toBeChecked();
  });
});
