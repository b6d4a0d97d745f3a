import { SEAT_MESSAGES, type Seat, type SeatSoftphone, seatRoutes } from '@switchboard/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useOutboundCliOptions } from '../../platform/fields/option-sources.ts';
import { SipCredentials } from '../../platform/sip-credentials.tsx';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import { ProvisioningPanel, SoftphonePanel } from './seat-panels.tsx';

/** The softphone tab as the seat page gives it: the account's outbound CLI lists to choose from. */
function Softphone({ id, kind }: { id: number; kind: 'desktop' | 'mobile' }) {
  return <SoftphonePanel seat={{ id } as Seat} kind={kind} lists={useOutboundCliOptions()} />;
}

const device = {
  id: 9,
  make: 'Yealink',
  model: 'T54W',
  macAddress: '80:5E:C0:11:22:33',
  lastCheckin: '2026-11-20T09:00:00Z',
  locked: true,
  locksAt: null,
  initialised: true,
  ldapPassword: 'old-ldap',
};

function devicesServer() {
  const server = fakeServer();
  server.on('GET', '/seat/7/devices', () => ({ records: [device] }));
  server.on('POST', '/provisioning/seat/7/reinit', () => ({ success: true, message: SEAT_MESSAGES.reinitialised }));
  server.on('POST', '/seat/7/ldap/regenpassword', () => ({ success: true, message: SEAT_MESSAGES.ldapReset }));
  return server;
}

describe('destructive seat actions ask first, saying what will happen', () => {
  it('Re-Initialise: Cancel sends nothing; confirming re-initialises', async () => {
    const server = devicesServer();
    const { user } = renderPanel(<ProvisioningPanel seat={{ id: 7 }} />);
    await user.click(await screen.findByRole('button', { name: 'Re-Initialise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-Initialise Yealink T54W' });
    expect(within(dialog).getByText(SEAT_MESSAGES.confirmReinit)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.sent('POST', '/provisioning')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Re-Initialise' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Re-Initialise' }));
    expect(await screen.findByText(SEAT_MESSAGES.reinitialised)).toBeTruthy();
    expect(server.sent('POST', '/provisioning/seat/7/reinit').map((r) => r.body)).toEqual([{ deviceId: 9 }]);
  });

  it('Regenerate LDAP Password: asks, then regenerates', async () => {
    const server = devicesServer();
    const { user } = renderPanel(<ProvisioningPanel seat={{ id: 7 }} />);
    await user.click(await screen.findByRole('button', { name: 'Regenerate LDAP Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate LDAP Password' });
    expect(within(dialog).getByText(SEAT_MESSAGES.confirmLdapPassword)).toBeTruthy();
    expect(server.sent('POST', '/seat/7/ldap')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByText(SEAT_MESSAGES.ldapReset)).toBeTruthy();
    expect(server.sent('POST', '/seat/7/ldap/regenpassword')).toHaveLength(1);
  });

  it('SIP password reset: asks with the warning given, and resets only once confirmed', async () => {
    const server = fakeServer();
    server.on('GET', '/seat/7/password/reset', () => ({ success: true, message: 'Reset Successfully', secret: 'n3w' }));
    const { user } = renderPanel(
      <SipCredentials
        routes={seatRoutes}
        id={7}
        resource="seats"
        username="30000*201"
        resetWarning={SEAT_MESSAGES.confirmPasswordReset}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset SIP Password' });
    expect(within(dialog).getByText(SEAT_MESSAGES.confirmPasswordReset)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.sent('GET', '/seat/7/password')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset Password' }));
    expect((await screen.findByTestId('sip-secret')).textContent).toBe('n3w');
  });
});

const softphone: SeatSoftphone = {
  version: 12,
  enableDesktopCallWaiting: true,
  enableMobileCallWaiting: true,
  outboundCLILists: [],
  uniqueString: 'u'.repeat(24),
  enabled: true,
  username: 'jo',
  desktopStatus: 'Unregistered',
  mobileStatus: 'Unregistered',
};

describe('the softphone tab', () => {
  it('saves based on the seat as the tab loaded it (If-Match: the seat’s version)', async () => {
    const server = fakeServer();
    const phone: SeatSoftphone = {
      version: 12,
      enableDesktopCallWaiting: true,
      enableMobileCallWaiting: true,
      outboundCLILists: [],
      uniqueString: 'u'.repeat(24),
      enabled: true,
      username: 'jo',
      desktopStatus: 'Unregistered',
      mobileStatus: 'Unregistered',
    };
    server.on('GET', '/seat/7/softphone', () => phone);
    server.on('POST', '/seat/7/softphone', () => ({ success: true, message: '201 has been updated', id: 7 }));
    const { user } = renderPanel(<Softphone id={7} kind="desktop" />);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('201 has been updated')).toBeTruthy();
    expect(server.sent('POST', '/seat/7/softphone').map((r) => r.ifMatch)).toEqual(['"12"']);
  });

  it('gives the seat the account’s outbound CLI lists, by id, each shown with its numbers', async () => {
    const server = fakeServer();
    server.on('GET', '/seat/7/softphone', () => ({ ...softphone, outboundCLILists: [] }));
    server.on('GET', '/outboundclilist', () => ({
      records: [
        { id: 4, version: 1, name: 'Main line', description: '', numbers: ['01214960000'], numberCount: 1 },
        { id: 5, version: 1, name: 'Vans', description: '', numbers: ['01214960001', '01214960002'], numberCount: 2 },
      ],
      totalRecords: 2,
    }));
    server.on('POST', '/seat/7/softphone', () => ({ success: true, message: '201 has been updated', id: 7 }));
    const { user } = renderPanel(<Softphone id={7} kind="desktop" />);
    await user.click(await screen.findByRole('combobox', { name: 'Outbound CLI Lists' }));
    await user.click(await screen.findByRole('option', { name: 'Vans (01214960001, 01214960002)' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('201 has been updated')).toBeTruthy();
    expect(
      server.sent('POST', '/seat/7/softphone').map((r) => (r.body as { outboundCLILists: number[] }).outboundCLILists),
    ).toEqual([[5]]);
  });

  it('shows the mobile app’s QR code only for a seat with a softphone user', async () => {
    const phone = (enabled: boolean): SeatSoftphone => ({
      version: 3,
      enableDesktopCallWaiting: true,
      enableMobileCallWaiting: true,
      outboundCLILists: [],
      uniqueString: 'u'.repeat(24),
      enabled,
      username: enabled ? 'jo' : null,
      desktopStatus: 'Unregistered',
      mobileStatus: 'Unregistered',
    });
    const server = fakeServer();
    server.on('GET', '/seat/7/softphone', () => phone(false));
    server.on('GET', '/seat/8/softphone', () => phone(true));
    const without = renderPanel(<Softphone id={7} kind="mobile" />);
    await screen.findByText(/This seat has no softphone user/);
    expect(screen.queryByRole('img', { name: 'Mobile app QR code' })).toBeNull();
    without.unmount();
    renderPanel(<Softphone id={8} kind="mobile" />);
    expect(await screen.findByRole('img', { name: 'Mobile app QR code' })).toBeTruthy();
  });
});
