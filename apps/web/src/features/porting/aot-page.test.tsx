import { AOT_MESSAGES, type AotRecord } from '@switchboard/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, reply } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import AotPage from './aot-page.tsx';

const KEY = 'k'.repeat(43);
const open: AotRecord = {
  number: '01214960001',
  datePorting: '2026-12-24',
  status: 'AOT Required',
  aotDateResponse: null,
  dateRejected: null,
  dateCancelled: null,
  aotResponse: null,
  accountNo: 30000,
  wholesale: false,
  state: 'open',
};

describe('/AOT', { timeout: 30_000 }, () => {
  it('preselects the link’s response, refuses a short reason with the exact text, then sends the answer', async () => {
    const server = fakeServer();
    let record = open;
    server.on('POST', '/numbering/porting/transfer', () => record);
    server.on('POST', '/numbering/porting/transfer/response', () => {
      record = {
        ...open,
        aotResponse: 'reject',
        aotDateResponse: '2026-11-29',
        dateRejected: '2026-11-29',
        state: 'rejected',
      };
      return { success: true, message: AOT_MESSAGES.rejectedByHolder };
    });
    const { user } = renderPanel(<AotPage />, { url: `/AOT?key=${KEY}&response=reject` });
    expect(await screen.findByText('01214960001')).toBeTruthy();
    expect(screen.getByText('24/12/2026')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Reject the transfer' })).toHaveProperty('checked', true);
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Too short');
    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Alice Morgan');
    await user.type(screen.getByRole('textbox', { name: 'Company name' }), 'Acme Plumbing Ltd');
    await user.click(screen.getByRole('button', { name: 'Send Response' }));
    expect(await screen.findAllByText(AOT_MESSAGES.reasonShort)).not.toHaveLength(0);
    expect(server.requests.some((r) => r.path === '/numbering/porting/transfer/response')).toBe(false);
    // No reseller declaration asked of a retail account.
    expect(screen.queryByRole('checkbox')).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Reason' }), ' - I did not ask');
    await user.click(screen.getByRole('button', { name: 'Send Response' }));
    expect(await screen.findByText(AOT_MESSAGES.rejected('29/11/2026'))).toBeTruthy();
    expect(server.requests.find((r) => r.path === '/numbering/porting/transfer/response')?.body).toEqual({
      key: KEY,
      response: 'reject',
      reason: 'Too short - I did not ask',
      name: 'Alice Morgan',
      companyName: 'Acme Plumbing Ltd',
      resellerExport: false,
    });
  });

  it("asks a wholesale account for the reseller's declaration", async () => {
    const server = fakeServer();
    server.on('POST', '/numbering/porting/transfer', () => ({ ...open, wholesale: true }));
    const { user } = renderPanel(<AotPage />, { url: `/AOT?key=${KEY}&response=accept` });
    await user.type(await screen.findByRole('textbox', { name: 'Reason' }), 'Moving to a new provider');
    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Rachel Reid');
    await user.type(screen.getByRole('textbox', { name: 'Company name' }), 'Northern Voice');
    await user.click(screen.getByRole('button', { name: 'Send Response' }));
    expect(await screen.findByText(AOT_MESSAGES.resellerRequired)).toBeTruthy();
    expect(server.requests.some((r) => r.path === '/numbering/porting/transfer/response')).toBe(false);
  });

  it.each([
    [{ status: 'AOT Not Required' as const, state: 'notRequired' as const }, AOT_MESSAGES.notRequired],
    [{ dateCancelled: '2026-11-20', state: 'cancelled' as const }, AOT_MESSAGES.cancelled('20/11/2026')],
    [
      { aotResponse: 'accept' as const, aotDateResponse: '2026-11-21', state: 'responded' as const },
      AOT_MESSAGES.responded('21/11/2026'),
    ],
  ])('shows why it takes no answer (%o)', async (change, text) => {
    const server = fakeServer();
    server.on('POST', '/numbering/porting/transfer', () => ({ ...open, ...change }));
    renderPanel(<AotPage />, { url: `/AOT?key=${KEY}` });
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send Response' })).toBeNull();
  });

  it('says a wrong or expired link is not valid, and a throttled one to wait', async () => {
    const server = fakeServer();
    server.on('POST', '/numbering/porting/transfer', () =>
      reply(404, { success: false, message: AOT_MESSAGES.linkInvalid }),
    );
    renderPanel(<AotPage />, { url: `/AOT?key=${KEY}` });
    expect(await screen.findByText(AOT_MESSAGES.linkInvalid)).toBeTruthy();
    server.on('POST', '/numbering/porting/transfer', () =>
      reply(429, { success: false, message: AOT_MESSAGES.throttled }),
    );
    renderPanel(<AotPage />, { url: `/AOT?key=${'z'.repeat(43)}` });
    expect(await screen.findByText(AOT_MESSAGES.throttled)).toBeTruthy();
  });
});
