/**
 * Invoices (issue 13): the retail demo account (Acme Plumbing, 30000) has a year of invoices made
 * by the billing run at first start — Paid, one Void, one Overdue and the latest Unpaid. The list
 * with its status filter and search, the detail modal (lines, totals, Pay Invoice for unpaid), the
 * PDF in a frame at /invoice/:id and the downloads. Reads only: nothing is changed.
 */
import { expect, test } from './fixtures.ts';
import { sidebar, signIn } from './helpers.ts';

test.describe('invoices', () => {
  test('the retail account lists its invoices, filters and searches them', async ({ page }) => {
    await signIn(page, 'retail');
    await sidebar(page).getByRole('link', { name: 'Invoices' }).click();
    await expect(page).toHaveURL(/\/invoice$/);
    await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();
    const table = page.getByRole('table');
    // Newest first: the month just ended, Unpaid; then the one before, Overdue.
    await expect(table.getByRole('row').nth(1)).toContainText('Unpaid');
    await expect(table.getByRole('row').nth(2)).toContainText('Overdue');
    await expect(table.getByText('Paid', { exact: true }).first()).toBeVisible();
    await page.screenshot({ path: 'test-results/invoices-list.png', fullPage: true });

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Void', exact: true }).click();
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText('Void');
    const voidNo = (await table.getByRole('row').nth(1).locator('td').first().textContent()) ?? '';
    expect(voidNo).toMatch(/^INV-\d{6}$/);

    await page.goto('/invoice');
    await page.getByRole('textbox', { name: /search/i }).fill(voidNo);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText(voidNo);

    // The invoice date range, typed DD/MM/YYYY in the date picker: from the newest invoice's date, only it.
    await page.goto('/invoice');
    const newest = (await table.getByRole('row').nth(1).locator('td').nth(1).textContent()) ?? '';
    expect(newest).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await page.getByRole('group', { name: 'Invoice date' }).getByRole('spinbutton', { name: 'Day' }).first().click();
    await page.keyboard.type(newest.replaceAll('/', ''));
    await expect(page).toHaveURL(new RegExp(`from=${newest.split('/').reverse().join('-')}`));
    await expect(table.getByRole('row')).toHaveCount(2);
    await page.getByRole('button', { name: 'Clear dates' }).click();
    await expect(table.getByRole('row')).not.toHaveCount(2);
  });

  test('the detail modal shows the lines and totals; the PDF opens in a frame', async ({ page }) => {
    await signIn(page, 'retail');
    await page.goto('/invoice');
    const table = page.getByRole('table');
    const first = table.getByRole('row').nth(1);
    await expect(first).toContainText('Unpaid');
    const invoiceNo = (await first.locator('td').first().textContent()) ?? '';
    await first.getByRole('button', { name: `View ${invoiceNo}` }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`Invoice ${invoiceNo}`) });
    await expect(dialog).toBeVisible();
    const lines = dialog.getByRole('table', { name: 'Invoice lines' });
    await expect(lines).toContainText('Seat rental');
    await expect(lines).toContainText('£6.00');
    await expect(lines).toContainText('Telephone number rental');
    await expect(lines).toContainText('VAT 20%');
    await expect(lines).toContainText('Total');
    // Pay Invoice is offered for an unpaid invoice.
    await expect(dialog.getByRole('button', { name: 'Pay Invoice' })).toBeVisible();
    await page.screenshot({ path: 'test-results/invoice-detail.png', fullPage: true });

    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download PDF' }).click();
    expect((await download).suggestedFilename()).toBe(`${invoiceNo}.pdf`);

    await dialog.getByRole('link', { name: 'View PDF' }).click();
    await expect(page).toHaveURL(/\/invoice\/\d+$/);
    await expect(page.getByRole('navigation', { name: 'breadcrumb' })).toHaveText(
      `Dashboard/Invoices/Invoice ${invoiceNo}`,
    );
    const frame = page.locator('iframe[title="Invoice PDF"]');
    await expect(frame).toBeVisible();
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    await page.screenshot({ path: 'test-results/invoice-pdf.png', fullPage: true });

    await page.getByRole('link', { name: 'Invoices' }).first().click();
    const tariff = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Tariff PDF' }).click();
    expect((await tariff).suggestedFilename()).toBe('tariff.pdf');
  });

  test('a prepay (non-retail) account has no invoices page', async ({ page }) => {
    await signIn(page, 'prepay');
    await expect(sidebar(page).getByRole('link', { name: 'Invoices' })).toHaveCount(0);
    await page.goto('/invoice');
    await expect(page.getByText('You do not have access to view this page')).toBeVisible();
  });

  test('a provider admin sees every account’s invoices; Void asks for a reason', async ({ page }) => {
    await signIn(page, 'admin');
    await sidebar(page).getByRole('link', { name: 'All Invoices' }).click();
    await expect(page.getByRole('heading', { name: 'All Invoices' })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByText('Acme Plumbing Ltd').first()).toBeVisible();
    const unpaid = table.getByRole('row').filter({ hasText: 'Unpaid' }).first();
    await unpaid.getByRole('button', { name: 'Void' }).click();
    const dialog = page.getByRole('dialog', { name: /Void invoice INV-\d{6}/ });
    await expect(dialog).toContainText('Voiding credits the account with the full amount');
    await dialog.getByRole('button', { name: 'Void Invoice' }).click();
    await expect(dialog.getByText('This is a required field')).toBeVisible();
    await page.screenshot({ path: 'test-results/provider-invoices-void.png', fullPage: true });
    // Nothing is voided without a reason; cancelled, the invoice stays Unpaid.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('row').filter({ hasText: 'Unpaid' })).toHaveCount(1);
  });
});
