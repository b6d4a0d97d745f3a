/**
 * Spec 1 §6 on the user manager, by the domain's can() over the session's cpUsers mask: Add User
 * only with create; on a user's page, Save, Reset Password and Save Permissions only with update.
 */
import { can, FEATURES, type PermissionMap, type User } from '@switchboard/domain';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import UserDetailPage from './user-detail-page.tsx';
import UserManagerListPage from './users-list-page.tsx';

const colleague: User = {
  id: 8,
  version: 1,
  username: 'sam',
  name: 'Sam',
  surname: 'Stone',
  email: 'sam@acme.example',
  enabled: true,
  isHolder: false,
  lastSignIn: '',
  pendingEmail: '',
};

function renderAs(mask: number, url: string) {
  const permissions: PermissionMap = {
    [String(FEATURES.betaPanel)]: 2,
    [String(FEATURES.retail)]: 15,
    [String(FEATURES.users)]: mask,
    [String(FEATURES.seats)]: 15,
  };
  const server = fakeServer({ '/users': [{ ...colleague }] });
  server.on('GET', '/users/8/permissions', () => ({
    grants: [{ featureId: FEATURES.seats, mask: 2 }],
    grantable: [{ featureId: FEATURES.seats, mask: 15 }],
  }));
  return renderPanel(
    <Routes>
      <Route path="/user-manager" element={<UserManagerListPage />} />
      <Route path="/user-manager/:id" element={<UserDetailPage />} />
    </Routes>,
    { url, session: { permissions }, can: (resource, action) => can({ permissions }, resource, action) },
  );
}

describe('the user manager (spec 1 §6)', () => {
  it('offers Add with cpUsers create', async () => {
    renderAs(3, '/user-manager');
    expect(await screen.findByText('sam')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Add/ })).toBeTruthy();
  });

  it('lists the users but offers no Add to a user who may only read them', async () => {
    renderAs(2, '/user-manager');
    expect(await screen.findByText('sam')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Add/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it('lets a user with cpUsers update save a user, reset the password and save permissions', async () => {
    const { user } = renderAs(6, '/user-manager/8');
    expect(await screen.findByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /First Name/ }) as HTMLInputElement).disabled).toBe(false);
    await user.click(screen.getByRole('tab', { name: 'Permissions' }));
    expect(await screen.findByRole('button', { name: 'Save Permissions' })).toBeTruthy();
  });

  it('shows a user read-only without cpUsers update: no Save, no Reset Password, no Save Permissions', async () => {
    const { user } = renderAs(2, '/user-manager/8');
    const first = (await screen.findByRole('textbox', { name: /First Name/ })) as HTMLInputElement;
    expect(first.value).toBe('Sam');
    expect(first.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset Password' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Permissions' }));
    expect(await screen.findByText('You may view these permissions but not change them.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save Permissions' })).toBeNull();
  });
});
