import { ACCOUNT_ACTIVITY } from '@switchboard/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import DashboardPage from './dashboard-page.tsx';

describe('the dashboard', () => {
  it('names each count still loading (a progress bar with no name fails WCAG: axe aria-progressbar-name)', async () => {
    const server = fakeServer();
    // The counts never arrive: the page stays in its loading state.
    server.on('POST', /\/0\/1$/, () => new Promise(() => undefined));
    renderPanel(<DashboardPage builtPaths={ACCOUNT_ACTIVITY.map((c) => c.link)} />, { url: '/' });
    const loading = await screen.findAllByRole('progressbar');
    expect(loading.length).toBeGreaterThan(0);
    expect(loading.map((bar) => bar.getAttribute('aria-label'))).toEqual(
      ACCOUNT_ACTIVITY.slice(0, loading.length).map((c) => `Loading ${c.label}`),
    );
  });
});
