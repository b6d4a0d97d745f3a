import { ACCOUNT_MESSAGES, USER_MESSAGES } from '@switchboard/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, reply } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import ConfirmEmailPage from './confirm-email-page.tsx';

const TOKEN = 'b'.repeat(43);

describe('/confirm-email', () => {
  it('says what the link confirms, changes nothing until Confirm Change, then confirms it', async () => {
    const server = fakeServer();
    server.on('POST', '/users/email/token', () => ({ success: true, username: 'sam', email: 'sam.new@acme.example' }));
    server.on('POST', '/users/email/confirm', () => ({
      success: true,
      message: USER_MESSAGES.emailConfirmed('sam.new@acme.example'),
    }));
    const { user } = renderPanel(<ConfirmEmailPage />, { url: `/confirm-email?token=${TOKEN}` });
    expect(await screen.findByText('sam.new@acme.example')).toBeTruthy();
    expect(screen.getByText('sam')).toBeTruthy();
    expect(server.requests.some((r) => r.path === '/users/email/confirm')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Confirm Change' }));
    expect(await screen.findByText(USER_MESSAGES.emailConfirmed('sam.new@acme.example'))).toBeTruthy();
    expect(server.requests.find((r) => r.path === '/users/email/confirm')?.body).toEqual({ token: TOKEN });
  });

  it('says an unknown, used or expired link is invalid', async () => {
    const server = fakeServer();
    server.on('POST', '/users/email/token', () =>
      reply(400, { success: false, message: ACCOUNT_MESSAGES.tokenInvalid }),
    );
    renderPanel(<ConfirmEmailPage />, { url: `/confirm-email?token=${TOKEN}` });
    expect(await screen.findByText(ACCOUNT_MESSAGES.tokenInvalid)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm Change' })).toBeNull();
  });
});
