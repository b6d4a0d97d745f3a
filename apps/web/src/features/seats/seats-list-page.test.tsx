import { SEAT_MESSAGES } from '@switchboard/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import SeatsListPage from './seats-list-page.tsx';

describe('deleting seats', () => {
  it('asks first, saying what will happen to their phones and calls, and deletes nothing on Close', async () => {
    const server = fakeServer({ '/seat': [{ id: 7, extension: 201, nickname: 'Reception', status: 'Registered' }] });
    const { user } = renderPanel(<SeatsListPage />);
    await user.click(await screen.findByRole('checkbox', { name: /^Select / }));
    await user.click(screen.getByRole('button', { name: 'Delete (1)' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('delete-warning').textContent).toBe(SEAT_MESSAGES.confirmDelete);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(server.sent('DELETE', '/seat')).toEqual([]);
  });
});
