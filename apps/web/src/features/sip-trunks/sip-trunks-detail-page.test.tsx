import { DEFAULT_CALL_TIMES, DEFAULT_RESTRICTIONS, FEATURES, MESSAGES, type SipTrunk } from '@switchboard/domain';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import SipTrunkDetailPage from './sip-trunks-detail-page.tsx';

/** A Direct IP trunk with IP authentication on, as the provider admin set it up. */
export const directTrunk: SipTrunk = {
  id: 5,
  version: 4,
  name: '30000_main',
  nickname: 'Main PBX',
  cliNumber: '',
  withholdNumber: false,
  emergencyServicesCid: '01214960000',
  trunkFailOver: '',
  channelLimit: 2,
  host: '81.2.69.10',
  trunkIPAuth: true,
  permit: ['81.2.69.10'],
  transport: 'udp',
  trunkNoPlus: -1,
  anyPresentation: false,
  enableTeams: false,
  callRecording: 0,
  tps: 'off',
  ctps: 'off',
  ...DEFAULT_RESTRICTIONS,
  internationalPIN: '',
  weekdayTimes: DEFAULT_CALL_TIMES,
  weekendTimes: DEFAULT_CALL_TIMES,
  ipLocation: 'GB',
  status: 'Direct IP',
  ip: '81.2.69.10',
  agent: '',
  location: true,
  publicIp: true,
  onNet: false,
  accountNo: 30000,
};

function renderTrunk(url: string, admin = false) {
  const server = fakeServer({
    '/trunk': [{ ...directTrunk }],
    '/numbering/allocated/callerids': [
      { id: 1, number: '01214960000', name: 'Main' },
      { id: 2, number: '01179460000', name: 'Bristol office' },
    ],
  });
  const view = renderPanel(
    <Routes>
      <Route path="/sip/:id" element={<SipTrunkDetailPage />} />
    </Routes>,
    { url, session: admin ? { permissions: { [FEATURES.vhAdmin]: 15 } } : {} },
  );
  return { ...view, server };
}

describe('SIP trunk detail: IP Address', () => {
  it('clears the host to switch a Direct IP trunk to registration: IP authentication goes off and the save goes through', async () => {
    const { user, server } = renderTrunk('/sip/5?tab=IP%20Address');
    const host = (await screen.findByRole('textbox', { name: 'Host IP Address' })) as HTMLInputElement;
    expect(host.value).toBe('81.2.69.10');
    await user.clear(host);
    expect(screen.getByText('Empty: the PBX registers (dynamic)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.updated('Main PBX'))).toBeTruthy();
    const [put] = server.sent('PUT', '/trunk/5');
    expect(put?.body).toMatchObject({ host: '', trunkIPAuth: false });
    expect(put?.ifMatch).toBe('"4"');
  });

  it('shows a provider admin IP authentication with a host only', async () => {
    const { user } = renderTrunk('/sip/5?tab=IP%20Address', true);
    const host = await screen.findByRole('textbox', { name: 'Host IP Address' });
    const ipAuth = screen.getByRole('switch', { name: 'IP Authentication' }) as HTMLInputElement;
    expect(ipAuth.checked).toBe(true);
    await user.clear(host);
    expect(screen.queryByRole('switch', { name: 'IP Authentication' })).toBeNull();
    await user.type(host, '81.2.69.12');
    expect((screen.getByRole('switch', { name: 'IP Authentication' }) as HTMLInputElement).checked).toBe(false);
  });

  it('says a cleared number of channels is a required field', async () => {
    const { user, server } = renderTrunk('/sip/5');
    const channels = (await screen.findByRole('spinbutton', { name: 'Channels' })) as HTMLInputElement;
    await user.clear(channels);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.required)).toBeTruthy();
    expect(server.sent('PUT', '/trunk')).toEqual([]);
  });
});

describe('SIP trunk detail: General', () => {
  it('names the emergency location by a search for its number, and changes it to one the server finds', async () => {
    const { user, server } = renderTrunk('/sip/5');
    const location = (await screen.findByRole('combobox', { name: /Emergency Location/ })) as HTMLInputElement;
    await waitFor(() => expect(location.value).toBe('01214960000 (Main)'));
    expect(server.sent('POST', '/numbering/allocated/callerids').map((r) => [r.path, r.body])).toEqual([
      ['/numbering/allocated/callerids/0/20', { search: '01214960000' }],
    ]);
    // No caller ID number: what that means is said below it.
    expect(screen.getByText('Presented by the PBX')).toBeTruthy();
    await user.clear(location);
    await user.type(location, 'bristol');
    await user.click(await screen.findByRole('option', { name: '01179460000 (Bristol office)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.updated('Main PBX'))).toBeTruthy();
    expect(server.sent('PUT', '/trunk/5')[0]?.body).toMatchObject({
      emergencyServicesCid: '01179460000',
      cliNumber: '',
    });
    // Only pages of the numbers were asked for, never the whole list.
    expect(server.sent('POST', '/numbering/allocated/callerids').every((r) => r.path.endsWith('/0/20'))).toBe(true);
  });
});
