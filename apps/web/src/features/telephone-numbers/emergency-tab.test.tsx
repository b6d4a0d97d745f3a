import { type EmsRecord, MESSAGES, TELEPHONE_NUMBER_MESSAGES } from '@switchboard/domain';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import { EmergencyTab } from './emergency-tab.tsx';

const confirmed: EmsRecord = {
  id: 3,
  version: 5,
  telephoneNumber: '01214960003',
  title: '',
  forename: '',
  name: 'Acme Plumbing',
  businessSuffix: 'Ltd',
  premises: 'Unit 9',
  thoroughfare: 'Canal Street',
  locality: 'Birmingham',
  postcode: 'B1 2JR',
  emsNeeded: true,
  updatePending: false,
  errorCode: 0,
  errorMessage: '',
  errorText: '',
};

/** The number's emergency data as the server holds it; `answer` is what the registry will say. */
function registry(answer: Partial<EmsRecord>) {
  let state: EmsRecord = { ...confirmed };
  const server = fakeServer();
  server.on('GET', '/numbering/allocated/3/ems', () => state);
  server.on('PUT', '/numbering/allocated/3/ems', (req) => {
    state = { ...state, ...(req.body as object), updatePending: true, errorCode: null, errorText: '' };
    return { success: true, message: TELEPHONE_NUMBER_MESSAGES.emsSubmitted, id: 3 };
  });
  const decide = () => {
    state = { ...state, updatePending: false, ...answer };
  };
  return { server, decide };
}

/**
 * The registry answers and the panel says so: the update's follower (polling the number until then,
 * wherever the person is) stops, and asks nothing of the next test's server.
 */
async function answered(decide: () => void) {
  decide();
  expect(await screen.findByText(TELEPHONE_NUMBER_MESSAGES.emsUpdated, {}, { timeout: 8000 })).toBeTruthy();
}

async function submitUpdate() {
  // The tab lives on a page; the person may leave it before the registry answers.
  const view = renderPanel(
    <Routes>
      <Route path="/number" element={<EmergencyTab number={{ id: 3 }} />} />
      <Route path="/elsewhere" element={<p>Elsewhere</p>} />
    </Routes>,
    { url: '/number' },
  );
  await view.user.click(await screen.findByRole('button', { name: 'Edit Address' }));
  const dialog = await screen.findByRole('dialog');
  const postcode = within(dialog).getByRole('textbox', { name: /Postcode/ });
  await view.user.clear(postcode);
  await view.user.type(postcode, 'ZZ1 1AF');
  await view.user.click(within(dialog).getByRole('button', { name: 'Update' }));
  return view;
}

describe('the emergency address update', () => {
  it('says it is pending, not done, and a later rejection raises a notification wherever the person is', async () => {
    const { decide } = registry({ errorCode: 2, errorText: 'ERROR: Record rejected: malformed submission' });
    const { router } = await submitUpdate();
    expect(await screen.findByText(TELEPHONE_NUMBER_MESSAGES.emsSubmitted)).toBeTruthy();
    expect(screen.queryByText(TELEPHONE_NUMBER_MESSAGES.emsUpdated)).toBeNull();
    expect((await screen.findAllByText(TELEPHONE_NUMBER_MESSAGES.emsPending)).length).toBeGreaterThan(0);
    await router.navigate('/elsewhere');
    await screen.findByText('Elsewhere');
    decide();
    const notice = await screen.findByTestId('ems-rejected', {}, { timeout: 8000 });
    expect(notice.textContent).toBe(
      `01214960003: ${TELEPHONE_NUMBER_MESSAGES.emsUpdateFailed}ERROR: Record rejected: malformed submission`,
    );
    expect(screen.queryByText(TELEPHONE_NUMBER_MESSAGES.emsUpdated)).toBeNull();
  });

  it('says the address was updated once the registry confirms it', async () => {
    const { decide } = registry({ errorCode: 0 });
    await submitUpdate();
    expect(await screen.findByText(TELEPHONE_NUMBER_MESSAGES.emsSubmitted)).toBeTruthy();
    await answered(decide);
    expect(screen.queryByTestId('ems-rejected')).toBeNull();
  });

  it('is based on the number as the tab loaded it (If-Match: its version)', async () => {
    const { server, decide } = registry({ errorCode: 0 });
    await submitUpdate();
    expect(await screen.findByText(TELEPHONE_NUMBER_MESSAGES.emsSubmitted)).toBeTruthy();
    expect(server.sent('PUT', '/numbering/allocated/3/ems').map((r) => r.ifMatch)).toEqual(['"5"']);
    await answered(decide);
  });
});

describe('the emergency address dialog', () => {
  async function openEdit() {
    const view = renderPanel(<EmergencyTab number={{ id: 3 }} />, { url: '/number' });
    await view.user.click(await screen.findByRole('button', { name: 'Edit Address' }));
    return { ...view, dialog: await screen.findByRole('dialog') };
  }

  it('shows the multiple-errors banner when several fields are refused, and sends nothing', async () => {
    const { server } = registry({ errorCode: 0 });
    const { user, dialog } = await openEdit();
    for (const name of [/Last Name/, /Premises/, /Postcode/]) {
      await user.clear(within(dialog).getByRole('textbox', { name }));
    }
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MESSAGES.multipleErrors);
    expect(server.sent('PUT', '/numbering/allocated/3/ems')).toEqual([]);
  });

  it('sends a postcode typed without its space in its normal form', async () => {
    const { server, decide } = registry({ errorCode: 0 });
    const { user, dialog } = await openEdit();
    const postcode = within(dialog).getByRole('textbox', { name: /Postcode/ });
    await user.clear(postcode);
    await user.type(postcode, 'b12jr');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(TELEPHONE_NUMBER_MESSAGES.emsSubmitted)).toBeTruthy();
    expect(server.sent('PUT', '/numbering/allocated/3/ems').map((r) => (r.body as EmsRecord).postcode)).toEqual([
      'B1 2JR',
    ]);
    await answered(decide);
  });
});
