import { LOGIN_REASONS, loginBody, MESSAGES } from '@switchboard/domain';
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

  it('asks for the account number when the username is used in several accounts, then sends it', async () => {
    const server = signedOut();
    // As the server: the login schema checks the account number (400 with its message), then 409 until it is given.
    server.on('POST', '/users/auth/login', ({ body }) => {
      const parsed = loginBody.safeParse(body);
      if (!parsed.success) {
        return reply(400, {
          success: false,
          message: MESSAGES.accountNumber,
          validation: { accountNo: MESSAGES.accountNumber },
        });
      }
      return parsed.data.accountNo === 30001
        ? { success: true }
        : reply(409, { success: false, message: MESSAGES.loginAccountNeeded });
    });
    const { user, router } = renderPanel(<LoginPage />, { url: '/login?next=%2Fseats' });
    expect(screen.queryByLabelText('Account number')).toBeNull();
    await user.type(await screen.findByLabelText('Username'), 'john');
    await user.type(screen.getByLabelText('Password'), 'John-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(MESSAGES.loginAccountNeeded)).toBeTruthy();
    const account = screen.getByLabelText('Account number');
    expect(router.state.location.pathname).toBe('/login');
    // Signing in again without it: the account number's message.
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(MESSAGES.accountNumber)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    await user.type(account, '30001');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/seats'));
    expect(server.sent('POST', '/users/auth/login').map((r) => r.body)).toEqual([
      { username: 'john', password: 'John-Pass-1' },
      { username: 'john', password: 'John-Pass-1', accountNo: '' },
      { username: 'john', password: 'John-Pass-1', accountNo: '30001' },
    ]);
  });
});
