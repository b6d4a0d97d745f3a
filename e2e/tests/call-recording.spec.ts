import { expectAccessible } from './accessibility.ts';
import { expect, test } from './fixtures.ts';
import { openList, signIn } from './helpers.ts';

test.describe('call recording', () => {
  test('filters the month’s recordings, shows the storage settings, opens a recording and plays it', async ({
    page,
  }) => {
    await signIn(page, 'retail');
    await openList(page, 'Call Recording');
    const table = page.getByRole('table');
    // The demo's month of recorded calls (the default range: one month back to today).
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    expect(await table.getByRole('row').count()).toBeGreaterThan(2);
    const dates = page.getByRole('group', { name: 'Call date' });
    await expect(dates).toBeVisible();

    // Origin, typed in full: only that caller's recordings.
    const origin = (await table.getByRole('row').nth(1).locator('td').nth(2).textContent()) ?? '';
    expect(origin).toMatch(/^\d+$/);
    await page.getByLabel('Origin').fill(origin);
    await page.getByLabel('Origin').press('Enter');
    await expect(page).toHaveURL(new RegExp(`filter\\.origin=${origin}`));
    const rows = table.getByRole('row');
    await expect(rows.nth(1)).toContainText(origin);
    const origins = table.locator('tbody tr td:nth-child(3)');
    await expect.poll(async () => [...new Set(await origins.allTextContents())]).toEqual([origin]);
    await expectAccessible(page, 'the call recordings filtered by origin');
    await page.screenshot({ path: 'test-results/screens/call-recording-list.png', fullPage: true });

    // The storage settings: used storage against the quota, retention and quota to save.
    await page.getByRole('button', { name: 'Storage Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Storage Settings' });
    await expect(dialog.getByText(/^Used .* of 10 GB \(\d+ recordings\)$/)).toBeVisible();
    await expect(dialog.getByLabel('Retention (days)')).toHaveValue('90');
    await expect(dialog.getByLabel('Quota (GB)')).toHaveValue('10');
    await expectAccessible(page, 'the storage settings modal');
    await page.screenshot({ path: 'test-results/screens/call-recording-settings.png' });
    await dialog.getByLabel('Retention (days)').fill('0');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Value must be at least 1')).toBeVisible();
    await dialog.getByLabel('Retention (days)').fill('120');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Storage settings saved')).toBeVisible();
    await expect(dialog).toBeHidden();

    // A recording: its details, the waveform player, and Download.
    await rows.nth(1).getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: new RegExp(`^${origin} → `) })).toBeVisible();
    const play = page.getByRole('button', { name: /^Play the call from/ });
    await expect(play).toBeEnabled();
    await expect(page.getByTestId('waveform').locator('*').first()).toBeAttached();
    await play.click();
    await expect(page.getByRole('button', { name: /^Pause the call from/ })).toBeVisible();
    await expect
      .poll(async () => Number(await page.getByRole('slider', { name: 'Position' }).getAttribute('aria-valuenow')))
      .toBeGreaterThan(0);
    const download = page.getByRole('link', { name: 'Download' });
    const href = (await download.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/api\/v1\/callrecording\/\d+\/download\?download=1$/);
    const file = await page.request.get(href);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-disposition']).toMatch(
      /^attachment; filename=".+\.wav"; filename\*=UTF-8''.+\.wav$/,
    );
    const part = await page.request.get(href, { headers: { range: 'bytes=0-3' } });
    expect(part.status()).toBe(206);
    expect((await part.body()).toString()).toBe('RIFF');
    await expectAccessible(page, 'a call recording playing');
    await page.screenshot({ path: 'test-results/screens/call-recording-detail.png', fullPage: true });

    // At a phone's width: the recording, the list and the modal.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/screens/call-recording-detail-390.png', fullPage: true });
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Call Recording' })).toBeVisible();
    await expect(rows.nth(1)).toContainText(origin);
    await page.screenshot({ path: 'test-results/screens/call-recording-list-390.png', fullPage: true });
    await page.getByRole('button', { name: 'Storage Settings' }).click();
    await expect(dialog.getByLabel('Retention (days)')).toHaveValue('120');
    await page.screenshot({ path: 'test-results/screens/call-recording-settings-390.png' });
  });
});
