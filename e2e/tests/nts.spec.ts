import { expect, test } from './fixtures.ts';
import { choose, openList, signIn } from './helpers.ts';

test.describe('NTS destinations', () => {
  test('adds one, refusing a missing, a malformed and an on-net number, then edits it', async ({ page }) => {
    const name = `Engineer ${Date.now().toString(36)}`;
    await signIn(page, 'retail');
    await openList(page, 'NTS');
    await expect(page.getByRole('row', { name: /Out of hours engineer 07700900999/ })).toBeVisible();

    await page.getByRole('button', { name: /^Add/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('This is a required field')).toBeVisible();
    await expect(dialog.getByText('Please enter a telephone number')).toBeVisible();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Telephone Number').fill('12ab');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Please enter a valid telephone number.')).toBeVisible();
    // One of this platform's own numbers (the demo's main line) stays on the network.
    await dialog.getByLabel('Telephone Number').fill('01214960000');
    await dialog.getByRole('button', { name: 'Create' }).click();
    const onNet = dialog.getByText('It is not possible to add on network telephone number as NTS destination.');
    await expect(onNet).toBeVisible();
    // Shown under the field it is about.
    await expect(dialog.getByLabel('Telephone Number')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Telephone Number')).toHaveAccessibleDescription(
      'It is not possible to add on network telephone number as NTS destination.',
    );
    await page.screenshot({ path: 'test-results/screens/nts-add.png' });
    await dialog.getByLabel('Telephone Number').fill('07700900123');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('created successfully', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('row', { name: new RegExp(`${name} 07700900123 2`) })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/nts-list.png' });

    await page.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { name: `${name} (07700900123)` })).toBeVisible();
    // The name is at most 45 on the detail (50 when created).
    await page.getByLabel('Name').fill('N'.repeat(46));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Length must not exceed 45 characters')).toBeVisible();
    await page.getByLabel('Name').fill(`${name} B`);
    await page.getByLabel('Telephone Number').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please enter a telephone number')).toBeVisible();
    await page.getByLabel('Telephone Number').fill('01214960001');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText('It is not possible to add on network telephone number as NTS destination.'),
    ).toBeVisible();
    await page.getByLabel('Telephone Number').fill('07700900124');
    await choose(page, 'Answer Prompt', 'Please hold while we connect you (system)');
    await page.getByLabel('Channel Limit').fill('4');
    await page.screenshot({ path: 'test-results/screens/nts-detail.png' });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${name} B has been updated`)).toBeVisible();

    await page.getByRole('tab', { name: 'Call Restrictions' }).click();
    await expect(page.getByRole('switch', { name: 'UK Mobile (07)' })).toBeChecked();
    await page.getByRole('switch', { name: 'UK Mobile (07)' }).uncheck();
    await page.getByRole('switch', { name: 'International', exact: true }).check();
    // NTS has no international PIN.
    await expect(page.getByLabel('International PIN')).toHaveCount(0);
    await page.getByRole('switch', { name: 'Refuse other calls' }).check();
    await page.screenshot({ path: 'test-results/screens/nts-restrictions.png' });
    await page.getByRole('button', { name: 'Save' }).click();
    // The General tab's feedback may still show beside this one.
    await expect(page.getByText(`${name} B has been updated`).last()).toBeVisible();

    await page.reload();
    await expect(page.getByRole('switch', { name: 'UK Mobile (07)' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'International', exact: true })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Refuse other calls' })).toBeChecked();
    await page.getByRole('tab', { name: 'General' }).click();
    await expect(page.getByLabel('Telephone Number')).toHaveValue('07700900124');
    await expect(page.getByLabel('Channel Limit')).toHaveValue('4');
    await expect(page.getByLabel('Answer Prompt')).toHaveText('Please hold while we connect you (system)');
  });

  test('without highRisk the international and premium switches cannot be changed', async ({ page }) => {
    const name = `Stylist ${Date.now().toString(36)}`;
    await signIn(page, 'prepay');
    await openList(page, 'NTS');
    await page.getByRole('button', { name: /^Add/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Telephone Number').fill('07700900555');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('created successfully', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('link', { name, exact: true }).click();
    await page.getByRole('tab', { name: 'Call Restrictions' }).click();
    await expect(
      page.getByText(
        'These switches need the high-risk permission; please contact your account manager to change them.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('switch', { name: 'International', exact: true })).toBeDisabled();
    await expect(page.getByRole('switch', { name: 'UK Mobile (07)' })).toBeEnabled();
  });
});
