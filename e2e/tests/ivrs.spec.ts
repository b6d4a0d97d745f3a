import { expect, test } from './fixtures.ts';
import { choose, openList, sidebar, signIn } from './helpers.ts';

test.describe('IVRs', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'retail');
    await openList(page, 'IVRs');
  });

  test('bulk add refuses bad ranges with the spec’s messages', async ({ page }) => {
    await expect(page.getByRole('row', { name: /370 Main menu/ })).toBeVisible();
    await page.getByRole('button', { name: /^Add/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('From')).not.toHaveValue('');
    // The description is required.
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('This is a required field')).toBeVisible();
    await dialog.getByLabel('Description').fill('Menu');
    await dialog.getByLabel('From').fill('150');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Please input a valid number')).toBeVisible();
    await dialog.getByLabel('From').fill('620');
    await dialog.getByLabel('To', { exact: true }).fill('610');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Please ensure this number is less than the To field')).toBeVisible();
    await dialog.getByLabel('To', { exact: true }).fill('640');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(
      dialog.getByText('You cannot add more than 10 IVRs at one time, please contact your account manager to add more'),
    ).toBeVisible();
    // The demo's 370 is taken.
    await dialog.getByLabel('From').fill('370');
    await dialog.getByLabel('To', { exact: true }).fill('');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('IVR number is already in use. Please select a different number')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/ivrs-add.png' });
  });

  test('builds “Press 1 for sales, 2 for support” from scratch and routes a number to it', async ({ page }) => {
    const description = `Menu ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: /^Add/ }).click();
    const dialog = page.getByRole('dialog');
    const from = dialog.getByLabel('From');
    await expect(from).not.toHaveValue('');
    const first = Number(await from.inputValue());
    await dialog.getByLabel('To', { exact: true }).fill(String(first + 1));
    await dialog.getByLabel('Description').fill(description);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText(`${first} - ${description} created successfully`)).toBeVisible();
    await expect(dialog.getByText(`${first + 1} - ${description} created successfully`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('row', { name: new RegExp(`${first + 1} ${description}`) })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/ivrs-list.png' });

    // The second of the two goes (with a confirm).
    await page.getByRole('checkbox', { name: `Select ${first + 1} - ${description}` }).check();
    await page.getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog').getByText('Deleted Successfully')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('row', { name: new RegExp(`${first + 1} ${description}`) })).toHaveCount(0);

    // The menu: a greeting, keys 1 and 2, * to the conference bridge.
    await page.getByRole('link', { name: String(first), exact: true }).click();
    await expect(page.getByRole('heading', { name: `${description} (${first})` })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'General' })).toBeVisible();
    await expect(page.getByLabel('Greeting Prompt')).toHaveText('None');
    await expect(page.getByLabel('Invalid Choice Prompt')).toHaveText('Default');
    await choose(page, 'Key 1', '350 - Sales team');
    await choose(page, 'Key 2', '360 - Customer support');
    await choose(page, 'Key *', 'Conferencing');
    await choose(page, 'Timeout', '360 - Customer support');
    // The menu cannot route to itself: it is not offered.
    const key3 = page.getByRole('combobox', { name: 'Key 3' });
    await key3.click();
    // The picker searches on the server: another menu is found, this one is not.
    await key3.fill('Main menu');
    await expect(page.getByRole('option', { name: '370 - Main menu' })).toBeVisible();
    await key3.fill(String(first));
    await expect(page.getByRole('option', { name: `${first} - ${description}` })).toHaveCount(0);
    await key3.fill('');
    await page.keyboard.press('Escape');
    await page.screenshot({ path: 'test-results/screens/ivr-detail.png', fullPage: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${description} has been updated`)).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Key 1')).toHaveValue('350 - Sales team');
    await expect(page.getByLabel('Key 2')).toHaveValue('360 - Customer support');
    await expect(page.getByLabel('Key *')).toHaveValue('Conferencing');
    await expect(page.getByLabel('Key 3')).toHaveValue('');

    // The list counts the keys set.
    await openList(page, 'IVRs');
    await expect(page.getByRole('row', { name: new RegExp(`${first} ${description} 4`) })).toBeVisible();

    // A telephone number routed to the menu, read back, then put back as it was.
    await sidebar(page).getByRole('link', { name: 'Telephone Numbers' }).click();
    await page.getByRole('link', { name: '01214960002', exact: true }).click();
    await expect(page.getByRole('tab', { name: 'Caller ID' })).toBeVisible();
    const destination = page.getByRole('combobox', { name: 'Destination' });
    // The demo routes it to seat 202: shown by its label once the picker has asked for it (until
    // then the field holds the stored 'seat:202', which no search finds).
    const before = '202 - Accounts';
    await expect(destination).toHaveValue(before);
    await choose(page, 'Destination', `${first} - ${description}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Accounts has been updated')).toBeVisible();
    await page.reload();
    await expect(destination).toHaveValue(`${first} - ${description}`);
    await sidebar(page).getByRole('link', { name: 'Telephone Numbers' }).click();
    await expect(page.getByRole('row', { name: /01214960002/ })).toContainText(`${first} - ${description}`);

    // In use: the menu cannot be deleted while the number routes to it.
    await openList(page, 'IVRs');
    await page.getByRole('checkbox', { name: `Select ${first} - ${description}` }).check();
    await page.getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog').getByText(/In use in Telephone Number/)).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    await sidebar(page).getByRole('link', { name: 'Telephone Numbers' }).click();
    await page.getByRole('link', { name: '01214960002', exact: true }).click();
    // On the number's page (the list has a Destination filter of its own).
    await expect(page.getByRole('tab', { name: 'Caller ID' })).toBeVisible();
    await expect(destination).toHaveValue(`${first} - ${description}`);
    await choose(page, 'Destination', before);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Accounts has been updated').last()).toBeVisible();
  });
});
