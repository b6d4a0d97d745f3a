import {
  ACCOUNT_MESSAGES,
  IDENTITY_ERROR_REASONS,
  IDENTITY_MESSAGES,
  IDENTITY_SANDBOX_OUTCOME_LABELS,
  PATTERNS,
} from '@switchboard/domain';
import { screen, within } from '@testing-library/react';
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

  describe('the identity check offered to a newly registered account', () => {
    const USERNAME = 'ida@newcomer.example';
    function newAccountServer() {
      const server = fakeServer();
      server.on('POST', '/users/password/token', () => ({
        success: true,
        purpose: 'activation',
        username: USERNAME,
        newAccount: true,
      }));
      server.on('POST', '/identity/verification/session', () => ({
        success: true,
        message: IDENTITY_MESSAGES.started,
        secret: 'vs_sb_9_secret_y',
        provider: 'sandbox',
      }));
      server.on('POST', '/identity/sandbox/submit', (req) => {
        const { outcome } = req.body as { outcome: string };
        return outcome === 'verified'
          ? { status: 'verified' }
          : { status: 'requires_input', error: IDENTITY_ERROR_REASONS.document_expired };
      });
      server.on('POST', '/users/password', () => ({ success: true, message: ACCOUNT_MESSAGES.passwordSet }));
      return server;
    }

    it('offers the check before the password, starts it with the token and the registered e-mail, then asks for the password', async () => {
      const server = newAccountServer();
      const { user } = renderPanel(<ActivatePage />, { url: `/activate?token=${TOKEN}` });
      expect(await screen.findByRole('heading', { name: IDENTITY_MESSAGES.activationOffer })).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Activate your account' })).toBeTruthy();
      expect(screen.getByText(IDENTITY_MESSAGES.activationIntro)).toBeTruthy();
      // The password waits until the offer is taken or skipped.
      expect(screen.queryByRole('button', { name: 'Set Password' })).toBeNull();
      await user.click(screen.getByRole('button', { name: IDENTITY_MESSAGES.activationOffer }));
      const dialog = await screen.findByRole('dialog', { name: /Verify your identity/ });
      expect(server.requests.find((r) => r.path === '/identity/verification/session')?.body).toEqual({
        email: USERNAME,
        token: TOKEN,
      });
      await user.click(within(dialog).getByRole('button', { name: IDENTITY_MESSAGES.sandboxSubmit }));
      expect(await screen.findByText(IDENTITY_MESSAGES.activationVerified)).toBeTruthy();
      expect(screen.queryByRole('heading', { name: IDENTITY_MESSAGES.activationOffer })).toBeNull();
      await user.type(screen.getByLabelText(/^Password/), 'Good-Pass-1');
      await user.type(screen.getByLabelText(/^Confirm Password/), 'Good-Pass-1');
      await user.click(screen.getByRole('button', { name: 'Set Password' }));
      expect(await screen.findByText(ACCOUNT_MESSAGES.passwordSet)).toBeTruthy();
    });

    it('says why a failed check failed and offers to try again; a cancelled window keeps the offer', async () => {
      newAccountServer();
      const { user } = renderPanel(<ActivatePage />, { url: `/activate?token=${TOKEN}` });
      await user.click(await screen.findByRole('button', { name: IDENTITY_MESSAGES.activationOffer }));
      let dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.getByRole('heading', { name: IDENTITY_MESSAGES.activationOffer })).toBeTruthy();
      await user.click(screen.getByRole('button', { name: IDENTITY_MESSAGES.activationOffer }));
      dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByLabelText(IDENTITY_SANDBOX_OUTCOME_LABELS.document_expired));
      await user.click(within(dialog).getByRole('button', { name: IDENTITY_MESSAGES.sandboxSubmit }));
      expect(
        await screen.findByText(`${IDENTITY_MESSAGES.failedTitle}: ${IDENTITY_ERROR_REASONS.document_expired}`),
      ).toBeTruthy();
      expect(screen.getByRole('button', { name: IDENTITY_MESSAGES.retry })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Set Password' })).toBeNull();
    });

    it("shows the server's refusal, and may be skipped without a check", async () => {
      const server = newAccountServer();
      server.on('POST', '/identity/verification/session', () =>
        reply(400, {
          success: false,
          message: 'Validation failed',
          validation: { email: IDENTITY_MESSAGES.emailMismatch },
        }),
      );
      const { user } = renderPanel(<ActivatePage />, { url: `/activate?token=${TOKEN}` });
      await user.click(await screen.findByRole('button', { name: IDENTITY_MESSAGES.activationOffer }));
      expect(await screen.findByText(IDENTITY_MESSAGES.emailMismatch)).toBeTruthy();
      expect(screen.queryByRole('dialog')).toBeNull();
      await user.click(screen.getByRole('button', { name: IDENTITY_MESSAGES.skip }));
      expect(await screen.findByRole('button', { name: 'Set Password' })).toBeTruthy();
      expect(screen.queryByRole('heading', { name: IDENTITY_MESSAGES.activationOffer })).toBeNull();
      expect(server.requests.filter((r) => r.path === '/identity/verification/session')).toHaveLength(1);
    });

    it("is not offered on a new control-panel user's link or a reset link", async () => {
      for (const purpose of ['activation', 'reset'] as const) {
        const server = fakeServer();
        server.on('POST', '/users/password/token', () => ({
          success: true,
          purpose,
          username: 'olive',
          newAccount: false,
        }));
        const { unmount } = renderPanel(<ActivatePage />, { url: `/activate?token=${TOKEN}` });
        expect(await screen.findByRole('button', { name: 'Set Password' })).toBeTruthy();
        expect(screen.queryByRole('heading', { name: IDENTITY_MESSAGES.activationOffer })).toBeNull();
        expect(screen.queryByRole('button', { name: IDENTITY_MESSAGES.activationOffer })).toBeNull();
        unmount();
      }
    });
  });
});
