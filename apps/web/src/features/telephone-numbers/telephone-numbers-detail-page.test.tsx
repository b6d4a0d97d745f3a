import type { TelephoneNumber } from '@switchboard/domain';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type FakeServer, fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import TelephoneNumberDetailPage from './telephone-numbers-detail-page.tsx';

const number: TelephoneNumber = {
  id: 7,
  version: 1,
  telephoneNumber: '01214960002',
  nickname: 'Sales',
  distinctiveRing: '',
  destination: '',
  displayDestination: '',
  destinationType: '',
  cidPrefix: '',
  cidCalledNumber: false,
  cidOnDivert: false,
  telephoneNumberAclId: null,
  telephoneNumberAclName: null,
  telephoneNumberAclReject: 0,
  anonCallReject: false,
  anonCallRejectAdvanced: false,
  callRecord: 0,
  callRecordWarn: false,
  faxContact: false,
  faxAddress: '',
  faxPassword: '',
  emsNeeded: false,
  cancellationAvailable: false,
  emsStatus: 'Not needed',
  accountNo: 30000,
};

function renderNumber(tab: string, row: Partial<TelephoneNumber> = {}, setup?: (server: FakeServer) => void) {
  const server = fakeServer({ '/numbering/allocated': [{ ...number, ...row }] });
  setup?.(server);
  return renderPanel(
    <Routes>
      <Route path="/telephone-numbers/:id" element={<TelephoneNumberDetailPage />} />
    </Routes>,
    { url: `/telephone-numbers/7?tab=${encodeURIComponent(tab)}` },
  );
}

const input = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const toggle = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;

describe('telephone number detail: Fax', () => {
  it('offers the address and the PDF password only once Fax to email is on', async () => {
    const { user } = renderNumber('Fax');
    await screen.findByText('Faxes sent to this number are delivered to an email address as a PDF.');
    expect(input('Fax Email Address').disabled).toBe(true);
    expect(input('PDF Password').disabled).toBe(true);
    await user.click(toggle('Fax to email'));
    expect(input('Fax Email Address').disabled).toBe(false);
    expect(input('PDF Password').disabled).toBe(false);
  });
});

describe('telephone number detail: Call Recording', () => {
  it('offers the warning only while calls are recorded', async () => {
    renderNumber('Call Recording');
    await screen.findByRole('switch', { name: 'Play a recording warning to callers' });
    expect(toggle('Play a recording warning to callers').disabled).toBe(true);
    expect(screen.queryByText(/recorded without a warning/)).toBeNull();
  });

  it('warns when calls are recorded without a warning, and says what Pausable means', async () => {
    const { user } = renderNumber('Call Recording', { callRecord: 1 });
    expect(await screen.findByText(/Calls to this number are recorded without a warning/)).toBeTruthy();
    expect(screen.getByText('Pausable: the person answering can pause and resume the recording.')).toBeTruthy();
    await user.click(toggle('Play a recording warning to callers'));
    expect(screen.queryByText(/recorded without a warning/)).toBeNull();
  });
});

describe('telephone number detail: Advanced', () => {
  const teams = (presentingSeats: string[], seats: string[]) => ({
    id: 7,
    telephoneNumber: '01214960002',
    teamsAccountExists: false,
    presentingSeats,
    seats,
  });

  it('lists the seats presenting the number as their caller ID, and those presenting it on Teams', async () => {
    renderNumber('Advanced', {}, (server) =>
      server.on('GET', '/numbering/allocated/msteams/7', () =>
        teams(['201 - Reception', '202 - Accounts'], ['202 - Accounts']),
      ),
    );
    // The Teams information loads after the tab (a loaded machine can take more than a second).
    const presenting = await screen.findByRole('list', { name: 'Seats presenting this number' }, { timeout: 5000 });
    expect(
      within(presenting)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['201 - Reception', '202 - Accounts']);
    const onTeams = screen.getByRole('list', { name: 'Presenting it on Teams' });
    expect(
      within(onTeams)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['202 - Accounts']);
  });

  it('offers no Save to a customer, whose Advanced settings are all the provider’s', async () => {
    renderNumber('Advanced', {}, (server) => server.on('GET', '/numbering/allocated/msteams/7', () => teams([], [])));
    const cancellation = await screen.findByRole('switch', { name: 'Cancellation available' }, { timeout: 5000 });
    expect(cancellation.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
