/**
 * Card payments (issue 13) in the browser, through the sandbox card provider and its signed
 * confirmations: a top-up from the transactions page by each of Stripe's test cards, and an invoice's
 * Pay Invoice returning to /invoice with the result modal. The invoice is only ever declined or
 * failed here (the invoices spec reads the demo year as seeded); a paid invoice is the API tests'.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';

const balanceOf = async (page: Page) => {
  const text =
    (await page
      .getByRole('main')
      .getByText(/^Balance: /)
      .textContent()) ?? '';
  return Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);
};

async function startTopUp(page: Page, amount: string) {
  await page.goto('/account-transaction');
  await expect(page.getByRole('main').getByText(/^Balance: £/)).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Top Up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Top Up' });
  await dialog.getByLabel('Credit / Debit Card').check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('combobox', { name: 'Amount (inc VAT)' }).click();
  await page.getByRole('option', { name: amount, exact: true }).click();
  await dialog.getByRole('button', { name: 'Pay by Card' }).click();
  await expect(page).toHaveURL(/\/payment\/pi_sb_/);
  await expect(page.getByRole('heading', { name: 'Card Payment' })).toBeVisible();
}

async function payWith(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay £/ }).click();
}

test.describe('card payments', () => {
  test('a top-up by 4242 4242 4242 4242 credits the balance and shows "Payment succeeded!"', async ({ page }) => {
    await signIn(page, 'prepay');
    await page.goto('/account-transaction');
    await expect(page.getByRole('main').getByText(/^Balance: £/)).toBeVisible();
    const before = await balanceOf(page);
    await startTopUp(page, '£20');
    await page.screenshot({ path: 'test-results/card-payment.png', fullPage: true });
    await payWith(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/account-transaction\?.*redirect_status=succeeded/);
    const result = page.getByRole('dialog', { name: 'Card Payment' });
    // One message, not two that disagree: the payment is confirmed, so it succeeded.
    await expect(result).toContainText('Payment succeeded!');
    await expect(result).not.toContainText('Your card payment is being processed.');
    await page.screenshot({ path: 'test-results/card-payment-result.png' });
    await result.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/account-transaction$/);
    await expect.poll(() => balanceOf(page)).toBe(before + 2000);
  });

  test('declined and insufficient-funds cards say why and credit nothing; another card then pays', async ({ page }) => {
    await signIn(page, 'prepay');
    await page.goto('/account-transaction');
    await expect(page.getByRole('main').getByText(/^Balance: £/)).toBeVisible();
    const before = await balanceOf(page);
    await startTopUp(page, '£30');
    await payWith(page, '4000 0000 0000 0002');
    await expect(page.getByText('Your card was declined.')).toBeVisible();
    await payWith(page, '4000 0000 0000 9995');
    await expect(page.getByText('Your card has insufficient funds.')).toBeVisible();
    await payWith(page, '4242 4242 4242 4241');
    await expect(page.getByText('Your card number is invalid.')).toBeVisible();
    await page.goto('/account-transaction');
    await expect.poll(() => balanceOf(page)).toBe(before);
  });

  test('4000 0025 0000 3155 asks for confirmation: completed it pays', async ({ page }) => {
    await signIn(page, 'prepay');
    await page.goto('/account-transaction');
    await expect(page.getByRole('main').getByText(/^Balance: £/)).toBeVisible();
    const before = await balanceOf(page);
    await startTopUp(page, '£40');
    await payWith(page, '4000 0025 0000 3155');
    const step = page.getByRole('dialog', { name: 'Confirm your payment' });
    await step.getByRole('button', { name: 'Complete Authentication' }).click();
    await expect(page.getByRole('dialog', { name: 'Card Payment' })).toContainText('Payment succeeded!');
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => balanceOf(page)).toBe(before + 4000);
  });

  test('Pay Invoice goes to the card form and a failed confirmation returns to /invoice unpaid', async ({ page }) => {
    await signIn(page, 'retail');
    await page.goto('/invoice');
    const first = page.getByRole('table').getByRole('row').nth(1);
    await expect(first).toContainText('Unpaid');
    await first.getByRole('button', { name: /^View / }).click();
    await page.getByRole('button', { name: 'Pay Invoice' }).click();
    // The Pay Invoice modal: the amount, and auto-pay of later invoices with this card (kept only if it pays).
    const modal = page.getByRole('dialog', { name: /^Pay Invoice / });
    await expect(modal).toContainText('Amount due: £');
    await modal
      .getByLabel('Pay future invoices automatically with this card (charged three days after each invoice date)')
      .check();
    await page.screenshot({ path: 'test-results/pay-invoice-modal.png' });
    await modal.getByRole('button', { name: 'Pay by Card' }).click();
    await expect(page).toHaveURL(/\/payment\/pi_sb_/);
    await payWith(page, '4000 0000 0000 0002');
    await expect(page.getByText('Your card was declined.')).toBeVisible();
    await payWith(page, '4000 0025 0000 3155');
    await page
      .getByRole('dialog', { name: 'Confirm your payment' })
      .getByRole('button', { name: 'Fail Authentication' })
      .click();
    await expect(page).toHaveURL(/\/invoice\?.*redirect_status=requires_payment_method/);
    const result = page.getByRole('dialog', { name: 'Card Payment' });
    await expect(result).toContainText('Your card payment was unsuccessful');
    await expect(result).not.toContainText('Your payment was not successful, please try again.');
    // A failed payment saved no card: no auto-pay notice.
    await expect(page.getByText(/^Invoices are paid automatically/)).toHaveCount(0);
    await result.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('Unpaid');
  });
});

test.describe('auto top-up (spec 1 §3–§4)', () => {
  // Wetherby Lettings (20002, prepay): no other spec tops it up.
  const status = async (page: Page) =>
    (await (await page.request.get('/api/v1/account/20002/hasautotopup')).json()) as {
      autoTopupEnabled: boolean;
      autoTopUpThreshold: number;
    };
  const openTopUp = async (page: Page) => {
    await page.goto('/account-transaction');
    await expect(page.getByRole('main').getByText(/^Balance: £/)).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: 'Top Up' }).click();
    return page.getByRole('dialog', { name: 'Top Up' });
  };

  test('the stage shows the saved settings, Confirm keeps them, and one-off top-ups stay on offer', async ({
    page,
  }) => {
    await signIn(page, 'wetherby');
    // A card top-up that saves the card for auto top-up below £10.
    let dialog = await openTopUp(page);
    await dialog.getByLabel('Credit / Debit Card').check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel('Top up automatically with this card when my balance runs low').check();
    await dialog.getByRole('combobox', { name: 'Top up when the balance falls below' }).click();
    await page.getByRole('option', { name: '£10', exact: true }).click();
    await dialog.getByRole('button', { name: 'Pay by Card' }).click();
    await payWith(page, '4242 4242 4242 4242');
    await page.getByRole('dialog', { name: 'Card Payment' }).getByRole('button', { name: 'Close' }).click();
    await expect.poll(async () => (await status(page)).autoTopUpThreshold).toBe(10);

    // The stage opens as saved (enabled, £10); turned off and confirmed: 'disabled'.
    dialog = await openTopUp(page);
    const toggle = dialog.getByRole('switch', { name: 'Auto top-up enabled' });
    await expect(toggle).toBeChecked();
    await expect(dialog.getByRole('combobox', { name: 'Top up when the balance falls below' })).toHaveText('£10');
    await page.screenshot({ path: 'test-results/auto-top-up-stage.png' });
    await toggle.uncheck();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByText('Auto top-up disabled')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Opened again it is still off, and Confirm changes nothing: disabled, £10.
    dialog = await openTopUp(page);
    await expect(dialog.getByRole('switch', { name: 'Auto top-up enabled' })).not.toBeChecked();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByText('Auto top-up disabled')).toBeVisible();
    expect(await status(page)).toMatchObject({ autoTopupEnabled: false, autoTopUpThreshold: 10 });
    await dialog.getByRole('button', { name: 'Close' }).click();

    // A one-off top-up: Back to the payment types, all of them offered.
    dialog = await openTopUp(page);
    await dialog.getByRole('button', { name: 'Back' }).click();
    for (const type of ['Credit / Debit Card', 'Bank Transfer', 'PayPal', 'Auto top-up settings']) {
      await expect(dialog.getByLabel(type)).toBeVisible();
    }
    await page.screenshot({ path: 'test-results/auto-top-up-payment-types.png' });
    await dialog.getByLabel('Bank Transfer').check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog).toContainText('Reference: AC20002');
  });
});

test.describe('PayPal', () => {
  async function startPayPal(page: Page, amount: string) {
    await page.goto('/account-transaction');
    await expect(page.getByRole('main').getByText(/^Balance: £/)).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: 'Top Up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Top Up' });
    await dialog.getByLabel('PayPal').check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('combobox', { name: 'Amount (inc VAT)' }).click();
    await page.getByRole('option', { name: amount, exact: true }).click();
    await dialog.getByRole('button', { name: 'Continue to PayPal' }).click();
    return dialog;
  }

  test('Next stays blocked until PayPal approves; a declined card credits nothing, the balance pays', async ({
    page,
  }) => {
    await signIn(page, 'prepay');
    await page.goto('/account-transaction');
    await expect(page.getByRole('main').getByText(/^Balance: £/)).toBeVisible();
    const before = await balanceOf(page);

    // Cancelled in PayPal's window: still blocked, and nothing moves.
    let dialog = await startPayPal(page, '£30');
    const pay = dialog.getByRole('button', { name: 'Pay £30' });
    await expect(pay).toBeDisabled();
    await dialog.getByRole('button', { name: 'Pay with PayPal' }).click();
    let paypal = page.getByRole('dialog', { name: /PayPal/ }).last();
    await expect(paypal).toContainText('Pay £30.00 to Switchboard Telecom Ltd');
    await page.screenshot({ path: 'test-results/paypal-window.png' });
    await paypal.getByRole('button', { name: 'Cancel and return' }).click();
    await expect(dialog.getByText('You cancelled the payment with PayPal: go back to start again.')).toBeVisible();
    await expect(pay).toBeDisabled();

    // Back to Details makes a new order; approved with the card PayPal declines: the spec's failure text.
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByRole('button', { name: 'Continue to PayPal' }).click();
    await dialog.getByRole('button', { name: 'Pay with PayPal' }).click();
    paypal = page.getByRole('dialog', { name: /PayPal/ }).last();
    await paypal.getByLabel('Visa ending 0002 (declined by the bank)').check();
    await paypal.getByRole('button', { name: 'Complete Purchase' }).click();
    await expect(dialog.getByText('Approved with PayPal.')).toBeVisible();
    await pay.click();
    await expect(dialog).toContainText(
      'Your top-up was unsuccessful, please try again. If the issue persists, please contact support.',
    );
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(await balanceOf(page)).toBe(before);

    // From the PayPal balance: credited.
    dialog = await startPayPal(page, '£20');
    await dialog.getByRole('button', { name: 'Pay with PayPal' }).click();
    await page
      .getByRole('dialog', { name: /PayPal/ })
      .last()
      .getByRole('button', { name: 'Complete Purchase' })
      .click();
    await expect(dialog.getByRole('button', { name: 'Pay £20' })).toBeEnabled();
    await page.screenshot({ path: 'test-results/paypal-approved.png' });
    await dialog.getByRole('button', { name: 'Pay £20' }).click();
    await expect(dialog).toContainText('Payment succeeded! £20.00 has been added to your balance.');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => balanceOf(page)).toBe(before + 2000);
  });
});
