/**
 * Platform Servers (provider admins): a server added shows its credential once, and the server can
 * call with it (GET /platformservers/self); a new credential ends the old one; a disabled server is
 * refused; a delete asks first.
 */
import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import { expect, test } from './fixtures.ts';
import { choose, expectNoSidewaysScroll, sidebar, signIn } from './helpers.ts';

/** What the server itself gets when it calls with `authorization` (no session: a new context). */
async function serverCall(request: APIRequestContext, baseURL: string, authorization: string) {
  const res = await request.fetch(`${baseURL}/api/v1/platformservers/self`, { headers: { authorization } });
  return { status: res.status(), body: (await res.json()) as { name?: string; message?: string } };
}

test('add a server, call with its credential, renew it, disable it and delete it', async ({
  page,
  playwright,
  baseURL,
}) => {
  const server = await playwright.request.newContext();
  const name = `Media ${Date.now() % 1_000_000}`;
  await signIn(page, 'admin');
  await sidebar(page).getByRole('link', { name: 'Platform Servers', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Platform Servers', level: 1 })).toBeVisible();

  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await choose(page, 'Role', 'Media server (voicemail)');
  await page.getByRole('button', { name: 'Add Server' }).click();
  const dialog = page.getByRole('dialog', { name: 'Server credential' });
  await expect(dialog).toContainText('Copy its credential now: it is not shown again.');
  const first = await dialog.getByRole('textbox', { name: 'Authorization header' }).inputValue();
  expect(first).toMatch(/^Server \d+\.[A-Za-z0-9_-]{43}$/);
  await expectAccessible(page, 'Platform Servers credential');
  await dialog.getByRole('button', { name: 'Done' }).click();
  expect(await serverCall(server, baseURL ?? '', first)).toEqual({
    status: 200,
    body: expect.objectContaining({ name, role: 'media' }),
  });

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Media server (voicemail)');
  await expect(row).toContainText('Enabled');
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'Platform Servers');
  await page.screenshot({ path: 'test-results/platform-servers-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone: a card per server, its actions on screen (no sideways scrolling).
  const card = page.getByRole('listitem').filter({ hasText: name });
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole('button', { name: 'New Credential' })).toBeInViewport({ ratio: 1 });
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, 'Platform Servers at 390 px');
  await page.screenshot({ path: 'test-results/platform-servers-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // A new credential: asked first; the old one stops at once.
  await row.getByRole('button', { name: 'New Credential' }).click();
  await page
    .getByRole('dialog', { name: `New credential for ${name}` })
    .getByRole('button', { name: 'Make New Credential' })
    .click();
  const second = await dialog.getByRole('textbox', { name: 'Authorization header' }).inputValue();
  expect(second).not.toBe(first);
  await dialog.getByRole('button', { name: 'Done' }).click();
  expect((await serverCall(server, baseURL ?? '', first)).status).toBe(401);
  expect((await serverCall(server, baseURL ?? '', second)).status).toBe(200);

  // Disabled: refused; enabled again: back.
  await row.getByRole('switch', { name: `${name} enabled` }).click();
  await expect(page.getByText('Server saved')).toBeVisible();
  await expect(row).toContainText('Disabled');
  expect(await serverCall(server, baseURL ?? '', second)).toEqual({
    status: 401,
    body: expect.objectContaining({ message: 'Server credentials are missing or wrong' }),
  });

  // Delete asks first; Cancel keeps it.
  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${name}` });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Server deleted')).toBeVisible();
  await expect(row).toHaveCount(0);
  await server.dispose();
});
