import type { Resource } from '@switchboard/domain';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import SeatDetailPage from './seats-detail-page.tsx';

const seat = { id: 7, version: 1, extension: 201, nickname: 'Reception', name: 'acme201', status: 'Unregistered' };

function renderSeat(tab: string, can: (resource: Resource) => boolean) {
  const server = fakeServer({ '/seat': [{ ...seat }] });
  const view = renderPanel(
    <Routes>
      <Route path="/seats/:id" element={<SeatDetailPage />} />
    </Routes>,
    { url: `/seats/7?tab=${encodeURIComponent(tab)}`, can: (resource) => can(resource) },
  );
  return { ...view, server };
}

afterEach(() => vi.restoreAllMocks());

describe('seat page option lists', () => {
  it('for a user without the access-list permission, asks for no access lists and logs no error', async () => {
    const errors = vi.spyOn(console, 'error');
    const { server, user } = renderSeat('Advanced', (r) => r === 'seats');
    await screen.findByRole('heading', { name: 'Reception (201)' });
    await screen.findByRole('combobox', { name: 'Outbound Access List' });
    await user.click(screen.getByRole('tab', { name: 'General' }));
    await screen.findByRole('tab', { name: 'General', selected: true });
    // The lists the seat's own permission opens are loaded (the server lets seat readers have them).
    await vi.waitFor(() => expect(server.sent('GET', '/prompts/options')).toHaveLength(1));
    expect(server.sent('POST', '/accesscontrol')).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
  });

  it('names the seat’s caller ID by a search for its number, never loading every number of the account', async () => {
    const server = fakeServer({ '/seat': [{ ...seat, callerIdNumber: '01214960000' }] });
    server.on('POST', '/numbering/allocated/callerids/0/20', (req) =>
      (req.body as { search?: string }).search === '01214960000'
        ? { records: [{ number: '01214960000', name: 'Main line' }], lastPage: true }
        : { records: [], lastPage: true },
    );
    const view = renderPanel(
      <Routes>
        <Route path="/seats/:id" element={<SeatDetailPage />} />
      </Routes>,
      { url: '/seats/7?tab=General' },
    );
    const field = await screen.findByRole('combobox', { name: 'Caller ID Number' });
    await vi.waitFor(() => expect((field as HTMLInputElement).value).toBe('01214960000 (Main line)'));
    expect(server.sent('POST', '/numbering/allocated/callerids').map((r) => r.path)).toEqual([
      '/numbering/allocated/callerids/0/20',
    ]);
    // Cleared: what no number means is said below it.
    await view.user.clear(field);
    await view.user.keyboard('{Escape}');
    expect(await screen.findByText('Account default')).toBeTruthy();
  });

  it('loads the access lists for a user who may read them', async () => {
    const { server } = renderSeat('Advanced', (r) => r === 'seats' || r === 'acl');
    await screen.findByRole('heading', { name: 'Reception (201)' });
    await vi.waitFor(() => expect(server.sent('POST', '/accesscontrol/-1/-1')).toHaveLength(1));
  });
});

describe('seat page Teams tab', () => {
  it('offers Save only once the account has Teams and the switch is shown', async () => {
    const renderTeams = (exists: boolean) => {
      const server = fakeServer({ '/seat': [{ ...seat }] });
      server.on('GET', '/teams/exists/30000', () => ({ teamsAccountExists: exists }));
      return renderPanel(
        <Routes>
          <Route path="/seats/:id" element={<SeatDetailPage />} />
        </Routes>,
        { url: '/seats/7?tab=Teams' },
      );
    };
    const without = renderTeams(false);
    await screen.findByRole('button', { name: /invit/i });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    without.unmount();
    renderTeams(true);
    await screen.findByRole('switch', { name: 'Enable Microsoft Teams' });
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });
});

describe('seat page forms from the seat’s field declaration', () => {
  it('shows the Voicemail tab’s declared fields by mode, the PIN blank with what leaving it so means', async () => {
    const server = fakeServer({ '/seat': [{ ...seat, vmMode: 2, vmPinSet: true }] });
    renderPanel(
      <Routes>
        <Route path="/seats/:id" element={<SeatDetailPage />} />
      </Routes>,
      { url: '/seats/7?tab=Voicemail' },
    );
    const pin = await screen.findByLabelText('Remote Access PIN');
    expect(pin.getAttribute('type')).toBe('password');
    expect((pin as HTMLInputElement).value).toBe('');
    expect(screen.getByText('A PIN is set: leave empty to keep it')).toBeTruthy();
    expect(screen.getByLabelText('Voicemail to Email').getAttribute('type')).toBe('email');
    expect(screen.getByRole('switch', { name: 'Delete Voicemail After Emailing' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Prompt' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Voicemail' }).textContent).toBe('Advanced');
    expect(server.sent('GET', '/seat/7')).toHaveLength(1);
  });

  it('shows the Diverts tab’s declared telephone fields', async () => {
    renderSeat('Diverts', (r) => r === 'seats');
    for (const label of ['Divert All Calls', 'Divert When Busy', 'Divert On No Answer', 'Divert When Unavailable']) {
      expect((await screen.findByLabelText(label)).getAttribute('type')).toBe('tel');
    }
  });
});
