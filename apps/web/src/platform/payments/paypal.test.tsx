/**
 * The sandbox PayPal window: the sandbox buyer chooses how to pay (the PayPal balance, a card
 * PayPal declines, or an eCheck that stays pending until it clears or is returned) and approves.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import { PayPalCheckout } from './paypal.tsx';

describe('the sandbox PayPal window', () => {
  it.each([
    ['PayPal balance', 'balance'],
    ['Visa ending 0002 (declined by the bank)', 'declinedCard'],
    ['Bank account ending 4321 (eCheck: pending, clears in about a minute)', 'echeck'],
    ['Bank account ending 0000 (eCheck: pending, then returned by the bank)', 'echeckDenied'],
  ])('approves with %s (funding %s)', async (label, funding) => {
    const server = fakeServer();
    server.on('POST', '/payments/paypal/sandbox/approve', () => ({ status: 'APPROVED' }));
    const onApproved = vi.fn();
    const { user } = renderPanel(
      <PayPalCheckout
        order={{ success: true, message: 'PayPal order created', orderId: 'PAYPAL-SB-1', provider: 'sandbox' }}
        amount={30}
        onApproved={onApproved}
        onCancelled={() => undefined}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Pay with PayPal' }));
    const paypalWindow = await screen.findByRole('dialog', { name: /PayPal/ });
    await user.click(within(paypalWindow).getByRole('radio', { name: label }));
    await user.click(within(paypalWindow).getByRole('button', { name: 'Complete Purchase' }));
    await vi.waitFor(() => expect(onApproved).toHaveBeenCalled());
    expect(server.sent('POST', '/payments/paypal/sandbox/approve').map((r) => r.body)).toEqual([
      { orderId: 'PAYPAL-SB-1', approve: true, funding },
    ]);
  });
});
