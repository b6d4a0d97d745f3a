import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { choose, dashboardCount, openList, sidebar, signIn, typeDateTime } from './helpers.ts';

async function openProfile(page: Page, number: string) {
  await page.getByRole('link', { name: number, exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Schedule' })).toBeVisible();
}

test.describe('time profiles', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'retail');
    await openList(page, 'Time Profiles');
  });

  test('bulk adds a range, refusing a clash and too many with the spec’s messages', async ({ page }) => {
    const before = await dashboardCount(page, 'time-profiles');
    await openList(page, 'Time Profiles');
    await page.getByRole('button', { name: /^Add/ }).click();
    const dialog = page.getByRole('dialog');
    // The next free number is offered.
    await expect(dialog.getByLabel('From')).toHaveValue('302');
    await dialog.getByLabel('From').fill('500');
    await dialog.getByLabel('To', { exact: true }).fill('511');
    await dialog.getByLabel('Name').fill('Branch');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(
      dialog.getByText(
        'You cannot add more than 10 time profiles at one time, please contact your account manager to add more',
      ),
    ).toBeVisible();
    await dialog.getByLabel('From').fill('299');
    await dialog.getByLabel('To', { exact: true }).fill('301');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(
      dialog.getByText(
        '1 or more of the time profiles already has the number in this selected range. Please check the range and try again',
      ),
    ).toBeVisible();
    await dialog.getByLabel('From').fill('500');
    await dialog.getByLabel('To', { exact: true }).fill('502');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('500 - Branch created successfully')).toBeVisible();
    await expect(dialog.getByText('502 - Branch created successfully')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('row', { name: /501 Branch/ })).toBeVisible();
    await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByTestId('count-time-profiles')).toHaveText(String(before + 3));
  });

  test('edits the schedule and shows "{name} has been updated"', async ({ page }) => {
    await openProfile(page, '301');
    await page.getByRole('tab', { name: 'Schedule' }).click();
    await expect(page.getByTestId('hours-saturday')).toHaveText('08:00 – 16:00');
    await page.getByRole('switch', { name: 'Monday open' }).check();
    await expect(page.getByTestId('hours-monday')).toHaveText('09:00 – 17:30');
    // Keyboard on the slider moves the end by one 5-minute step.
    await page.getByRole('slider', { name: 'Monday end' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('hours-monday')).toHaveText('09:00 – 17:35');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Weekend cover has been updated')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('hours-monday')).toHaveText('09:00 – 17:35');
  });

  test('a destination field searches the server as it is typed in, and labels its value without the whole list', async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname + new URL(request.url()).search));
    await openProfile(page, '300');
    await page.getByRole('tab', { name: 'Routing' }).click();
    await expect(page.getByRole('combobox', { name: 'Closed Destination' })).toHaveValue('301 - Weekend cover');
    const open = page.getByRole('combobox', { name: 'Open Destination' });
    await open.click();
    await open.fill('sales team');
    await expect(page.getByRole('option', { name: '350 - Sales team' })).toBeVisible();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(1);
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(page.getByRole('option', { name: '350 - Sales team' })).toBeVisible();
    await page.screenshot({ path: 'test-results/destination-picker-1440.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('option', { name: '350 - Sales team' })).toBeVisible();
    await page.screenshot({ path: 'test-results/destination-picker-390.png' });
    expect(asked.some((url) => url.startsWith('/api/v1/destinations/search?q=sales+team'))).toBe(true);
    // Neither the whole list of destinations nor every seat is loaded.
    expect(asked.filter((url) => /^\/api\/v1\/(destinations(\?|$)|destinations\/-1|seat\/pick\/-1)/.test(url))).toEqual(
      [],
    );
  });

  test('adds a calendar entry, showing a date error under its field', async ({ page }) => {
    await openProfile(page, '300');
    await page.getByRole('tab', { name: 'Calendar' }).click();
    await expect(page.getByRole('row', { name: /Christmas shutdown/ })).toBeVisible();
    await page.getByRole('button', { name: /^Add/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('This is a required field').first()).toBeVisible();
    await dialog.getByLabel('Description').fill('Office move');
    await choose(dialog, 'Destination', '301 - Weekend cover');
    // Typed section by section (DD/MM/YYYY HH:mm); a date left unfinished is refused.
    await typeDateTime(dialog, 'Start', '0503');
    await typeDateTime(dialog, 'End', '050320271800');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Please enter a date as DD/MM/YYYY HH:mm')).toBeVisible();
    await typeDateTime(dialog, 'Start', '050320271200');
    await expect(dialog.getByRole('group', { name: 'Start', exact: true })).toContainText('05/03/2027 12:00');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Office move created successfully')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    const row = page.getByRole('row', { name: /Office move/ });
    await expect(row).toContainText('301 - Weekend cover');
    await expect(row).toContainText('05/03/2027 12:00');
    // The entry has its own page.
    await row.getByRole('link', { name: 'Office move' }).click();
    await expect(page.getByRole('heading', { name: 'Office move (300 - Office hours)' })).toBeVisible();
    // Its breadcrumbs go through its time profile.
    const crumbs = page.getByRole('navigation', { name: 'breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Office hours (300)' })).toBeVisible();
    await expect(crumbs).toContainText(/Office move \(\d+\)/);
    // Picked from the calendar and the clock.
    await page
      .getByRole('button', { name: /Choose date/ })
      .last()
      .click();
    const picker = page.getByRole('dialog');
    await picker.getByRole('gridcell', { name: '6', exact: true }).click();
    await picker.getByRole('option', { name: '19 hours' }).click();
    await picker.getByRole('option', { name: '0 minutes', exact: true }).click();
    await picker.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('group', { name: 'End', exact: true })).toContainText('06/03/2027 19:00');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Office move has been updated')).toBeVisible();
  });

  test('routes a profile to another and is refused deleting one in use', async ({ page }) => {
    await openProfile(page, '300');
    await page.getByRole('tab', { name: 'Routing' }).click();
    await expect(page.getByLabel('Closed Destination')).toHaveValue('301 - Weekend cover');
    await openList(page, 'Time Profiles');
    await page.getByRole('checkbox', { name: 'Select 301 - Weekend cover' }).check();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Delete|Confirm|Yes/ })
      .last()
      .click();
    await expect(page.getByText(/In use in Time Profile 300 - Office hours/)).toBeVisible();
  });
});

