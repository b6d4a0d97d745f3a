import { expect, test } from './fixtures.ts';
import { deleteRows, sidebar, signIn } from './helpers.ts';

test.describe('conferencing', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'retail');
    await sidebar(page).getByRole('link', { name: 'Conferencing' }).click();
    await expect(page.getByRole('heading', { name: 'Conferencing' })).toBeVisible();
  });

  test('lists the demo room and says how to reach rooms', async ({ page }) => {
    await expect(page.getByText(/dial 155 and enter the room number/)).toBeVisible();
    await expect(page.getByText(/up to 100 participants/)).toBeVisible();
    await expect(page.getByRole('row', { name: /Site meetings/ })).toContainText('380');
  });

  test('creates, edits and reads back a room; refuses a number in use and equal PINs; deletes it', async ({ page }) => {
    const uid = Date.now().toString(36);
    const nickname = `Room ${uid}`;
    await page.getByRole('button', { name: /^Add/ }).click();
    const dialog = page.getByRole('dialog');
    // The next free number is offered; a seat's number is refused by the server.
    await expect(dialog.getByLabel('Room Number')).not.toHaveValue('');
    await dialog.getByLabel('Room Number').fill('201');
    await dialog.getByLabel('Nickname').fill(nickname);
    await dialog.getByLabel(/^PIN/).fill('1234');
    await dialog.getByLabel('Admin PIN').fill('1234');
    const create = dialog.getByRole('button', { name: 'Create' });
    await create.click();
    await expect(dialog.getByText('The admin PIN must be different from the PIN')).toBeVisible();
    await dialog.getByLabel('Admin PIN').fill('9876');
    await create.click();
    await expect(
      dialog.getByText('Conference number is already in use. Please select a different number'),
    ).toBeVisible();
    const free = 900 + (Date.now() % 90);
    await dialog.getByLabel('Room Number').fill(String(free));
    await create.click();
    await expect(page.getByText(`${free} - ${nickname} created successfully`).first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('textbox', { name: /Search/ }).fill(uid);
    await expect(page.getByText('1–1 of 1')).toBeVisible();
    await page
      .getByRole('row', { name: new RegExp(nickname) })
      .getByRole('link')
      .first()
      .click();
    await expect(page.getByRole('tab', { name: 'General' })).toBeVisible();
    await page.getByLabel('Nickname').fill(`${nickname} north`);
    await page.getByLabel('Listen Only').check();
    await page.getByLabel('Maximum Participants').fill('101');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Value must not exceed 100')).toBeVisible();
    await page.getByLabel('Maximum Participants').fill('25');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${nickname} north has been updated`)).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Nickname')).toHaveValue(`${nickname} north`);
    await expect(page.getByLabel('Listen Only')).toBeChecked();
    await expect(page.getByLabel('Maximum Participants')).toHaveValue('25');
    await expect(page.getByLabel('Admin PIN')).toHaveValue('9876');

    await sidebar(page).getByRole('link', { name: 'Conferencing' }).click();
    await page.getByRole('textbox', { name: /Search/ }).fill(uid);
    await expect(page.getByText('1–1 of 1')).toBeVisible();
    const confirm = await deleteRows(page, new RegExp(nickname));
    await expect(confirm.getByText(`Successfully deleted ${free} - ${nickname} north`)).toBeVisible();
  });
});
