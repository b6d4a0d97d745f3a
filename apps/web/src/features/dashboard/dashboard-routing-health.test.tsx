import { ACCOUNT_ACTIVITY, ROUTING_HEALTH_COUNT } from '@switchboard/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import DashboardPage from './dashboard-page.tsx';

describe('the dashboard’s routing health', () => {
  it('counts the findings in the dashboard’s Account Errors, linking to the page', async () => {
    const server = fakeServer();
    server.on('POST', /\/0\/1$/, () => ({ records: [], totalRecords: 3, lastPage: false }));
    renderPanel(<DashboardPage builtPaths={[...ACCOUNT_ACTIVITY.map((c) => c.link), ROUTING_HEALTH_COUNT.link]} />, {
      url: '/',
    });
    const errors = await screen.findByRole('list', { name: 'Account Errors' });
    expect(errors.textContent).toContain('Routing Health');
    const count = await screen.findByTestId('count-routing-health');
    await vi.waitFor(() => expect(count.textContent).toBe('3'));
    expect(screen.getByRole('link', { name: 'Routing Health' }).getAttribute('href')).toBe('/routing-health');
  });
});
