/**
 * The card payment's result modal (spec 1 §4, §8): one message, never two that disagree. A
 * 'succeeded' return says 'Payment succeeded!' once the server has the provider's confirmation,
 * and 'Your card payment is being processed.' until then; a failure says it was unsuccessful.
 */
import { PAYMENT_MESSAGES } from '@switchboard/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import { PaymentResultModal } from './payment-result-modal.tsx';

function renderResult(redirect: string, settled: string) {
  fakeServer().on('GET', '/payments/pi_sb_1_secret_x', () => ({
    clientSecret: 'pi_sb_1_secret_x',
    status: settled,
    purpose: 'topup',
    amountPence: 2000,
    description: 'Card top-up £20.00',
    failure: '',
    returnUrl: '/account-transaction',
    provider: 'sandbox',
  }));
  const q = new URLSearchParams({
    payment_intent: 'pi_sb_1',
    payment_intent_client_secret: 'pi_sb_1_secret_x',
    redirect_status: redirect,
  });
  return renderPanel(<PaymentResultModal />, { url: `/account-transaction?${q}` });
}

const texts = [
  PAYMENT_MESSAGES.succeeded,
  PAYMENT_MESSAGES.cardProcessing,
  PAYMENT_MESSAGES.processing,
  PAYMENT_MESSAGES.notSuccessful,
  PAYMENT_MESSAGES.cardUnsuccessful,
  PAYMENT_MESSAGES.somethingWrong,
];
const shown = (dialog: HTMLElement) => texts.filter((t) => dialog.textContent?.includes(t));

describe('the card payment result', () => {
  it('says only "Payment succeeded!" once the payment is confirmed', async () => {
    renderResult('succeeded', 'succeeded');
    const dialog = await screen.findByRole('dialog', { name: 'Card Payment' });
    await within(dialog).findByText(PAYMENT_MESSAGES.succeeded);
    expect(shown(dialog)).toEqual([PAYMENT_MESSAGES.succeeded]);
  });

  it('says only that it is being processed while the confirmation has not arrived', async () => {
    renderResult('succeeded', 'processing');
    const dialog = await screen.findByRole('dialog', { name: 'Card Payment' });
    await within(dialog).findByText(PAYMENT_MESSAGES.cardProcessing);
    expect(shown(dialog)).toEqual([PAYMENT_MESSAGES.cardProcessing]);
  });

  it('says only that a refused payment was unsuccessful', async () => {
    renderResult('requires_payment_method', 'requires_payment_method');
    const dialog = await screen.findByRole('dialog', { name: 'Card Payment' });
    await within(dialog).findByText(PAYMENT_MESSAGES.cardUnsuccessful);
    expect(shown(dialog)).toEqual([PAYMENT_MESSAGES.cardUnsuccessful]);
  });
});
