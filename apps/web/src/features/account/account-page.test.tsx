import { MESSAGES } from '@switchboard/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { retailAccount } from '../../test/accounts.ts';
import { fakeServer, reply } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import AccountDetailsPage from './account-page.tsx';

const account = retailAccount;

describe('/account-details', () => {
  it('saves the form with the version it was loaded with, and shows the server refusal under its field', async () => {
    const server = fakeServer();
    server.on('GET', '/account/30000', () => account);
    let saves = 0;
    server.on('PUT', '/account/30000', (req) => {
      saves += 1;
      const body = req.body as Record<string, unknown>;
      if (body.address_postcode === 'B1 2JQ')
        return reply(400, {
          success: false,
          message: 'x',
          validation: { address_postcode: 'Please enter a valid UK postcode.' },
        });
      return { success: true, message: 'Account has been updated', version: 5 };
    });
    const { user } = renderPanel(<AccountDetailsPage />, {
      url: '/account-details',
      can: (resource) => resource !== 'wholesale',
    });
    const postcode = await screen.findByLabelText(/Postcode/);
    // The browser applies the same rules first: nothing is sent.
    await user.clear(postcode);
    await user.type(postcode, 'XYZ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a valid UK postcode.')).toBeTruthy();
    expect(saves).toBe(0);
    await user.clear(postcode);
    await user.type(postcode, 'B1 2JQ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a valid UK postcode.')).toBeTruthy();
    const sent = server.requests.filter((r) => r.method === 'PUT').at(-1);
    expect(sent?.body).toMatchObject({ address_postcode: 'B1 2JQ', version: 4, alert: 0, firstName: 'Alice' });
    expect(screen.getByRole('combobox', { name: 'Balance Alert' })).toBeTruthy();
  });

  it('hides the balance alert for wholesale (and does not send it), and Delete Account below another parent', async () => {
    const server = fakeServer();
    server.on('GET', '/account/20000', () => ({
      ...account,
      accountNo: 20000,
      parent: 20000,
      accountKind: 'wholesale',
    }));
    server.on('PUT', '/account/20000', () => ({ success: true, message: 'ok', version: 5 }));
    const { user } = renderPanel(<AccountDetailsPage />, {
      url: '/account-details',
      session: { account_no: '20000', parent: '20000', accountKind: 'wholesale' },
    });
    await screen.findByLabelText(/First Name/);
    expect(screen.queryByRole('combobox', { name: 'Balance Alert' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Delete Account' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.updated('Account'))).toBeTruthy();
    const sent = server.requests.filter((r) => r.method === 'PUT').at(-1);
    expect(sent?.body).not.toHaveProperty('alert');
  });

  it('deletes only after the password check: wrong, then right, then the final delete', async () => {
    const server = fakeServer();
    server.on('GET', '/account/30000', () => account);
    server.on('POST', '/users/auth/passwordcheck', (req) =>
      (req.body as { password: string }).password === 'Right-Pass-1'
        ? { success: true, message: 'Password confirmed' }
        : reply(400, { success: false, message: MESSAGES.passwordWrong }),
    );
    server.on('DELETE', '/account/30000', () => ({ success: true, message: 'Your account has been deleted' }));
    const { user } = renderPanel(<AccountDetailsPage />, { url: '/account-details?tab=Delete+Account' });
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.type(within(dialog).getByLabelText(/Password/), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText(MESSAGES.passwordWrong)).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.clear(within(dialog).getByLabelText(/Password/));
    await user.type(within(dialog).getByLabelText(/Password/), 'Right-Pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Delete Account' }));
    expect(await within(dialog).findByText('Your account has been deleted')).toBeTruthy();
    expect(server.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('shows a refused deletion’s reason alone, without the validation banner', async () => {
    const server = fakeServer();
    const reason = 'This account has live customer accounts: close them first';
    server.on('GET', '/account/30000', () => account);
    server.on('POST', '/users/auth/passwordcheck', () => ({ success: true, message: 'Password confirmed' }));
    server.on('DELETE', '/account/30000', () => reply(409, { success: false, message: reason }));
    const { user } = renderPanel(<AccountDetailsPage />, { url: '/account-details?tab=Delete+Account' });
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.type(within(dialog).getByLabelText(/Password/), 'Right-Pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Delete Account' }));
    expect(await within(dialog).findByText(reason)).toBeTruthy();
    expect(within(dialog).queryByText(MESSAGES.stageValidation)).toBeNull();
    expect(within(dialog).getAllByText(reason)).toHaveLength(1);
  });
});
