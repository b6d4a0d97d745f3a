import { LOGIN_REASONS } from '@switchboard/domain';
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

  it('checks the form with the login schema, then signs in and goes where it was sent', async () => {
    const server = signedOut();
    server.on('POST', '/users/auth/login', () => ({ success: true }));
    const { user, router } = renderPanel(<LoginPage />, { url: '/login?reason=idle&next=%2Fseats' });
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter your username and password')).toBeTruthy();
    await user.type(screen.getByLabelText('Username'), 'retail');
    await user.type(screen.getByLabelText('Password'), 'Switchboard-1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/seats'));
    expect(server.sent('POST', '/users/auth/login')[0]?.body).toEqual({
      username: 'retail',
      password: 'Switchboard-1',
    });
  });
});
