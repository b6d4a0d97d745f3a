/**
 * Balance Adjustment: nothing is posted before a confirmation that names the amount and the
 * balance it leaves; an amount over the server's maximum is refused under its field; more than one
 * error shows the multiple-errors banner (spec 1 §5).
 */
import { MESSAGES } from '@switchboard/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, reply } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import BalanceAdjustmentPage from './balance-adjustment-page.tsx';

function renderPage() {
  const server = fakeServer();
  server.on('GET', '/account/20002/adjustment', () => ({
    accountNo: 20002,
    name: 'Wetherby Lettings',
    balancePence: 2500,
    maxPence: 100_000,
  }));
  server.on('GET', '/account/99999/adjustment', () => reply(404, { success: false, message: MESSAGES.recordNotFound }));
  server.on('POST', '/account/20002/adjustment', () => ({
    success: true,
    message: MESSAGES.adjustmentPosted,
    balance: 19,
  }));
  const view = renderPanel(<BalanceAdjustmentPage />, { url: '/balance-adjustment' });
  const posts = () => server.requests.filter((r) => r.method === 'POST');
  return { ...view, server, posts };
}

async function fill(
  user: ReturnType<typeof renderPage>['user'],
  values: { account: string; debit?: boolean; amount: string; reason: string },
) {
  if (values.account) await user.type(screen.getByLabelText(/Account Number/), values.account);
  if (values.debit) {
    await user.click(screen.getByRole('combobox', { name: 'Adjustment' }));
    await user.click(await screen.findByRole('option', { name: 'Debit (takes from the balance)' }));
  }
  if (values.amount) await user.type(screen.getByLabelText(/Amount/), values.amount);
  if (values.reason) await user.type(screen.getByLabelText(/Reason/), values.reason);
  await user.click(screen.getByRole('button', { name: 'Post Adjustment' }));
}

describe('/balance-adjustment', () => {
  it('confirms with the amount and the resulting balance before posting', async () => {
    const { user, posts } = renderPage();
    await fill(user, { account: '20002', debit: true, amount: '6', reason: 'Line rental correction' });
    const dialog = await screen.findByRole('dialog', { name: 'Debit £6.00' });
    expect(dialog.textContent).toContain('20002 (Wetherby Lettings)');
    expect(dialog.textContent).toContain('£25.00');
    expect(dialog.textContent).toContain('£19.00');
    expect(posts()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Post Adjustment' }));
    expect(await screen.findByText('Debited £6.00. The balance of 20002 is now £19.00.')).toBeTruthy();
    expect(posts().map((r) => r.body)).toEqual([{ type: 'debit', amountPence: 600, reason: 'Line rental correction' }]);
  });

  it('posts nothing when the confirmation is cancelled', async () => {
    const { user, posts } = renderPage();
    await fill(user, { account: '20002', amount: '6', reason: 'Goodwill' });
    const dialog = await screen.findByRole('dialog', { name: 'Credit £6.00' });
    expect(dialog.textContent).toContain('£31.00');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posts()).toEqual([]);
  });

  it('refuses an amount over the maximum under its field, posting nothing', async () => {
    const { user, posts } = renderPage();
    await fill(user, { account: '20002', amount: '1000.01', reason: 'Too much' });
    expect(await screen.findByText(MESSAGES.adjustmentTooLarge('£1,000.00'))).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts()).toEqual([]);
  });

  it('shows the multiple-errors banner with more than one error', async () => {
    const { user, posts } = renderPage();
    await fill(user, { account: '', amount: '', reason: '' });
    expect(await screen.findByText(MESSAGES.multipleErrors)).toBeTruthy();
    expect(screen.getAllByText(MESSAGES.required).length).toBeGreaterThan(1);
    expect(posts()).toEqual([]);
  });
});
