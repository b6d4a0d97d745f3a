/**
 * Spec 1 §6 in the Top Up modal and its button: the button needs prepay read (and account update,
 * what the server's top-up needs); the Paypal option needs paypal create — decided by the domain's
 * can() over the session's masks, so the mask decoding is the real one (1 = create only).
 */
import { can, FEATURES, type PermissionMap } from '@switchboard/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import { TopUpButton } from './top-up.tsx';

const masks = (grants: Partial<Record<keyof typeof FEATURES, number>>): PermissionMap =>
  Object.fromEntries(
    Object.entries(grants).map(([name, mask]) => [String(FEATURES[name as keyof typeof FEATURES]), mask]),
  );

function renderButton(grants: Partial<Record<keyof typeof FEATURES, number>>) {
  const permissions = masks({ betaPanel: 2, ...grants });
  fakeServer().on('GET', '/account/20002/hasautotopup', () => ({
    autoTopupEnabled: false,
    cpv3AutoTopupEnabled: false,
    autoTopUpAmount: 10,
    autoTopUpThreshold: 2,
  }));
  return renderPanel(<TopUpButton />, {
    url: '/account-transaction',
    session: { account_no: '20002', accountType: 'prepay', permissions },
    can: (resource, action) => can({ permissions }, resource, action),
  });
}

async function paymentTypes(grants: Partial<Record<keyof typeof FEATURES, number>>) {
  const { user } = renderButton(grants);
  await user.click(screen.getByRole('button', { name: 'Top Up' }));
  const dialog = await screen.findByRole('dialog', { name: 'Top Up' });
  return within(within(dialog).getByRole('radiogroup', { name: 'Payment type' }))
    .getAllByRole('radio')
    .map((r) => r.closest('label')?.textContent);
}

describe('Top Up (spec 1 §6)', () => {
  it('offers PayPal with paypal create, even create alone (mask 1)', async () => {
    expect(await paymentTypes({ prepay: 15, account: 15, paypal: 1 })).toEqual([
      'Credit / Debit Card',
      'Bank Transfer',
      'PayPal',
    ]);
  });

  it('offers no PayPal without paypal create (read, update and delete: mask 14)', async () => {
    expect(await paymentTypes({ prepay: 15, account: 15, paypal: 14 })).toEqual([
      'Credit / Debit Card',
      'Bank Transfer',
    ]);
  });

  it('has no Top Up button without prepay read (a postpay account)', () => {
    renderButton({ postpay: 15, account: 15, paypal: 15 });
    expect(screen.queryByRole('button', { name: 'Top Up' })).toBeNull();
  });

  it('has no Top Up button for a prepay user who may only read the account', () => {
    renderButton({ prepay: 15, account: 2, paypal: 15 });
    expect(screen.queryByRole('button', { name: 'Top Up' })).toBeNull();
  });
});
