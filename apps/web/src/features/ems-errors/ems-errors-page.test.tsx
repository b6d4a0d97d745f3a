import { MESSAGES } from '@switchboard/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import EmsErrorsPage from './ems-errors-page.tsx';

const PATH = '/numbering/allocated/ems/errors';

describe('/ems-errors', () => {
  it('shows no warning with zero errors', async () => {
    fakeServer({ [PATH]: [] });
    renderPanel(<EmsErrorsPage />);
    expect(await screen.findByText(MESSAGES.noRecords)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns while numbers have failed', async () => {
    fakeServer({
      [PATH]: [{ id: 3, telephoneNumber: '01214960003', nickname: '', errorCode: 39, errorMessage: 'x', error: 'x' }],
    });
    renderPanel(<EmsErrorsPage />);
    expect(await screen.findByText('01214960003')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('could not confirm the address');
  });
});
