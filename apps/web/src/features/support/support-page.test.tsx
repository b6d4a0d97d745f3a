import { FEATURES, MESSAGES, type PermissionMap, SUPPORT_MESSAGES, type SupportReply } from '@switchboard/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, reply } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import SupportPage from './support-page.tsx';

const masks = (grants: Partial<Record<keyof typeof FEATURES, number>>): PermissionMap =>
  Object.fromEntries(Object.entries(grants).map(([n, mask]) => [String(FEATURES[n as keyof typeof FEATURES]), mask]));

const settings = {
  version: 3,
  email: 'support@switchboard.example',
  phone: '0330 088 0000',
  postalAddress: 'Switchboard Support, 1 Exchange Street, Leeds, LS1 4AA',
  liveChatUrl: 'https://chat.switchboard.example/',
  helpVideos: 'M7lc1UVf-VE, aqz-KE-bpKQ',
};
const page = (liveChatShown: boolean): SupportReply => ({
  ...settings,
  liveChatShown,
  liveChatHours: '09:00 - 17:30 (UK time)',
  phoneHours: '24 hours a day, 7 days a week',
});

function serve(liveChatShown: boolean) {
  const server = fakeServer();
  server.on('GET', '/support', () => page(liveChatShown));
  server.on('GET', '/support/settings', () => settings);
  server.on('GET', '/youtube/videos', () => ({
    records: ['M7lc1UVf-VE', 'aqz-KE-bpKQ'].map((id) => ({ id, url: `https://www.youtube.com/watch?v=${id}` })),
  }));
  return server;
}

afterEach(() => vi.useRealTimers());

describe('/support', { timeout: 45_000 }, () => {
  it('shows the e-mail, phone (24/7), postal address and the help videos as links; no live chat below a provider', async () => {
    serve(false);
    renderPanel(<SupportPage />, { url: '/support' });
    expect(await screen.findByRole('link', { name: 'support@switchboard.example' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '0330 088 0000' }).getAttribute('href')).toBe('tel:03300880000');
    expect(screen.getByText('24 hours a day, 7 days a week')).toBeTruthy();
    expect(screen.getByText(/1 Exchange Street/)).toBeTruthy();
    const video = await screen.findByRole('link', { name: 'Help video 1' });
    expect(video.getAttribute('href')).toBe('https://www.youtube.com/watch?v=M7lc1UVf-VE');
    expect(screen.queryByRole('region', { name: 'Live Chat' })).toBeNull();
    // Not a provider admin: no settings form.
    expect(screen.queryByRole('region', { name: 'Support Settings' })).toBeNull();
  });

  it('enables live chat 09:00-17:30 UK time only, and says when it opens', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-14T10:00:00Z'));
    serve(true);
    const open = renderPanel(<SupportPage />, { url: '/support' });
    const chat = await screen.findByRole('link', { name: 'Start Live Chat' });
    expect(chat.getAttribute('href')).toBe('https://chat.switchboard.example/');
    open.unmount();

    vi.setSystemTime(new Date('2026-01-14T18:00:00Z'));
    serve(true);
    renderPanel(<SupportPage />, { url: '/support' });
    const closed = await screen.findByRole('button', { name: 'Start Live Chat' });
    expect(closed).toHaveProperty('disabled', true);
    expect(screen.getByText(SUPPORT_MESSAGES.liveChatOpensTomorrow)).toBeTruthy();
  });

  it("lets a provider admin save the settings with the version read; a stale save shows the panel's text", async () => {
    const server = serve(true);
    let stale = false;
    server.on('PUT', '/support/settings', () =>
      stale
        ? reply(409, { success: false, message: MESSAGES.staleVersion })
        : { success: true, message: SUPPORT_MESSAGES.saved },
    );
    const permissions = masks({ betaPanel: 2, vhAdmin: 15 });
    const { user } = renderPanel(<SupportPage />, { url: '/support', session: { permissions } });
    const form = await screen.findByRole('region', { name: 'Support Settings' });
    const phone = await within(form).findByRole('textbox', { name: 'Support Phone' });
    await user.clear(phone);
    await user.type(phone, '0330 088 1111');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SUPPORT_MESSAGES.saved)).toBeTruthy();
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ phone: '0330 088 1111', version: 3 });
    stale = true;
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(MESSAGES.staleVersion)).toBeTruthy();
  });
});
