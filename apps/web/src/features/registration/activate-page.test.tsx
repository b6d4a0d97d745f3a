import { ACCOUNT_MESSAGES, PATTERNS } from '@switchboard/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, reply } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import ActivatePage from './activate-page.tsx';

const TOKEN = 'a'.repeat(43);

describe('/activate', () => {
  it('says an unknown, used or expired link is invalid', async () => {
    const server = fakeServer();
    server.on('POST', '/users/password/token', () =>
      reply(400, { success: false, message: ACCOUNT_MESSAGES.tokenInvalid }),
    );
    renderPanel(<ActivatePage />, { url: `/activate?token=${TOKEN}` });
    expect(await screen.findByText(ACCOUNT_MESSAGES.tokenInvalid)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeTruthy();
  });

  it('applies the password rule and the confirmation before sending, then sets the password', async () => {
    const server = fakeServer();
    server.on('POST', '/users/password/token', () => ({ success: true, purpose: 'reset', username: 'viewer' }));
    server.on('POST', '/users/password', () => ({ success: true, message: ACCOUNT_MESSAGES.passwordSet }));
    const { user } = renderPanel(<ActivatePage />, { url: `/activate?token=${TOKEN}` });
    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeTruthy();
    expect(screen.getByText('viewer')).toBeTruthy();
    const password = screen.getByLabelText(/^Password/);
    const confirm = screen.getByLabelText(/^Confirm Password/);
    await user.type(password, 'password');
    await user.type(confirm, 'password');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText(PATTERNS.password.message)).toBeTruthy();
    await user.clear(password);
    await user.type(password, 'Good-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordsDiffer)).toBeTruthy();
    expect(server.requests.some((r) => r.path === '/users/password')).toBe(false);
    await user.clear(confirm);
    await user.type(confirm, 'Good-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordSet)).toBeTruthy();
    expect(server.requests.find((r) => r.path === '/users/password')?.body).toEqual({
      token: TOKEN,
      password: 'Good-Pass-1',
      confirm: 'Good-Pass-1',
    });
  });
});
