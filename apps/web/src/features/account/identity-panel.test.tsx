import {
  IDENTITY_ERROR_REASONS,
  IDENTITY_MESSAGES,
  IDENTITY_SANDBOX_OUTCOME_LABELS,
  type IdentityStatusReply,
} from '@switchboard/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { retailAccount } from '../../test/accounts.ts';
import { fakeServer, reply } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import AccountDetailsPage from './account-page.tsx';

const account = retailAccount;

const unverified: IdentityStatusReply = {
  status: 'unverified',
  updatedAt: null,
  startedBy: '',
  startedAt: null,
  verifiedAt: null,
  lastError: '',
  provider: 'sandbox',
};

/** A fake server whose sandbox answers `outcome` as the real one does (the status follows). */
function identityServer() {
  const server = fakeServer();
  let identity = { ...unverified };
  server.on('GET', '/account/30000', () => account);
  server.on('GET', '/identity/status', () => identity);
  server.on('POST', '/create-verification-session', () => {
    identity = {
      ...identity,
      status: 'pending',
      startedBy: 'Alice Morgan',
      startedAt: '2026-11-23T10:00:00.000Z',
      updatedAt: '2026-11-23T10:00:00.000Z',
    };
    return { success: true, message: IDENTITY_MESSAGES.started, secret: 'vs_sb_1_secret_x', provider: 'sandbox' };
  });
  server.on('POST', '/identity/sandbox/submit', (req) => {
    const { outcome } = req.body as { outcome: keyof typeof IDENTITY_ERROR_REASONS | 'verified' };
    if (outcome === 'verified') {
      identity = { ...identity, status: 'verified', verifiedAt: '2026-11-23T10:01:00.000Z' };
      return { status: 'verified' };
    }
    identity = { ...identity, status: 'requires_input', lastError: IDENTITY_ERROR_REASONS[outcome] };
    return { status: 'requires_input', error: IDENTITY_ERROR_REASONS[outcome] };
  });
  return server;
}

describe('/account-details Identity tab', () => {
  it('starts a check, verifies through the sandbox window and shows Verified', async () => {
    const server = identityServer();
    const { user } = renderPanel(<AccountDetailsPage />, { url: '/account-details?tab=Identity' });
    expect((await screen.findByTestId('identity-status', {}, { timeout: 5000 })).textContent).toBe('Not verified');
    await user.click(screen.getByRole('button', { name: IDENTITY_MESSAGES.verify }));
    const dialog = await screen.findByRole('dialog', { name: /Verify your identity/ });
    await user.click(within(dialog).getByRole('button', { name: IDENTITY_MESSAGES.sandboxSubmit }));
    expect(await screen.findByText(/^Your identity was verified on 23\/11\/2026 \d\d:\d\d\.$/)).toBeTruthy();
    await screen.findByText('Verified');
    expect(screen.queryByRole('button', { name: IDENTITY_MESSAGES.verify })).toBeNull();
    expect(screen.getByText(/Check started by Alice Morgan on 23\/11\/2026/)).toBeTruthy();
    expect(server.requests.find((r) => r.path === '/identity/sandbox/submit')?.body).toEqual({
      secret: 'vs_sb_1_secret_x',
      outcome: 'verified',
    });
  });

  it('shows why a failed check failed, and offers to try again', async () => {
    identityServer();
    const { user } = renderPanel(<AccountDetailsPage />, { url: '/account-details?tab=Identity' });
    await user.click(await screen.findByRole('button', { name: IDENTITY_MESSAGES.verify }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText(IDENTITY_SANDBOX_OUTCOME_LABELS.document_expired));
    await user.click(within(dialog).getByRole('button', { name: IDENTITY_MESSAGES.sandboxSubmit }));
    expect(
      await screen.findByText(`${IDENTITY_MESSAGES.failedTitle}: ${IDENTITY_ERROR_REASONS.document_expired}`),
    ).toBeTruthy();
    expect((await screen.findByTestId('identity-status')).textContent).toBe('Action required');
    expect(await screen.findByRole('button', { name: IDENTITY_MESSAGES.retry })).toBeTruthy();
  });

  it("shows the server's refusal, and no button without account update", async () => {
    const server = identityServer();
    server.on('POST', '/create-verification-session', () =>
      reply(409, { success: false, message: IDENTITY_MESSAGES.processing }),
    );
    const { user } = renderPanel(<AccountDetailsPage />, { url: '/account-details?tab=Identity' });
    await user.click(await screen.findByRole('button', { name: IDENTITY_MESSAGES.verify }));
    expect(await screen.findByText(IDENTITY_MESSAGES.processing)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is read-only for a user who may only read the account', async () => {
    identityServer();
    renderPanel(<AccountDetailsPage />, {
      url: '/account-details?tab=Identity',
      can: (_resource, action) => action === 'read',
    });
    await screen.findByTestId('identity-status');
    expect(screen.queryByRole('button', { name: IDENTITY_MESSAGES.verify })).toBeNull();
  });
});

describe('/account-details save that changes the verified identity', () => {
  /** The identity server, verified, whose account save answers `verificationRequired` as the server decides. */
  function savingServer(required: boolean) {
    const server = identityServer();
    server.on('PUT', '/account/30000', () => ({
      success: true,
      message: 'Account has been updated',
      version: 5,
      verificationRequired: required,
    }));
    return server;
  }

  it('starts the verification at once in the same window when the reply says so, and says how it went', async () => {
    const server = savingServer(true);
    const { user } = renderPanel(<AccountDetailsPage />, { url: '/account-details' });
    const surname = await screen.findByLabelText(/^Surname/);
    await user.clear(surname);
    await user.type(surname, 'Morgan-Reyes');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: /Verify your identity/ });
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ surname: 'Morgan-Reyes' });
    expect(server.requests.filter((r) => r.path === '/create-verification-session')).toHaveLength(1);
    expect(screen.getByTestId('reverify-notice').textContent).toContain(IDENTITY_MESSAGES.reverifyNotice);
    await user.click(within(dialog).getByRole('button', { name: IDENTITY_MESSAGES.sandboxSubmit }));
    expect(await screen.findByText(IDENTITY_MESSAGES.verifiedNote)).toBeTruthy();
    expect(screen.queryByTestId('reverify-notice')).toBeNull();
  });

  it('keeps the notice with Verify identity when the window is closed without a check', async () => {
    const server = savingServer(true);
    const { user } = renderPanel(<AccountDetailsPage />, { url: '/account-details' });
    const first = await screen.findByLabelText(/^First Name/);
    await user.type(first, 'a');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const notice = await screen.findByTestId('reverify-notice');
    await user.click(within(notice).getByRole('button', { name: IDENTITY_MESSAGES.verify }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(server.requests.filter((r) => r.path === '/create-verification-session')).toHaveLength(2);
  });

  it('opens no window when the save needs no new check', async () => {
    const server = savingServer(false);
    const { user } = renderPanel(<AccountDetailsPage />, { url: '/account-details' });
    const telephone = await screen.findByLabelText(/^Telephone/);
    await user.clear(telephone);
    await user.type(telephone, '01214960001');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Account has been updated')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('reverify-notice')).toBeNull();
    expect(server.requests.some((r) => r.path === '/create-verification-session')).toBe(false);
  });
});
