/**
 * The Jobs page (provider admins): a job that failed is listed with its error and attempts; Retry
 * runs it again. The failing job is the sandbox's probe (its first run fails on purpose).
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import { expect, test } from './fixtures.ts';
import { expectNoSidewaysScroll, sidebar, signIn } from './helpers.ts';

interface Job {
  id: string;
  name: string;
  state: string;
}

const jobsIn = async (page: Page, state: string): Promise<Job[]> => {
  const res = await page.request.post('/api/v1/jobs/0/50', { data: { filters: { state } } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { records: Job[] }).records;
};

test('a failed job is listed with its error; Retry runs it again', async ({ page }) => {
  await signIn(page, 'admin');
  const probe = await page.request.post('/api/v1/jobs/sandbox-probe');
  expect(probe.status(), await probe.text()).toBe(200);
  const { id } = (await probe.json()) as { id: string };
  await expect
    .poll(async () => (await jobsIn(page, 'failed')).some((j) => j.id === id), { timeout: 20_000 })
    .toBe(true);

  await sidebar(page).getByRole('link', { name: 'Jobs', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Jobs', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill('sandbox-probe');
  const row = page.getByRole('row').filter({ hasText: 'sandbox-probe' }).filter({ hasText: 'Failed' }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('The sandbox probe fails its first run on purpose');
  await expect(row).toContainText('1 of 1');
  // The search applied (the list shows only the probe's jobs), then the picture.
  await expect(page.getByText(/^1–\d+ of \d+$/)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'outbox-delivery' })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'Jobs');
  await page.screenshot({ path: 'test-results/jobs-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone: the job, its state (the error under its name) and Retry, all on screen.
  await expect(row.getByRole('button', { name: 'Retry sandbox-probe' })).toBeInViewport({ ratio: 1 });
  await expect(row.locator('.MuiTypography-caption')).toBeInViewport();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, 'Jobs at 390 px');
  await page.screenshot({ path: 'test-results/jobs-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await row.getByRole('button', { name: 'Retry sandbox-probe' }).click();
  await expect(page.getByText('Job sandbox-probe queued to run again')).toBeVisible();
  await expect
    .poll(async () => (await jobsIn(page, 'completed')).some((j) => j.id === id), { timeout: 20_000 })
    .toBe(true);
  expect((await jobsIn(page, 'failed')).some((j) => j.id === id)).toBe(false);
  // The page's State filter shows it among the completed jobs.
  await page.goto('/jobs?search=sandbox-probe&filter.state=completed');
  await expect(
    page.getByRole('row').filter({ hasText: 'sandbox-probe' }).filter({ hasText: 'Completed' }).first(),
  ).toBeVisible();
});
