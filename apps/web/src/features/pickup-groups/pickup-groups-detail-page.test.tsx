import type { PickupGroup } from '@switchboard/domain';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import PickupGroupDetailPage from './pickup-groups-detail-page.tsx';

const group: PickupGroup = {
  id: 4,
  grouppickupId: 4,
  version: 2,
  name: 'Engineers',
  shortCode: '*0#eer',
  memberCount: 0,
};

function renderGroup() {
  const server = fakeServer({ '/pickupgroups': [{ ...group }] });
  server.on('GET', '/pickupgroups/4/members', () => ({ records: [], totalRecords: 0, lastPage: true }));
  return renderPanel(
    <Routes>
      <Route path="/pickup-groups/:id" element={<PickupGroupDetailPage />} />
    </Routes>,
    { url: '/pickup-groups/4' },
  );
}

describe('pickup group detail: the short code', () => {
  it('follows the name as it is typed, from its letters and digits only, and says how it was derived', async () => {
    const { user } = renderGroup();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    const code = screen.getByRole('textbox', { name: 'Short Code' }) as HTMLInputElement;
    expect(code.value).toBe('*0#eer');
    await user.clear(name);
    await user.type(name, 'Stores team');
    expect(code.value).toBe('*0#ste');
    expect(
      screen.getByText(
        'Dial *0#ste to pick up a call ringing in this group: *0# and characters 6 to 8 of the name, counting only its letters and digits',
      ),
    ).toBeTruthy();
    await user.clear(name);
    await user.type(name, 'Sales');
    expect(code.value).toBe('*0#');
    expect(
      screen.getByText(
        'Give the name at least 6 letters or digits: the short code is *0# and characters 6 to 8 of them',
      ),
    ).toBeTruthy();
  });
});
