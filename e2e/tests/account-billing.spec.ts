/**
 * Account money (issue 13, first slice): the transactions page of a prepay account with its month
 * filter, reached from the sidebar's Balance item; a provider admin's adjustment taking the balance
 * below the account's alert, which notifies the account (the top bar's unread badge, open, Mark as
 * Read) and e-mails it (the provider admin's Outbox). Wetherby Lettings (20002, prepay, £25.00)
 * is used, and put back as it was.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { recentMonths } from '@switchboard/domain';
import { expect, test } from './fixtures.ts';
import { sidebar, signIn } from './helpers.ts';

const API = '/api/v1';

const unreadOf = async (request: APIRequestContext): Promise<number> =>
  (await (await request.get(`${API}/notifications`)).json()).unread as number;

async function adjust(page: Page, type: 'credit' | 'debit', amountPence: number, reason: string) {
  const res = await page.request.post(`${API}/account/20002/adjustment`, { data: { type, amountPence, reason } });
  expect(res.status(), await res.text()).toBe(200);
}

/** The month filter's select (the closing menu of an earlier pick may still be in the page). */
async function pickMonth(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Month' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Month' })).toHaveText(label);
}

test.describe('account money', () => {
  test('the Balance item opens the transactions page; the month filter narrows it', async ({ page }) => {
    await signIn(page, 'wetherby');
    await sidebar(page).getByRole('link', { name: 'Balance: £25.00' }).click();
    await expect(page).toHaveURL(/\/account-transaction$/);
    await expect(page.getByRole('heading', { name: 'Account Transactions' })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('row').nth(1)).toContainText('£25.00');
    await expect(table.getByText('Card top-up (Mastercard ending 4444)').first()).toBeVisible();
    await page.screenshot({ path: 'test-results/account-transactions.png', fullPage: true });

    const months = recentMonths(new Date());
    const oldest = months[months.length - 1];
    await pickMonth(page, oldest?.label ?? '');
    await expect(page.getByText('No Results')).toBeVisible();

    // The month of the first top-up (75 days ago) lists it, and only that month's entries.
    const at = new Date(Date.now() - 75 * 86_400_000);
    const month = months.find((m) => m.value === at.toISOString().slice(0, 7));
    await pickMonth(page, month?.label ?? '');
    await expect(table.getByText('Card top-up (Mastercard ending 4444)').first()).toBeVisible();
    const [year, mm] = (month?.value ?? '').split('-');
    for (const cell of await table.getByRole('row').locator('td:first-child').allTextContents()) {
      expect(cell).toMatch(new RegExp(`^\\d{2}/${mm}/${year} `));
    }
  });

  test('an adjustment below the alert notifies once and e-mails; the outbox shows the mail', async ({
    page,
    browser,
  }) => {
    await signIn(page, 'wetherby');
    const saved = await page.request.put(`${API}/account/20002`, { data: { alert: 2000 } });
    expect(saved.status()).toBe(200);
    const unreadBefore = await unreadOf(page.request);

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, 'admin');
    try {
      // £25.00 → £19.00: below the £20.00 alert, posted on the provider admin's Balance Adjustment page.
      await sidebar(admin).getByRole('link', { name: 'Balance Adjustment' }).click();
      await admin.getByLabel('Account Number').fill('20002');
      await admin.getByRole('combobox', { name: 'Adjustment' }).click();
      await admin.getByRole('option', { name: 'Debit (takes from the balance)' }).click();
      await admin.getByLabel('Amount (£)').fill('6');
      await admin.getByRole('button', { name: 'Post Adjustment' }).click();
      await expect(admin.getByText('This is a required field')).toBeVisible();
      await admin.getByLabel('Reason').fill('E2E: line rental correction');
      await admin.getByRole('button', { name: 'Post Adjustment' }).click();
      // Nothing is posted before the confirmation: the amount, the account and the balance it leaves.
      const confirm = admin.getByRole('dialog', { name: 'Debit £6.00' });
      await expect(confirm).toContainText(
        'Debit £6.00 from 20002 (Wetherby Lettings)? Its balance goes from £25.00 to £19.00.',
      );
      await admin.screenshot({ path: 'test-results/balance-adjustment-confirm.png' });
      await confirm.getByRole('button', { name: 'Post Adjustment' }).click();
      await expect(admin.getByText('Debited £6.00. The balance of 20002 is now £19.00.')).toBeVisible();
      await admin.screenshot({ path: 'test-results/balance-adjustment.png', fullPage: true });

      await page.reload();
      const badge = page.getByTestId('unread-badge');
      await expect(badge).toContainText(String(unreadBefore + 1));
      await page.getByRole('link', { name: /^Notifications/ }).click();
      await expect(page).toHaveURL(/\/notifications$/);
      const item = page.getByRole('button', { name: /Low balance: £19\.00/ }).first();
      await item.click();
      await expect(page.getByText('Your balance is £19.00, below your alert of £20.00.').first()).toBeVisible();

      // ?open={id} opens that one.
      const notes = (await (await page.request.get(`${API}/notifications`)).json()).records as Array<{
        notification_id: number;
        notification_title: string;
      }>;
      const id = notes.find((n) => n.notification_title === 'Low balance: £19.00')?.notification_id;
      await page.goto(`/notifications?open=${id}`);
      const opened = page.locator(`#notification-${id}`);
      await expect(opened.getByText('Your balance is £19.00, below your alert of £20.00.')).toBeVisible();
      await page.screenshot({ path: 'test-results/notifications.png', fullPage: true });
      await opened.getByRole('button', { name: 'Mark as Read' }).click();
      await expect(page.getByText('Successfully marked notification as read.')).toBeVisible();
      await expect(opened.getByRole('button', { name: 'Mark as Read' })).toHaveCount(0);
      expect(await unreadOf(page.request)).toBe(unreadBefore);

      // The low-balance e-mail, in the provider admin's outbox.
      await sidebar(admin).getByRole('link', { name: 'Outbox' }).click();
      const row = admin
        .getByRole('row')
        .filter({ hasText: 'claire@wetherbylettings.example' })
        .filter({ hasText: 'Your balance is below £20.00' })
        .first();
      await expect(row).toBeVisible();
      await admin.screenshot({ path: 'test-results/outbox.png', fullPage: true });
      await row.getByRole('button', { name: 'Open' }).click();
      const dialog = admin.getByRole('dialog');
      await expect(dialog.getByText(/The balance of your account 20002 is now £19\.00/)).toBeVisible();
      await admin.screenshot({ path: 'test-results/outbox-mail.png' });
      await dialog.getByRole('button', { name: 'Close' }).click();

      // The adjustment is on the account's transactions page.
      await sidebar(page).getByRole('link', { name: 'Balance: £19.00' }).click();
      await expect(page.getByRole('table').getByText('E2E: line rental correction')).toBeVisible();
    } finally {
      await adjust(admin, 'credit', 600, 'E2E: line rental correction reversed');
      await page.request.put(`${API}/account/20002`, { data: { alert: 0 } });
      await adminContext.close();
    }
  });
});
