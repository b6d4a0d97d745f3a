import { TARIFF_MESSAGES } from '@switchboard/domain';
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, reply } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import TariffDocumentPage from './tariff-document-page.tsx';

afterEach(cleanup);

/** The page under its route, so that it reads the document's name and id from the path. */
const page = (
  <Routes>
    <Route path="/tariff/:name/:id" element={<TariffDocumentPage />} />
  </Routes>
);

const documents = { records: [{ id: 1, title: 'Call tariff (CSV)', filename: 'call-tariff.csv' }] };

describe('/tariff/{name}/{id}', { timeout: 45_000 }, () => {
  it('asks POST /documents/tariff/{name}/{id} and names the document', async () => {
    const s = fakeServer();
    s.on('GET', /^\/documents\/tariff$/, () => documents);
    s.on('POST', /^\/documents\/tariff\/call-tariff\.csv\/1$/, () => 'destination,prefix');
    renderPanel(page, { url: '/tariff/call-tariff.csv/1' });
    expect(await screen.findByRole('heading', { name: 'Call tariff (CSV)' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Download' })).toBeTruthy();
    expect(s.sent('POST', '/documents/tariff/call-tariff.csv/1')).toHaveLength(1);
  });

  it('shows the server’s message for a document that does not exist', async () => {
    const s = fakeServer();
    s.on('GET', /^\/documents\/tariff$/, () => documents);
    s.on('POST', /^\/documents\/tariff\//, () =>
      reply(404, { success: false, message: TARIFF_MESSAGES.documentNotFound }),
    );
    renderPanel(page, { url: '/tariff/other.pdf/9' });
    expect(await screen.findByText(TARIFF_MESSAGES.documentNotFound)).toBeTruthy();
  });
});
