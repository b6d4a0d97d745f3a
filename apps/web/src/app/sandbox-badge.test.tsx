import { SANDBOX_BADGE } from '@switchboard/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPanel } from '../test/render.tsx';
import { SandboxBadge } from './sandbox-badge.tsx';

describe('the Sandbox badge', () => {
  it('shows while the session names sandbox providers, naming them', async () => {
    renderPanel(<SandboxBadge />, { url: '/', session: { sandboxProviders: ['Card payments', 'PayPal'] } });
    const badge = await screen.findByText(SANDBOX_BADGE.label);
    expect(badge.textContent).toBe(SANDBOX_BADGE.label);
    expect(badge.getAttribute('title')).toBe(SANDBOX_BADGE.title(['Card payments', 'PayPal']));
    expect(badge.getAttribute('title')).toContain('Card payments, PayPal');
  });

  it('is absent when the session names none (every provider configured, or not a provider admin)', () => {
    renderPanel(<SandboxBadge />, { url: '/' });
    expect(screen.queryByText(SANDBOX_BADGE.label)).toBeNull();
    renderPanel(<SandboxBadge />, { url: '/', session: { sandboxProviders: [] } });
    expect(screen.queryByText(SANDBOX_BADGE.label)).toBeNull();
  });
});
