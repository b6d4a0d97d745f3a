import { TEAMS_MESSAGES } from '@switchboard/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import { TeamsGate } from './teams-gate.tsx';

function noTenant() {
  const server = fakeServer();
  server.on('GET', '/teams/exists/30000', () => ({ teamsAccountExists: false }));
  server.on('POST', '/teams/admin/invitation', () => ({ success: true, message: TEAMS_MESSAGES.invitationSent }));
  return server;
}

describe('the Teams admin invitation', () => {
  it('refuses an email over 50 characters with the spec’s message, as typed: never cut short and sent', async () => {
    const server = noTenant();
    const { user } = renderPanel(<TeamsGate disabled={false}>Teams fields</TeamsGate>);
    const email = (await screen.findByRole('textbox', { name: 'Teams Administrator Email' })) as HTMLInputElement;
    const long = `${'it-admin'.repeat(6)}@acmeplumbing.example`;
    await user.type(email, long);
    expect(email.value).toBe(long);
    await user.click(screen.getByRole('button', { name: 'Send Admin Invitation' }));
    expect(await screen.findByText(TEAMS_MESSAGES.invalidEmail)).toBeTruthy();
    expect(server.sent('POST', '/teams')).toEqual([]);
    await user.clear(email);
    await user.type(email, 'it@acmeplumbing.example');
    await user.click(screen.getByRole('button', { name: 'Send Admin Invitation' }));
    expect(await screen.findByText(TEAMS_MESSAGES.invitationSent)).toBeTruthy();
    expect(server.sent('POST', '/teams/admin/invitation').map((r) => r.body)).toEqual([
      { email: 'it@acmeplumbing.example', accountNo: 30000 },
    ]);
  });
});
