import { expect, type Page, test } from '@playwright/test';
import { sidebar, signIn } from './helpers.ts';

async function openSeats(page: Page) {
  await sidebar(page).getByRole('link', { name: 'Seats' }).click();
  await expect(page.getByRole('heading', { name: 'Seats' })).toBeVisible();
}

test.describe('seats', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'retail');
  });

  test('bulk adds seats with per-item feedback, and the dashboard count follows', async ({ page }) => {
    await expect(page.getByTestId('count-seats')).toHaveText('12');
    await openSeats(page);
    await expect(page.getByRole('row', { name: /201 Reception/ })).toContainText('Registered');
    await page.getByRole('button', { name: /^Add/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('From')).toHaveValue('213');
    await dialog.getByLabel('To', { exact: true }).fill('400');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(
      dialog.getByText(
        'You cannot add more than 100 seats at one time, please contact your account manager to add more',
      ),
    ).toBeVisible();
    await dialog.getByLabel('To', { exact: true }).fill('215');
    await dialog.getByLabel('Nickname').fill('Hot desk');
    await dialog.getByRole('button', { name: 'Create' }).click();
    for (const ext of [213, 214, 215]) {
      await expect(dialog.getByText(`Seat ${ext} - Hot desk created successfully`)).toBeVisible();
    }
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('row', { name: /214 Hot desk/ })).toContainText('Unregistered');
    await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByTestId('count-seats')).toHaveText('15');
  });

  test('edits a seat on several tabs and shows "{name} has been updated"', async ({ page }) => {
    await openSeats(page);
    await page.getByRole('link', { name: '203' }).click();
    await expect(page.getByRole('heading', { name: 'Office manager (203)' })).toBeVisible();
    await page.getByLabel('Nickname').fill('Office manager desk');
    await page.getByRole('tab', { name: 'Voicemail' }).click();
    await expect(page.getByLabel('Voicemail to Email')).toBeVisible();
    await page.getByLabel('Voicemail to Email').fill('office@acmeplumbing.example');
    await page.getByRole('tab', { name: 'Call Recording' }).click();
    await page.getByLabel('Call Recording').click();
    await page.getByRole('option', { name: 'Pausable' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Office manager desk has been updated')).toBeVisible();
    await page.reload();
    await page.getByRole('tab', { name: 'Voicemail' }).click();
    await expect(page.getByLabel('Voicemail to Email')).toHaveValue('office@acmeplumbing.example');
    // Disabled voicemail hides the email field.
    await page.getByLabel('Voicemail', { exact: true }).click();
    await page.getByRole('option', { name: 'Disabled' }).click();
    await expect(page.getByLabel('Voicemail to Email')).toHaveCount(0);
  });

  test('shows a validation error under its field', async ({ page }) => {
    await openSeats(page);
    await page.getByRole('link', { name: '206' }).click();
    await page.getByRole('tab', { name: 'Diverts' }).click();
    await page.getByLabel('Divert When Busy').fill('12ab');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please enter a valid telephone number')).toBeVisible();
    await page.getByLabel('Divert When Busy').fill('07700900555');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Workshop has been updated')).toBeVisible();
  });

  test('shows and resets the SIP password', async ({ page }) => {
    await openSeats(page);
    await page.getByRole('link', { name: '208' }).click();
    await page.getByRole('button', { name: 'Show Password' }).click();
    const first = await page.getByTestId('sip-secret').textContent();
    expect(first).toMatch(/^[A-Za-z0-9]{24}$/);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByTestId('sip-secret')).not.toHaveText(first ?? '');
  });
});
