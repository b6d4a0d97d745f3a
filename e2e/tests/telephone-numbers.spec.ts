import type { Page } from '@playwright/test';
import { TELEPHONE_NUMBER_MESSAGES } from '@switchboard/domain';
import { expect, test } from './fixtures.ts';
import { choose, dashboardCount, openList, sidebar, signIn } from './helpers.ts';

async function openNumber(page: Page, number: string) {
  await page.getByRole('link', { name: number, exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Caller ID' })).toBeVisible();
}

test.describe('telephone numbers', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'retail');
  });

  test('lists the numbers with their destinations and emergency state', async ({ page }) => {
    await openList(page, 'Telephone Numbers');
    await expect(page.getByRole('row', { name: /01214960000 Main line 300 - Office hours/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /01214960001 Sales 204 - Sales desk/ })).toContainText('Permanent');
    await expect(page.getByRole('row', { name: /01214960003/ })).toContainText('Error');
    await page.getByLabel('Search').fill('sales');
    await expect(page.getByRole('row')).toHaveCount(2);
  });

  test('route a number to a time profile', async ({ page }) => {
    await openList(page, 'Telephone Numbers');
    await openNumber(page, '01214960004');
    await expect(page.getByRole('heading', { name: 'Director (01214960004)' })).toBeVisible();
    await expect(page.getByLabel('Destination')).toHaveValue('208 - Director');
    await choose(page, 'Destination', '301 - Weekend cover');
    await choose(page, 'Distinctive Ring', 'Distinctive ring 3');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Director has been updated')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Destination')).toHaveValue('301 - Weekend cover');
    await expect(page.getByLabel('Distinctive Ring')).toHaveText('Distinctive ring 3');
  });

  test('shows the spec’s field messages on save', async ({ page }) => {
    await openList(page, 'Telephone Numbers');
    await openNumber(page, '01214960002');
    await page.getByLabel('Nickname').fill('A nickname that is far too long');
    await page.getByRole('tab', { name: 'Fax' }).click();
    await page.getByLabel('Fax Email Address').fill('not-an-email');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('There are multiple errors, please correct these errors and save again')).toBeVisible();
    await expect(page.getByText('Must be a valid email address')).toBeVisible();
    await expect(page.getByText('Please check the General tab')).toBeVisible();
    await page.getByRole('tab', { name: 'General' }).click();
    await expect(page.getByText('Length must not exceed 15 characters')).toBeVisible();
  });

  test('refuses to delete a number a seat presents, naming each use', async ({ page }) => {
    await openList(page, 'Telephone Numbers');
    await page.getByRole('checkbox', { name: 'Select 01214960000 (Main line)' }).check();
    await page.getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog').getByText(/In use in Seat 201 - Reception/)).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('row', { name: /01214960000/ })).toBeVisible();
  });

  test('/ems-errors lists the number whose emergency data failed', async ({ page }) => {
    await expect(sidebar(page).getByRole('link', { name: 'EMS Errors' })).toBeVisible();
    await sidebar(page).getByRole('link', { name: 'EMS Errors' }).click();
    await expect(page.getByRole('heading', { name: 'EMS Errors' })).toBeVisible();
    const row = page.getByRole('row', { name: /01214960003/ });
    await expect(row).toContainText('Thoroughfare not recognised for the postcode');
    await expect(page.getByRole('row')).toHaveCount(2);
    await row.getByRole('link', { name: '01214960003' }).click();
    await expect(page.getByRole('tab', { name: 'Emergency', selected: true })).toBeVisible();
    await expect(page.getByTestId('ems-error')).toHaveText('Thoroughfare not recognised for the postcode');
  });

  test('updates the emergency address: pending, rejected by the registry, then confirmed', async ({ page }) => {
    // The dashboard's error widget and its warning panel count the failed number.
    expect(await dashboardCount(page, 'ems-errors')).toBe(1);
    await expect(page.getByRole('alert').filter({ hasText: 'View the errors' })).toBeVisible();
    const numbers = await dashboardCount(page, 'telephone-numbers');
    await openList(page, 'Telephone Numbers');
    await expect(page.getByText(`1–${Math.min(numbers, 15)} of ${numbers}`)).toBeVisible();
    await openNumber(page, '01214960003');
    await page.getByRole('tab', { name: 'Emergency' }).click();
    await expect(page.getByTestId('ems-address')).toContainText('Unit 9 Canal Strete');

    // View mode shows the address without letting it change.
    await page.getByRole('button', { name: 'View' }).click();
    let dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Thoroughfare')).toBeDisabled();
    await dialog.getByRole('button', { name: 'Edit' }).click();
    await expect(dialog.getByLabel('Thoroughfare')).toBeEnabled();
    await dialog.getByLabel('Postcode').fill('B1');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(dialog.getByText('Please enter a valid UK postcode.')).toBeVisible();

    // A registry test postcode the sandbox rejects with a code outside the plain list.
    await dialog.getByLabel('Thoroughfare').fill('Canal Street');
    await dialog.getByLabel('Postcode').fill('ZZ1 1AF');
    await dialog.getByRole('button', { name: 'Update' }).click();
    // Sent, not done: pending until the registry answers; its rejection comes as a notification.
    await expect(page.getByText(TELEPHONE_NUMBER_MESSAGES.emsSubmitted)).toBeVisible();
    await expect(page.getByText(TELEPHONE_NUMBER_MESSAGES.emsUpdated)).toHaveCount(0);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Edit Address' })).toBeDisabled();
    await expect(page.getByText(/waiting for the emergency services registry/).first()).toBeVisible();
    await expect(page.getByTestId('ems-error')).toHaveText('ERROR: Record rejected: malformed submission', {
      timeout: 20_000,
    });
    const rejected = page.getByTestId('ems-rejected');
    await expect(rejected).toContainText(`01214960003: ${TELEPHONE_NUMBER_MESSAGES.emsUpdateFailed}`);
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(rejected).toBeHidden();

    // Corrected: confirmed, and the error is gone from /ems-errors and the sidebar.
    await page.getByRole('button', { name: 'Edit Address' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Postcode').fill('b1 2jr');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText(TELEPHONE_NUMBER_MESSAGES.emsSubmitted)).toBeVisible();
    await expect(page.getByText('Confirmed')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(TELEPHONE_NUMBER_MESSAGES.emsUpdated)).toBeVisible();
    await expect(page.getByTestId('ems-error')).toBeHidden();
    await expect(page.getByTestId('ems-address')).toContainText('B1 2JR');
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Emergency' })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'EMS Errors' })).toBeHidden();
    await page.goto('/ems-errors');
    await expect(page.getByText('There are no records to show')).toBeVisible();
    await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByTestId('count-ems-errors')).toHaveText('0');
    await expect(page.getByText('View the errors')).toBeHidden();
  });
});
