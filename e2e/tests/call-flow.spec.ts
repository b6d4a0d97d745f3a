/**
 * Call flow (issue 29): the demo main number traced at Saturday 10:00 goes to the weekend cover's
 * 'On-call' seat, in plain words; each object links to its page. Looked at (and checked by axe) at 1280
 * and 390 px.
 */
import { expectAccessible } from './accessibility.ts';
import { expect, test } from './fixtures.ts';
import { expectNoSidewaysScroll, sidebar, signIn } from './helpers.ts';

test('traces the main number on Saturday 10:00 and follows a step to its page', async ({ page }) => {
  await signIn(page, 'retail');
  await sidebar(page).getByRole('link', { name: 'Call Flow', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Call Flow', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Trace a call' });
  await expect(form.getByRole('button', { name: 'Trace' })).toBeDisabled();

  const picker = form.getByRole('combobox', { name: 'Number or destination' });
  await picker.click();
  await picker.fill('01214960000');
  await page
    .getByRole('option', { name: /^01214960000/ })
    .first()
    .click();
  await form.getByRole('button', { name: 'Saturday 10:00' }).click();
  await expect(form.getByRole('heading', { level: 2 })).toContainText(
    /What happens when 01214960000 \(Main line\) is called on Saturday \d+ \w+ \d{4} at 10:00\?/,
  );
  await form.getByRole('button', { name: 'Trace' }).click();

  const steps = page.getByRole('list', { name: 'Steps' });
  await expect(steps).toContainText(
    "Saturday 10:00 is outside 'Office hours' (Mon–Fri 09:00–17:30) → the closed destination 'Weekend cover'",
  );
  await expect(steps).toContainText("the open destination seat 205 'On-call'");
  await expect(steps.getByText('If no phone of seat 205', { exact: false }).first()).toBeVisible();

  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'Call Flow');
  await page.screenshot({ path: 'test-results/call-flow-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, 'Call Flow at 390 px');
  await page.screenshot({ path: 'test-results/call-flow-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Each object is a link to its page: the weekend cover's time profile.
  await steps.getByRole('link', { name: '301 - Weekend cover' }).first().click();
  await expect(page).toHaveURL(/\/time-profiles\/\d+$/);
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Weekend cover');
});
