/**
 * Identity verification (issue 13): the demo account holder verifies their identity from Account
 * Details through the sandbox identity provider's window; the result comes back by the provider's
 * signed webhook and the tab shows Verified.
 */
import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';

test('the account holder verifies their identity through the sandbox window', async ({ page }) => {
  await signIn(page, 'retail');
  await page.goto('/account-details?tab=Identity');
  const status = page.getByTestId('identity-status');
  await expect(status).toHaveText('Not verified');
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: 'test-results/identity-unverified.png' });
  await page.getByRole('button', { name: 'Verify identity' }).click();
  const window = page.getByRole('dialog', { name: /Verify your identity/ });
  await expect(window.getByLabel('Verification succeeds')).toBeChecked();
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: 'test-results/identity-window.png' });
  await window.getByRole('button', { name: 'Submit document' }).click();
  await expect(window).toBeHidden();
  await expect(status).toHaveText('Verified');
  await expect(page.getByText(/^Your identity was verified on \d\d\/\d\d\/\d{4} \d\d:\d\d\.$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verify identity' })).toBeHidden();
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: 'test-results/identity-verified.png' });
});
