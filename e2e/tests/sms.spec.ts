import { request as playwrightRequest } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import { expect, panelURL, test } from './fixtures.ts';
import { choose, expectNoSidewaysScroll, PASSWORD, sidebar, signIn } from './helpers.ts';

/**
 * A text arriving now at Acme's main number from 07700900555 (the sandbox gateway's inbound, a
 * provider admin's call): the test's own unread text, whatever other specs opened before it.
 */
async function textArrives(message: string): Promise<void> {
  const admin = await playwrightRequest.newContext({ baseURL: panelURL() });
  try {
    const login = await admin.post('/api/v1/users/auth/login', { data: { username: 'admin', password: PASSWORD } });
    expect(login.ok()).toBe(true);
    const sent = await admin.post('/api/v1/sms/sandbox/inbound', {
      data: { from: '07700900555', to: '01214960000', message },
    });
    expect(sent.status(), await sent.text()).toBe(200);
  } finally {
    await admin.dispose();
  }
}

test.describe('SMS', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'retail');
    await sidebar(page).getByRole('link', { name: 'SMS', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'SMS', exact: true })).toBeVisible();
  });

  test('sends a text to two destinations, and the sandbox gateway delivers it', async ({ page }) => {
    for (const header of ['Status', 'From', 'To', 'Message', 'Date']) {
      await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
    }
    const arrived = `Burst pipe in the loft ${Date.now().toString(36)}`;
    await textArrives(arrived);
    await page.reload();
    await expect(page.getByRole('row', { name: new RegExp(arrived) })).toContainText('Unread');
    await expectAccessible(page, 'the SMS list');
    await page.screenshot({ path: 'test-results/screens/sms-list.png', fullPage: true });

    const text = `Engineer on the way ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Send SMS' })).toBeVisible();
    await choose(dialog, 'Originator', /^01214960000/);
    await dialog.getByRole('textbox', { name: 'To' }).fill('07700900123, 12ab');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('x'.repeat(251));
    await expect(dialog.getByText('251/250 characters, 2 parts')).toBeVisible();
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(dialog.getByText('Length must not exceed 250 characters')).toBeVisible();
    await expect(dialog.getByText('Please enter a valid telephone number.')).toBeVisible();
    // The server refuses one of several destinations (a landline takes no texts): said under To.
    const to = dialog.getByRole('textbox', { name: 'To' });
    await to.fill('07700900123, 01214960999');
    await dialog.getByRole('textbox', { name: 'Message' }).fill(text);
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(to).toHaveAttribute('aria-invalid', 'true');
    await expect(to).toHaveAccessibleDescription('Texts cannot be sent to 01214960999');
    await page.screenshot({ path: 'test-results/screens/sms-send-refused.png' });
    await to.fill('07700900123, 07700900124');
    await expect(dialog.getByText(`${text.length}/250 characters, 1 part`)).toBeVisible();
    await expectAccessible(page, 'the send form');
    await page.screenshot({ path: 'test-results/screens/sms-send.png' });
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(dialog.getByText('Message sent to 2 destinations')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    const row = page.getByRole('row', { name: new RegExp(`07700900124.*${text}`) });
    await expect(row).toBeVisible();
    await row.getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: 'SMS to 07700900124' })).toBeVisible();
    // The sandbox reports sent after about two seconds, then delivered (or the carrier's refusal).
    const delivery = page.locator('dt:text-is("Delivery") + dd');
    await expect(delivery).toHaveText(/^(Queued|Sent|Delivered)$/);
    await expect(async () => {
      await page.reload();
      await expect(delivery).toHaveText(/^(Delivered|Failed — Refused by the carrier \(sandbox\))$/, {
        timeout: 5000,
      });
    }).toPass({ timeout: 60_000 });
    await page.screenshot({ path: 'test-results/screens/sms-sent-detail.png', fullPage: true });
  });

  test('opens an unread text (now read) and replies to its sender', async ({ page }) => {
    const message = `Water coming through the kitchen ceiling ${Date.now().toString(36)}`;
    const row = () => page.getByRole('row', { name: new RegExp(message) });
    await textArrives(message);
    await page.reload();
    await expect(row()).toContainText('Unread');
    await row().getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: 'SMS from 07700900555' })).toBeVisible();
    await expect(page.getByText('Read', { exact: true })).toBeVisible();
    await expectAccessible(page, 'an SMS');
    await page.screenshot({ path: 'test-results/screens/sms-detail.png', fullPage: true });

    await page.getByRole('button', { name: 'Reply' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Reply SMS' })).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'To' })).toHaveValue('07700900555');
    await expect(dialog.getByRole('combobox', { name: 'Originator' })).toContainText('01214960000');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('We can be with you within the hour.');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(dialog.getByText('Message sent', { exact: true }).first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Forward' }).click();
    await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Message' })).toHaveValue(new RegExp(message));
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    await sidebar(page).getByRole('link', { name: 'SMS', exact: true }).click();
    await expect(page.getByRole('row', { name: /within the hour/ })).toContainText('07700900555');
    await expect(row()).toContainText('Read');
    await expect(row()).not.toContainText('Unread');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(row()).toBeVisible();
    // Nothing scrolls sideways at a phone's width: not the page, not the table.
    await expectNoSidewaysScroll(page, { box: '.MuiTableContainer-root' });
    await page.screenshot({ path: 'test-results/screens/sms-list-390.png', fullPage: true });
    await row().getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: 'SMS from 07700900555' })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/sms-detail-390.png', fullPage: true });
  });

  test("a text from an alphanumeric sender ID takes no reply; the account's own sender ID sends", async ({ page }) => {
    await page
      .getByRole('row', { name: /ValveDirect/ })
      .getByRole('link')
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'SMS from ValveDirect' })).toBeVisible();
    const replyButton = page.getByRole('button', { name: 'Reply' });
    await expect(replyButton).toBeDisabled();
    await expect(replyButton).toHaveAccessibleDescription('Replies cannot be sent to an alphanumeric sender ID');
    await expect(page.getByText('Replies cannot be sent to an alphanumeric sender ID')).toBeVisible();
    await expectAccessible(page, 'a text from a sender ID');
    await page.screenshot({ path: 'test-results/screens/sms-sender-id.png', fullPage: true });

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await choose(dialog, 'Originator', /^AcmePlumb \(sender ID\)/);
    await dialog.getByRole('textbox', { name: 'To' }).fill('07700900126');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Your engineer arrives at 9:00');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(dialog.getByText('Message sent', { exact: true }).first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await sidebar(page).getByRole('link', { name: 'SMS', exact: true }).click();
    await expect(page.getByRole('row', { name: /arrives at 9:00/ })).toContainText('AcmePlumb');
  });
});

test.describe('SMS sender IDs', () => {
  test("a provider admin registers an account's sender IDs on the SMS page", async ({ page }) => {
    await signIn(page, 'admin');
    await sidebar(page).getByRole('link', { name: 'SMS', exact: true }).click();
    const section = page.getByRole('region', { name: 'Sender IDs of an account' });
    await section.getByRole('textbox', { name: 'Account number' }).fill('30001');
    await section.getByRole('button', { name: 'Load' }).click();
    const ids = section.getByRole('textbox', { name: 'Sender IDs of account 30001' });
    await ids.fill('Bella Salon\nNo-Hyphens');
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(
      section.getByText('A sender ID is 1-11 letters, digits or spaces, with at least one letter'),
    ).toBeVisible();
    await ids.fill('Bella Salon');
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Sender IDs saved')).toBeVisible();
    await expectAccessible(page, 'the sender IDs section');
    await section.screenshot({ path: 'test-results/screens/sms-sender-ids.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    // Once the layout has followed the new width (the sidebar closes), nothing is wider than the screen.
    await expectNoSidewaysScroll(page);
    await section.screenshot({ path: 'test-results/screens/sms-sender-ids-390.png' });
    // Put back as it was (the account had none), at full width (a phone's toast covers the button).
    await page.setViewportSize({ width: 1280, height: 800 });
    await ids.fill('');
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Sender IDs saved').last()).toBeVisible();
  });
});