test.describe('time profiles bulk edit', () => {
  test('sets the bank holiday region of several profiles at once, leaving their other fields', async ({ page }) => {
    await signIn(page, 'retail');
    await openList(page, 'Time Profiles');
    const dialog = page.getByRole('dialog');
    // Force one profile closed first: a later edit of the bank holidays must leave that alone.
    await page.getByRole('checkbox', { name: 'Select 301 - Weekend cover' }).check();
    await page.getByRole('button', { name: 'Edit (1)' }).click();
    await expect(dialog.getByLabel('Bank Holidays')).toHaveText('Leave unchanged');
    await choose(dialog, 'Mode', 'Always closed');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('301 - Weekend cover edited successfully')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('row', { name: /301 Weekend cover/ })).toContainText('Always closed');

    await page.getByRole('checkbox', { name: 'Select 300 - Office hours' }).check();
    await page.getByRole('checkbox', { name: 'Select 301 - Weekend cover' }).check();
    await page.getByRole('button', { name: 'Edit (2)' }).click();
    await choose(dialog, 'Bank Holidays', 'Scotland');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('300 - Office hours edited successfully')).toBeVisible();
    await expect(dialog.getByText('301 - Weekend cover edited successfully')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('row', { name: /300 Office hours/ })).toContainText('Scotland');
    await expect(page.getByRole('row', { name: /301 Weekend cover/ })).toContainText('Scotland');
    await expect(page.getByRole('row', { name: /301 Weekend cover/ })).toContainText('Always closed');
    await expect(page.getByRole('row', { name: /300 Office hours/ })).toContainText('Automatic');
  });
});
