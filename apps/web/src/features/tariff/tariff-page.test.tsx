import { MESSAGES, TARIFF_MESSAGES, type TariffLookupRecord, type TariffRateRecord } from '@switchboard/domain';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, reply } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import TariffPage from './tariff-page.tsx';

afterEach(cleanup);

const mobile: TariffLookupRecord = {
  destination: 'UK Mobile',
  prefix: '447',
  category: 'mobile',
  access: '0.00',
  onPeak: '2.50',
  onPeakConnection: '0.00',
  offPeak: '2.50',
  weekendOnPeak: '2.50',
  weekendOffPeak: '150.00',
  minimum: '0.00',
  example: { start: '2026-11-24T10:00:00.000Z', seconds: 180, band: 'onPeak', costPence: 8 },
};

const documents = {
  records: [
    { id: 1, title: 'Call tariff (CSV)', filename: 'call-tariff.csv' },
    { id: 2, title: 'Call tariff (PDF)', filename: 'call-tariff.pdf' },
  ],
};

function server() {
  const s = fakeServer();
  s.on('GET', /^\/documents\/tariff$/, () => documents);
  s.on('GET', /^\/billing\/callcost\/07700900123$/, () => mobile);
  s.on('GET', /^\/billing\/callcost\/00999123456$/, () =>
    reply(404, { success: false, message: TARIFF_MESSAGES.noRate }),
  );
  return s;
}

describe('/tariff', { timeout: 45_000 }, () => {
  it('refuses a number that is not a caller ID with the spec’s message, asking nothing', async () => {
    const s = server();
    const { user } = renderPanel(<TariffPage />, { url: '/tariff', can: (r) => r === 'retail' });
    await user.type(screen.getByRole('textbox', { name: 'Telephone Number' }), '+447700900123');
    await user.click(screen.getByRole('button', { name: 'Look Up' }));
    expect(await screen.findByText(MESSAGES.telephone)).toBeTruthy();
    expect(s.sent('GET', '/billing/callcost')).toHaveLength(0);
  });

  it('looks up a call cost and shows the rates in pence and pounds, and a call priced now', async () => {
    server();
    const { user } = renderPanel(<TariffPage />, { url: '/tariff', can: (r) => r === 'retail' });
    await user.type(screen.getByRole('textbox', { name: 'Telephone Number' }), '07700900123');
    await user.click(screen.getByRole('button', { name: 'Look Up' }));
    const table = await screen.findByRole('table', { name: 'Rates for UK Mobile' });
    expect(within(table).getByText('On-peak (per min)')).toBeTruthy();
    expect(within(table).getAllByText('2.50p')).toHaveLength(3);
    expect(within(table).getByText('£1.50')).toBeTruthy();
    expect(screen.getByText(/A 3-minute call now \(On-peak\) costs £0.08 ex/)).toBeTruthy();
  });

  it('shows the server’s refusal for a number without a rate', async () => {
    server();
    const { user } = renderPanel(<TariffPage />, { url: '/tariff', can: (r) => r === 'retail' });
    await user.type(screen.getByRole('textbox', { name: 'Telephone Number' }), '00999123456');
    await user.click(screen.getByRole('button', { name: 'Look Up' }));
    expect(await screen.findByText(TARIFF_MESSAGES.noRate)).toBeTruthy();
  });

  it('lists the documents: the PDF opens in the viewer, the CSV downloads; no rate deck for customers', async () => {
    server();
    renderPanel(<TariffPage />, { url: '/tariff', can: (r) => r === 'retail' });
    expect(await screen.findByText('Call tariff (PDF)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View' }).getAttribute('href')).toBe('/tariff/call-tariff.pdf/2');
    expect(screen.getAllByRole('button', { name: 'Download' })).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: 'Rate Deck' })).toBeNull();
  });

  it('lets a provider admin edit a rate with its version, refusing a bad rate in the browser', async () => {
    const s = server();
    const rate: TariffRateRecord = { ...mobile, id: 7, version: 3, sms: '4.00' };
    s.on('GET', /^\/tariff\/rates/, () => ({ records: [rate], totalRecords: 1, lastPage: true }));
    s.on('PUT', /^\/tariff\/rates\/7$/, () => ({ success: true, message: TARIFF_MESSAGES.updated }));
    const { user } = renderPanel(<TariffPage />, { url: '/tariff' });
    await user.click(await screen.findByRole('button', { name: 'Edit UK Mobile (447)' }));
    const dialog = await screen.findByRole('dialog');
    const onPeak = within(dialog).getByRole('textbox', { name: 'On-peak (per min)' });
    await user.clear(onPeak);
    await user.type(onPeak, '2.555');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(TARIFF_MESSAGES.rate)).toBeTruthy();
    expect(s.sent('PUT', '/tariff/rates')).toHaveLength(0);
    await user.clear(onPeak);
    await user.type(onPeak, '2.75');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(TARIFF_MESSAGES.updated)).toBeTruthy();
    const [put] = s.sent('PUT', '/tariff/rates/7');
    expect(put?.body).toMatchObject({ onPeak: '2.75', version: 3 });
    expect(put?.ifMatch).toBe('"3"');
  });

  it('lets a provider admin edit the SMS rate beside the call rates: checked, saved with its version, stale refused', async () => {
    const s = server();
    const rate: TariffRateRecord = { ...mobile, id: 7, version: 3, sms: '4.00' };
    s.on('GET', /^\/tariff\/rates/, () => ({ records: [rate], totalRecords: 1, lastPage: true }));
    let puts = 0;
    s.on('PUT', /^\/tariff\/rates\/7$/, () =>
      ++puts === 1
        ? { success: true, message: TARIFF_MESSAGES.updated }
        : reply(409, { success: false, message: MESSAGES.staleVersion }),
    );
    const { user } = renderPanel(<TariffPage />, { url: '/tariff' });
    const deck = await screen.findByRole('table', { name: 'Rate deck' });
    expect(await within(deck).findByText('4.00p')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Edit UK Mobile (447)' }));
    const dialog = await screen.findByRole('dialog');
    const sms = within(dialog).getByRole('textbox', { name: 'SMS (per message part)' });
    expect((sms as HTMLInputElement).value).toBe('4.00');
    await user.clear(sms);
    await user.type(sms, '4.555');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(TARIFF_MESSAGES.smsRate)).toBeTruthy();
    expect(s.sent('PUT', '/tariff/rates')).toHaveLength(0);
    await user.clear(sms);
    await user.type(sms, '5.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(TARIFF_MESSAGES.updated)).toBeTruthy();
    expect(s.sent('PUT', '/tariff/rates/7')[0]?.body).toMatchObject({ sms: '5.5', onPeak: '2.50', version: 3 });
    // Saved again from the same (now stale) version: the server's refusal, shown in the dialog.
    await user.click(await screen.findByRole('button', { name: 'Edit UK Mobile (447)' }));
    const again = await screen.findByRole('dialog');
    await user.clear(within(again).getByRole('textbox', { name: 'SMS (per message part)' }));
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    expect(await within(again).findByText(MESSAGES.staleVersion)).toBeTruthy();
    expect(s.sent('PUT', '/tariff/rates/7')[1]?.body).toMatchObject({ sms: '', version: 3 });
  });
});
