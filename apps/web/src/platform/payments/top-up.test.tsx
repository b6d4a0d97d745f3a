/**
 * Spec 1 §6 in the Top Up modal and its button: the button needs prepay read (and account update,
 * what the server's top-up needs); the Paypal option needs paypal create — decided by the domain's
 * can() over the session's masks, so the mask decoding is the real one (1 = create only).
 */
import { type AutoTopUpStatus, can, FEATURES, type PermissionMap } from '@switchboard/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import { TopUpButton } from './top-up.tsx';

const masks = (grants: Partial<Record<keyof typeof FEATURES, number>>): PermissionMap =>
  Object.fromEntries(
    Object.entries(grants).map(([name, mask]) => [String(FEATURES[name as keyof typeof FEATURES]), mask]),
  );

const NO_AUTO_TOP_UP: AutoTopUpStatus = {
  autoTopupEnabled: false,
  cpv3AutoTopupEnabled: false,
  autoTopUpAmount: 10,
  autoTopUpThreshold: 2,
};

function renderButton(grants: Partial<Record<keyof typeof FEATURES, number>>, status = NO_AUTO_TOP_UP) {
  const permissions = masks({ betaPanel: 2, ...grants });
  const server = fakeServer();
  server.on('GET', '/account/20002/hasautotopup', () => status);
  server.on('PUT', '/account/20002/topup', (req) => ({
    success: true,
    message: (req.body as { enabled: boolean }).enabled ? 'Auto top-up updated' : 'Auto top-up disabled',
  }));
  const view = renderPanel(<TopUpButton />, {
    url: '/account-transaction',
    session: { account_no: '20002', accountType: 'prepay', permissions },
    can: (resource, action) => can({ permissions }, resource, action),
  });
  return { ...view, server };
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

describe('Top Up with a saved auto top-up (spec 1 §3–§4)', () => {
  const saved: AutoTopUpStatus = {
    autoTopupEnabled: false,
    cpv3AutoTopupEnabled: true,
    autoTopUpAmount: 20,
    autoTopUpThreshold: 10,
  };
  const all = { prepay: 15, account: 15, paypal: 15 };

  it('shows the saved status (a disabled £10 threshold) and Confirm keeps it', async () => {
    const { user, server } = renderButton(all, saved);
    await user.click(screen.getByRole('button', { name: 'Top Up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Top Up' });
    const toggle = await within(dialog).findByRole('switch', { name: 'Auto top-up enabled' });
    expect(toggle).toHaveProperty('checked', false);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(dialog.textContent).toContain('Auto top-up will be disabled');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Auto top-up disabled')).toBeTruthy();
    expect(server.requests.filter((r) => r.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/account/20002/topup', body: { enabled: false, threshold: 10 } },
    ]);
  });

  it('starts an enabled one at its saved threshold', async () => {
    const { user, server } = renderButton(all, { ...saved, autoTopupEnabled: true });
    await user.click(screen.getByRole('button', { name: 'Top Up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Top Up' });
    expect(await within(dialog).findByRole('switch', { name: 'Auto top-up enabled' })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('combobox', { name: 'Top up when the balance falls below' }).textContent).toBe(
      '£10',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(dialog.textContent).toContain('Auto top-up of £20 when the balance falls below £10.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Auto top-up updated')).toBeTruthy();
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({ enabled: true, threshold: 10 });
  });

  it('still offers a one-off top-up by card, bank transfer or PayPal', async () => {
    const { user } = renderButton(all, saved);
    await user.click(screen.getByRole('button', { name: 'Top Up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Top Up' });
    await within(dialog).findByRole('switch', { name: 'Auto top-up enabled' });
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    const types = within(within(dialog).getByRole('radiogroup', { name: 'Payment type' })).getAllByRole('radio');
    expect(types.map((r) => r.closest('label')?.textContent)).toEqual([
      'Credit / Debit Card',
      'Bank Transfer',
      'PayPal',
      'Auto top-up settings',
    ]);
    await user.click(within(dialog).getByRole('radio', { name: 'Bank Transfer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(dialog.textContent).toContain('Reference: AC20002');
  });
});
