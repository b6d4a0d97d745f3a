/**
 * A user's General tab (issue 24): the server's field messages under their fields (the switch too),
 * the holder's switch off with the reason, the holder's e-mail only the holder's, and an e-mail
 * change waiting for the old address shown as such.
 */
import { FEATURES, type PermissionMap, USER_MESSAGES, type User } from '@switchboard/domain';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeServer, reply } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import UserDetailPage from './user-detail-page.tsx';

const base: Omit<User, 'id' | 'username' | 'isHolder'> = {
  version: 1,
  name: 'Sam',
  surname: 'Stone',
  email: 'sam@acme.example',
  enabled: true,
  lastSignIn: '',
  pendingEmail: '',
};
const holder: User = { ...base, id: 1, username: 'owner', name: 'Olivia', isHolder: true };
const colleague: User = { ...base, id: 8, username: 'sam', isHolder: false };

/** Signed in as user 3 (the test session), who may manage users. */
function renderUser(user: User) {
  const permissions: PermissionMap = { [String(FEATURES.betaPanel)]: 2, [String(FEATURES.users)]: 15 };
  const server = fakeServer({ '/users': [{ ...user }] });
  server.on('GET', `/users/${user.id}/permissions`, () => ({ grants: [], grantable: [] }));
  const rendered = renderPanel(
    <Routes>
      <Route path="/user-manager/:id" element={<UserDetailPage />} />
    </Routes>,
    { url: `/user-manager/${user.id}`, session: { permissions } },
  );
  return { server, ...rendered };
}

describe('a user’s General tab', () => {
  it('shows the server’s message for the Enabled switch under it', async () => {
    const { server, user } = renderUser(colleague);
    server.on('PUT', '/users/8', () =>
      reply(400, { success: false, message: 'Validation failed', validation: { enabled: 'Not now, please' } }),
    );
    const enabled = (await screen.findByRole('switch', { name: 'Enabled' })) as HTMLInputElement;
    await user.click(enabled);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const note = await screen.findByText('Not now, please');
    expect(enabled.getAttribute('aria-describedby')).toBe(note.id);
  });

  it('keeps the holder’s switch on and disabled, saying why; their e-mail and password are the holder’s own', async () => {
    renderUser(holder);
    const enabled = (await screen.findByRole('switch', { name: 'Enabled' })) as HTMLInputElement;
    expect(enabled.disabled).toBe(true);
    expect(enabled.checked).toBe(true);
    expect(screen.getByText(USER_MESSAGES.disableHolder)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Email/ }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(USER_MESSAGES.holderCredentials)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset Password' })).toBeNull();
  });

  it('shows an e-mail change waiting for the old address under the address', async () => {
    renderUser({ ...colleague, pendingEmail: 'sam.new@acme.example' });
    expect(await screen.findByText(USER_MESSAGES.emailPending('sam.new@acme.example'))).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Email/ }) as HTMLInputElement).value).toBe('sam@acme.example');
  });
});
