import { LOGIN_REASONS, loginBody } from '@switchboard/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, reply } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import LoginPage from './login-page.tsx';

function signedOut() {
  const server = fakeServer();
  server.on('GET', '/users/auth/session', () => reply(401, { status: 'error' }));
  return server;
}

describe('login page', () => {
  it('says why after an idle logout', async () => {
    signedOut();
    renderPanel(<LoginPage />, { url: '/login?reason=idle&next=%2Fseats' });
    expect(await screen.findByText(LOGIN_REASONS.idle)).toBeTruthy();
  });

  it('says nothing of the kind on a plain visit, or for an unknown reason', async () => {
    signedOut();
    renderPanel(<LoginPage />, { url: '/login?reason=constructor' });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("asks for both fields when the server's login schema refuses the form, then signs in and goes where it was sent", async () => {
    const server = signedOut();
    // As the server: the body checked by the login schema (a 400 with its message when it fails).
    server.on('POST', '/users/auth/login', ({ body }) =>
      loginBody.safeParse(body).success
        ? { success: true }
        : reply(400, { success: false, message: 'username: Required' }),
    );
    const { user, router } = renderPanel(<LoginPage />, { url: '/login?reason=idle&next=%2Fseats' });
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter your username and password')).toBeTruthy();
    await user.type(screen.getByLabelText('Username'), 'retail');
    await user.type(screen.getByLabelText('Password'), 'Switchboard-1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/seats'));
    expect(server.sent('POST', '/users/auth/login').at(-1)?.body).toEqual({
      username: 'retail',
      password: 'Switchboard-1',
    });
  });
});
