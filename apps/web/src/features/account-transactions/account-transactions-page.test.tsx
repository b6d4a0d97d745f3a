import { recentMonths } from '@switchboard/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import AccountTransactionsPage from './account-transactions-page.tsx';

const months = recentMonths(new Date());
const [thisMonth, lastMonth] = [months[0]?.value ?? '', months[1]?.value ?? ''];

describe('/account-transaction', () => {
  it('shows the balance, signed amounts and the balance after each entry; filters by month', async () => {
    const server = fakeServer({
      '/account/transaction': [
        {
          id: 2,
          date: '20/11/2026 10:15',
          month: thisMonth,
          kind: 'charge',
          description: 'Seat rental',
          reference: null,
          amountPence: -720,
          balancePence: 1234,
        },
        {
          id: 1,
          date: '02/10/2026 09:00',
          month: lastMonth,
          kind: 'top-up',
          description: 'Card top-up',
          reference: 'pi_1',
          amountPence: 1954,
          balancePence: 1954,
        },
      ],
    });
    server.on('GET', '/account/30000', () => ({ accountNo: 30000, extensionDigits: 3, balance: 12.34 }));
    const { user } = renderPanel(<AccountTransactionsPage />, { url: '/account-transaction' });
    expect(await screen.findByText('Seat rental')).toBeTruthy();
    expect(screen.getByText('-£7.20')).toBeTruthy();
    expect(screen.getByText('+£19.54')).toBeTruthy();
    expect(screen.getByText('Top-up')).toBeTruthy();
    expect((await screen.findByText(/^Balance:/)).textContent).toBe('Balance: £12.34');

    await user.click(screen.getByRole('combobox', { name: 'Month' }));
    const list = await screen.findByRole('listbox');
    // 'All' and the last 12 months.
    expect(within(list).getAllByRole('option')).toHaveLength(13);
    await user.click(within(list).getByRole('option', { name: months[1]?.label ?? '' }));
    expect(await screen.findByText('Card top-up')).toBeTruthy();
    expect(screen.queryByText('Seat rental')).toBeNull();
    expect(server.lastList('/account/transaction')?.body).toMatchObject({ filters: { month: lastMonth } });
  });
});
