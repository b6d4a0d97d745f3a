import { request as playwrightRequest } from '@playwright/test';
import { expect, panelURL, test } from './fixtures.ts';
import { PASSWORD, sidebar, signIn } from './helpers.ts';

/** The newest e-mail change link mailed to `to`, read from the provider admin's outbox (sandbox mail). */
async function confirmLinkFor(to: string): Promise<string> {
  const admin = await playwrightRequest.newContext({ baseURL: panelURL() });
  try {
    expect(
      (await admin.post('/api/v1/users/auth/login', { data: { username: 'admin', password: PASSWORD } })).ok(),
    ).toBe(true);
    let text = '';
    await expect
      .poll(async () => {
        const res = await admin.post('/api/v1/mail/outbox/0/20', { data: { search: to } });
        const body = (await res.json()) as { records: Array<{ to: string; text: string }> };
        text = body.records.find((m) => m.to === to && m.text.includes('/confirm-email?token='))?.text ?? '';
        return text;
      })
      .toContain('/confirm-email?token=');
    const m = /\/confirm-email\?token=[A-Za-z0-9_-]+/.exec(text);
    if (!m) throw new Error('no link');
    return m[0];
  } finally {
    await admin.dispose();
  }
}

test.describe('user manager', () => {
  test('retail: add a user, edit them and grant them read on seats', async ({ page }) => {
    const username = `e2e.user${Date.now() % 1000000}`;
    await signIn(page, 'retail');
    await sidebar(page).getByRole('link', { name: 'User Manager' }).click();
    await expect(page.getByRole('heading', { name: 'User Manager' })).toBeVisible();
    await expect(page.getByRole('row', { name: /retail/ })).toContainText('Account holder');

    await page.getByRole('button', { name: /^Add/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('First Name').fill('Erin');
    await dialog.getByLabel('Last Name').fill('Example');
    await dialog.getByLabel('Email').fill('erin@acmeplumbing.example');
    await dialog
      .getByRole('button', { name: /Create/ })
      .last()
      .click();
    await expect(dialog.getByText(`${username} created successfully`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page
      .getByRole('row', { name: new RegExp(username) })
      .getByRole('link')
      .first()
      .click();
    await expect(page.getByRole('heading', { name: `Erin Example (${username})` })).toBeVisible();
    await page.getByLabel('Last Name').fill('Examples');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Erin Examples has been updated')).toBeVisible();

    await page.getByRole('tab', { name: 'Permissions' }).click();
    const matrix = page.getByRole('table', { name: 'Permissions' });
    await expect(matrix.getByRole('checkbox', { name: 'Integrations read' })).toBeChecked();
    await expect(matrix.getByRole('checkbox', { name: 'Seats read' })).not.toBeChecked();
    await matrix.getByRole('checkbox', { name: 'Seats read' }).check();
    await page.getByRole('button', { name: 'Save Permissions' }).click();
    await expect(page.getByText(`The permissions of Erin Examples (${username}) have been updated`)).toBeVisible();
    await page.reload();
    await page.getByRole('tab', { name: 'Permissions' }).click();
    await expect(
      page.getByRole('table', { name: 'Permissions' }).getByRole('checkbox', { name: 'Seats read' }),
    ).toBeChecked();
    await page.screenshot({ path: 'test-results/user-permissions.png', fullPage: true });

    // The holder's own grants are shown, not changed.
    await sidebar(page).getByRole('link', { name: 'User Manager' }).click();
    await page
      .getByRole('row', { name: /retail/ })
      .getByRole('link')
      .first()
      .click();
    await page.getByRole('tab', { name: 'Permissions' }).click();
    await expect(page.getByText("The account holder's permissions cannot be changed")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Permissions' })).toHaveCount(0);
  });

  test("retail: the holder's switch stays on, saying why; an e-mail change waits for the old address's link", async ({
    page,
  }) => {
    const username = `e2e.mail${Date.now() % 1000000}`;
    const old = `${username}@acmeplumbing.example`;
    await signIn(page, 'retail');
    await sidebar(page).getByRole('link', { name: 'User Manager' }).click();
    await page
      .getByRole('row', { name: /retail/ })
      .getByRole('link')
      .first()
      .click();
    await expect(page.getByRole('switch', { name: 'Enabled' })).toBeDisabled();
    await expect(page.getByText('The account holder cannot be disabled')).toBeVisible();
    await page.screenshot({ path: 'test-results/user-holder.png', fullPage: true });

    await sidebar(page).getByRole('link', { name: 'User Manager' }).click();
    await page.getByRole('button', { name: /^Add/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('First Name').fill('Mia');
    await dialog.getByLabel('Last Name').fill('Mailer');
    await dialog.getByLabel('Email').fill(old);
    await dialog
      .getByRole('button', { name: /Create/ })
      .last()
      .click();
    await expect(dialog.getByText(`${username} created successfully`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page
      .getByRole('row', { name: new RegExp(username) })
      .getByRole('link')
      .first()
      .click();
    await page.getByLabel('Email').fill(`new.${old}`);
    await page.getByRole('button', { name: 'Save' }).click();
    const pending = page.getByText(`E-mail change to new.${old} pending confirmation from the old address`);
    await expect(pending).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(old);
    await page.screenshot({ path: 'test-results/user-email-pending.png', fullPage: true });

    await page.goto(await confirmLinkFor(old));
    await expect(page.getByRole('heading', { name: 'Confirm your new e-mail address' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirm Change' })).toBeVisible();
    await page.screenshot({ path: 'test-results/confirm-email.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 800 });
    await page.screenshot({ path: 'test-results/confirm-email-390.png', fullPage: true });
    await page.getByRole('button', { name: 'Confirm Change' }).click();
    await expect(page.getByText(`The e-mail address has been changed to new.${old}.`)).toBeVisible();
  });
});
