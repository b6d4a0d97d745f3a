/**
 * A tour of every page a demo user can open: each list from the sidebar, its first record's page and
 * the help page, with nothing going wrong on the way — no console error at all (not even a failed
 * load: no 404 for a logo or an avatar), no reply of 400 or more — and nothing axe-core finds against
 * WCAG 2 A / AA on any of them (the narrow layout's drawer too).
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import { expect, test } from './fixtures.ts';
import { sidebar, signIn } from './helpers.ts';

function watch(page: Page) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  return problems;
}

async function tour(page: Page, problems: string[]) {
  const links = sidebar(page).getByRole('link');
  const names = (await links.allInnerTexts()).filter((n) => n !== 'Live Help Chat');
  expect(names.length).toBeGreaterThan(5);
  let previous = '';
  for (const name of names) {
    await sidebar(page).getByRole('link', { name, exact: true }).click();
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    // The page before stays on screen while the next one loads: wait for it to go, or the first
    // record found would be the old page's (a link about to be detached).
    if (previous) await expect(heading).not.toHaveText(previous);
    previous = await heading.innerText();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, name);
    const firstRecord = page.getByRole('main').getByRole('table').getByRole('link').first();
    if (name !== 'Dashboard' && (await firstRecord.count()) > 0) {
      await firstRecord.click();
      await expect(page.getByRole('navigation', { name: 'breadcrumb' }).getByRole('link')).toHaveCount(2);
      await expect(heading).not.toHaveText(previous);
      await page.waitForLoadState('networkidle');
      previous = await heading.innerText();
      await expectAccessible(page, `${name}: ${previous}`);
    }
    expect(problems, `on ${name}`).toEqual([]);
  }
  await page.getByRole('link', { name: 'Help', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Help', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'Help');
  expect(problems).toEqual([]);
}

// (prepay's tour is the retail one with fewer areas.)
for (const user of ['retail', 'prepay', 'admin']) {
  test(`${user}: every page opens without a console error or a failed request`, async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, user);
    const problems = watch(page);
    await tour(page, problems);
  });
}

test('retail at 390 px: pages, a record, a dialog and the open menu drawer pass axe', async ({ page }) => {
  await signIn(page, 'retail');
  // (Signed in wide: the sign-in waits for the sidebar, a drawer at this width.)
  await page.setViewportSize({ width: 390, height: 844 });
  const heading = page.getByRole('heading', { level: 1 });
  const menu = page.getByRole('button', { name: 'Open menu' });
  await expectAccessible(page, 'the Dashboard at 390 px');
  for (const name of ['Invoices', 'Seats']) {
    await menu.click();
    await expectAccessible(page, `the menu drawer at 390 px (before ${name})`);
    await sidebar(page).getByRole('link', { name, exact: true }).click();
    await expect(heading).toHaveText(name);
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, `${name} at 390 px`);
    if (name === 'Invoices') {
      // An invoice's dialog (its status chip, its buttons).
      await page
        .getByRole('main')
        .getByRole('button', { name: /^View INV-/ })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, 'an invoice’s dialog at 390 px');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
  }
  await page.getByRole('main').getByRole('table').getByRole('link').first().click();
  await expect(heading).not.toHaveText('Seats');
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'a seat at 390 px');
});

test('signed out: the panel and the login page open without a console error or a failed request', async ({ page }) => {
  const problems = watch(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'the login page');
  expect(problems).toEqual([]);
});
