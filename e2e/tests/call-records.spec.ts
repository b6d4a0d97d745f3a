/**
 * Call records (/call-records, issue 28): a month of the demo's calls (this month by default), last
 * month chosen, its CSV downloaded and read back (the header, a row per call, the rows the table
 * shows first), a failed download's message (spec 3 §8), and the page at 1280 and 390 px with axe.
 * Reads only: nothing is changed.
 */
import { readFile } from 'node:fs/promises';
import { recentMonths } from '@switchboard/domain';
import { expectAccessible } from './accessibility.ts';
import { expect, test } from './fixtures.ts';
import { choose, expectNoSidewaysScroll, sidebar, signIn } from './helpers.ts';

const HEADER =
  'Date,Time,Source,Destination,TPS Status,Rejected Call Reason,Restricted Call Reason,Inbound Number,Mins,Cost';

test.describe('call records', () => {
  test('retail: filter a month and download its CSV', async ({ page }) => {
    const [thisMonth, lastMonth] = recentMonths(new Date(), 2);
    await signIn(page, 'retail');
    await sidebar(page).getByRole('link', { name: 'Call Records' }).click();
    await expect(page.getByRole('heading', { name: 'Call Records' })).toBeVisible();
    await expect(page.getByLabel('Month')).toHaveText(thisMonth?.label ?? '');
    await expect(page.getByRole('columnheader', { name: 'Cost' })).toBeVisible();
    await expect(page.getByRole('row')).not.toHaveCount(1);

    await choose(page, 'Month', lastMonth?.label ?? '');
    await expect(page).toHaveURL(new RegExp(`month=${lastMonth?.value}`));
    const first = page.getByRole('row').nth(1);
    // The table shows last month's calls once they have come (not this month's, still on screen a moment).
    const [year, month] = (lastMonth?.value ?? '').split('-');
    await expect(first.getByRole('cell').first()).toHaveText(new RegExp(`^\\d{2}/${month}/${year}$`));
    const cells = await first.getByRole('cell').allTextContents();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`call-records-${lastMonth?.value}.csv`);
    const lines = (await readFile(await download.path(), 'utf8')).trimEnd().split('\n');
    expect(lines[0]).toBe(HEADER);
    // The table's first row (newest first) is the file's first call; its cost as the file has it.
    const [date, time, source, destination, tps, rejected, restricted, inbound, mins, cost] = cells;
    expect(lines[1]).toBe(
      [date, time, source, destination, tps, rejected, restricted, inbound, mins, cost?.replace('£', '')].join(','),
    );
    // A row per call of the month: the list's own total.
    const list = await page.request.post(`/api/v1/callrecords/0/1`, { data: { filters: { month: lastMonth?.value } } });
    const { totalRecords } = (await list.json()) as { totalRecords: number };
    expect(totalRecords).toBeGreaterThan(1000);
    expect(lines).toHaveLength(totalRecords + 1);

    await page.waitForLoadState('networkidle');
    await expectAccessible(page, '/call-records, last month');
    await page.screenshot({ path: 'test-results/call-records-1280.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    // The table turns into cards once the page has laid out at the new width.
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, '/call-records at 390 px');
    await page.screenshot({ path: 'test-results/call-records-390.png', fullPage: true });
  });

  test('a download that fails says so (spec 3 §8)', async ({ page }) => {
    await signIn(page, 'retail');
    await page.goto('/call-records');
    await page.route('**/api/v1/callrecords/download*', (route) => route.abort('connectionreset'));
    await page.getByRole('button', { name: 'Download CSV' }).click();
    await expect(
      page.getByText('There was an error while attempt to get your file. Please try again or contact support.'),
    ).toBeVisible();
  });

  test('prepay: no Cost column (no retail read)', async ({ page }) => {
    await signIn(page, 'prepay');
    await page.goto('/call-records');
    await expect(page.getByRole('heading', { name: 'Call Records' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Mins' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Cost' })).toHaveCount(0);
  });
});
