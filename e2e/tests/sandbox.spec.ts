import { PROVIDER_LABELS, SANDBOX_BADGE } from '@switchboard/domain';
import { expect, test } from './fixtures.ts';
import { expectNoSidewaysScroll, signIn } from './helpers.ts';

// The e2e servers run with SANDBOX_PROVIDERS=true (playwright.config.ts): every provider is a sandbox.
test.describe('the Sandbox badge', () => {
  for (const width of [1440, 390]) {
    test(`a provider admin sees it in the top bar, naming the sandboxes (${width} px)`, async ({ page }, info) => {
      await signIn(page, 'admin');
      await page.setViewportSize({ width, height: 800 });
      // In the top bar; on a phone at the head of the page (the bar keeps the panel's name whole).
      const scope = width > 600 ? page.getByRole('banner') : page.getByRole('main');
      const badge = scope.getByText(SANDBOX_BADGE.label, { exact: true });
      await expect(badge).toBeVisible();
      await expect(badge).toHaveAttribute('title', SANDBOX_BADGE.title(Object.values(PROVIDER_LABELS)));
      // Inside the bar, nothing pushed off the screen.
      const box = await badge.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Help' })).toBeInViewport();
      // The panel's name is whole, not cut short to make room.
      const name = page.getByRole('banner').getByRole('link', { name: 'Control Panel' });
      expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: info.outputPath(`sandbox-badge-${width}.png`) });
    });
  }

  test('a customer does not see it', async ({ page }) => {
    await signIn(page, 'retail');
    await expect(page.getByRole('link', { name: 'Control Panel' })).toBeVisible();
    await expect(page.getByText(SANDBOX_BADGE.label, { exact: true })).toHaveCount(0);
  });
});
