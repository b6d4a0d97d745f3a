import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { choose, sidebar, signIn } from './helpers.ts';

/** The seats a test made (id, extension): removed after it, with their monitors, so other specs see the demo's seats. */
const made: Array<{ id: number; extension: number }> = [];

/** A new seat of the signed-in account, created through the API with a free extension. */
async function newSeat(page: Page, nickname: string): Promise<{ extension: number; name: string; label: string }> {
  let extension = 600 + (Date.now() % 300);
  for (let attempt = 0; attempt < 30; attempt++) {
    const res = await page.request.post('/api/v1/seat', { data: { extension, nickname } });
    if (res.ok()) {
      made.push({ id: ((await res.json()) as { id: number }).id, extension });
      return { extension, name: `30000*${extension}`, label: `${extension} - ${nickname}` };
    }
    extension = 600 + ((extension - 600 + 7) % 300);
  }
  throw new Error('no free extension for a seat');
}

test.describe('call monitoring', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'retail');
  });
  test.afterEach(async ({ page }) => {
    const ours = made.splice(0);
    const ids = new Set(ours.map((s) => s.id));
    const extensions = new Set(ours.map((s) => s.extension));
    const overview = await page.request.post('/api/v1/callmonitoring/overview', { data: {} });
    type Row = { id: number; monitors: Array<{ id: number; extension: number }> };
    const monitors = ((await overview.json()) as { records: Row[] }).records.flatMap((s) =>
      s.monitors.filter((m) => ids.has(s.id) || extensions.has(m.extension)).map((m) => m.id),
    );
    if (monitors.length > 0) {
      expect((await page.request.delete('/api/v1/callmonitoring', { data: { ids: monitors } })).ok()).toBe(true);
    }
    for (const seat of ours) expect((await page.request.delete(`/api/v1/seat/${seat.id}`)).ok()).toBe(true);
  });

  test('the wizard adds monitors, with each seat’s success and failure in its feedback', async ({ page }) => {
    const u = Date.now().toString(36).slice(-5);
    const watcher = await newSeat(page, `W${u}`);
    const watched = await newSeat(page, `D${u}`);
    await sidebar(page).getByRole('link', { name: 'Call Monitoring' }).click();
    await expect(page.getByRole('heading', { name: 'Call Monitoring' })).toBeVisible();
    await expect(page.getByText(/dialling 154/)).toBeVisible();
    // The demo office manager monitors the sales group's seats.
    await expect(page.getByRole('row', { name: /Office manager/ })).toContainText(
      '209 - Estimating, 212 - Training room',
    );

    await page.getByRole('button', { name: 'Add Call Monitoring' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Call Monitoring' });
    await choose(dialog, 'Seats', watcher.label, { exact: true });
    await choose(dialog, 'Seats', watched.label, { exact: true });
    await choose(dialog, 'Monitors', watched.label, { exact: true });
    await dialog.getByLabel('PIN').fill('4321');
    await page.screenshot({ path: 'test-results/call-monitoring-wizard-settings.png' });
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByRole('list', { name: 'Changes' })).toContainText(`Monitors ${watched.label}`);
    await dialog.getByRole('button', { name: 'Create' }).click();

    const results = dialog.getByRole('list', { name: 'Results' });
    await expect(results).toContainText(`${watcher.label} can monitor ${watched.label}`);
    await expect(results).toContainText(`${watched.label} monitoring ${watched.label}: A seat cannot monitor itself`);
    await expect(dialog.getByText('1 error(s) occurred')).toBeVisible();
    await page.screenshot({ path: 'test-results/call-monitoring-wizard-feedback.png' });
    await dialog.getByRole('button', { name: 'Close' }).click();

    const row = page.getByRole('row', { name: new RegExp(`W${u}`) });
    await expect(row).toContainText(watched.label);
    await page.screenshot({ path: 'test-results/call-monitoring-list.png' });

    // The seat's page: its monitors, editable.
    await row.getByRole('link').first().click();
    await expect(page.getByRole('tab', { name: 'General' })).toBeVisible();
    await expect(page.getByRole('button', { name: watched.label })).toBeVisible();
    await page.screenshot({ path: 'test-results/call-monitoring-detail.png' });
    // Removing the monitor and saving replaces the seat's monitors.
    await page.getByRole('combobox', { name: 'Monitors' }).click();
    await page.keyboard.press('Backspace');
    await expect(page.getByRole('button', { name: watched.label })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${watcher.label} has been updated`)).toBeVisible();
    await sidebar(page).getByRole('link', { name: 'Call Monitoring' }).click();
    await expect(page.getByRole('row', { name: new RegExp(`W${u}`) })).toContainText('None');
  });

  test('refuses a PIN that is not 4-6 digits, and a wizard with no monitors to add or delete', async ({ page }) => {
    const u = Date.now().toString(36).slice(-5);
    const watcher = await newSeat(page, `P${u}`);
    const watched = await newSeat(page, `Q${u}`);
    await sidebar(page).getByRole('link', { name: 'Call Monitoring' }).click();
    await page.getByRole('button', { name: 'Add Call Monitoring' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Call Monitoring' });
    await choose(dialog, 'Seats', watcher.label, { exact: true });
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('Please select some monitors or delete current monitors')).toBeVisible();

    await choose(dialog, 'Monitors', watched.label, { exact: true });
    await dialog.getByLabel('PIN').fill('12');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('Please enter a 4-6 digit pin')).toBeVisible();
    await expect(dialog.getByText('Please go back to rectify the validation errors.')).toBeVisible();
    await page.screenshot({ path: 'test-results/call-monitoring-pin.png' });
    await dialog.getByLabel('PIN').fill('123456');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByRole('list', { name: 'Results' })).toContainText(
      `${watcher.label} can monitor ${watched.label}`,
    );
  });
});
