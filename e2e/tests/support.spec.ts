/**
 * The support page (issue 27): a retail user sees the provider's e-mail, phone, postal address and
 * help videos (as links) but no live chat (Acme is below the provider); the provider admin sees the
 * live chat button and edits the settings, which the retail user's page then shows. A wholesale
 * user has no Support entry and gets the 403 page.
 */
import { expectAccessible } from './accessibility.ts';
import { expect, test } from './fixtures.ts';
import { expectNoSidewaysScroll, sidebar, signIn } from './helpers.ts';

test('retail users and provider admins see the support page; the admin edits what it shows', async ({ page }) => {
  await signIn(page, 'admin');
  await sidebar(page).getByRole('link', { name: 'Support', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Support', level: 1 })).toBeVisible();
  const chat = page.getByRole('region', { name: 'Live Chat' });
  await expect(chat).toBeVisible();
  await expect(chat).toContainText('09:00 - 17:30 (UK time)');
  await expect(page.getByRole('link', { name: 'Help video 1' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Support Settings' }).getByRole('button', { name: 'Save' }),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'Support (provider admin)');
  await page.screenshot({ path: 'test-results/support-admin-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, 'Support (provider admin) at 390 px');
  await page.screenshot({ path: 'test-results/support-admin-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  const settings = page.getByRole('region', { name: 'Support Settings' });
  const phone = settings.getByRole('textbox', { name: 'Support Phone' });
  await expect(phone).not.toHaveValue('');
  const newPhone = `0330 088 ${String(Date.now()).slice(-4)}`;
  await phone.fill(newPhone);
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Support settings saved')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Phone' })).toContainText(newPhone);

  // A bad address is refused with the field's message, nothing saved.
  await settings.getByRole('textbox', { name: 'Live Chat Address' }).fill('http://insecure.example');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByText('The live chat address must start with https://')).toBeVisible();

  // The retail user's page shows the saved phone, and no live chat.
  await page.context().clearCookies();
  await signIn(page, 'retail');
  await sidebar(page).getByRole('link', { name: 'Support', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Phone' })).toContainText(newPhone);
  await expect(page.getByRole('region', { name: 'Phone' })).toContainText('24 hours a day, 7 days a week');
  await expect(page.getByRole('region', { name: 'Live Chat' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Support Settings' })).toHaveCount(0);
  const video = page.getByRole('link', { name: 'Help video 1' });
  await expect(video).toHaveAttribute('href', /^https:\/\/www\.youtube\.com\/watch\?v=/);
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'Support (retail)');
  await page.screenshot({ path: 'test-results/support-retail-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/support-retail-390.png', fullPage: true });
});

test('a wholesale user has no Support entry and is refused the page', async ({ page }) => {
  await signIn(page, 'reseller');
  await expect(sidebar(page).getByRole('link', { name: 'Support', exact: true })).toHaveCount(0);
  await page.goto('/support');
  await expect(page.getByText('You do not have access to view this page')).toBeVisible();
});
