import { MESSAGES, SMS_MESSAGES, type Sms } from '@switchboard/domain';
import { cleanup, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, reply } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import SmsDetailPage from './sms-detail-page.tsx';

afterEach(cleanup);

const text = (changes: Partial<Sms>): Sms => ({
  id: 5,
  smsId: 5,
  status: 1,
  from: '07700900555',
  to: '01214960000',
  message: 'Water coming through the ceiling',
  originator: '07700900555',
  destinations: ['01214960000'],
  fromMobile: false,
  direction: 'in',
  delivery: 'received',
  date: '2026-11-29T10:00:00.000Z',
  costPence: 0,
  failure: '',
  ...changes,
});

const originators = {
  records: [
    { originator: '01214960000', label: '01214960000', fromMobile: false, senderId: false },
    { originator: 'AcmePlumb', label: 'AcmePlumb (sender ID)', fromMobile: false, senderId: true },
  ],
};

function renderText(sms: Sms) {
  const server = fakeServer();
  server.on('GET', /^\/sms\/5$/, () => sms);
  server.on('GET', /^\/sms\/originators$/, () => originators);
  const rendered = renderPanel(
    <Routes>
      <Route path="/sms/:id" element={<SmsDetailPage />} />
    </Routes>,
    { url: '/sms/5' },
  );
  return { server, ...rendered };
}

describe('/sms/{id}', { timeout: 45_000 }, () => {
  it('turns Reply off, saying why, for a text from an alphanumeric sender ID', async () => {
    renderText(text({ from: 'ValveDirect', originator: 'ValveDirect' }));
    const replyButton = await screen.findByRole('button', { name: 'Reply' });
    expect((replyButton as HTMLButtonElement).disabled).toBe(true);
    expect(replyButton.getAttribute('aria-describedby')).toBe('sms-no-reply');
    expect(screen.getByText(SMS_MESSAGES.noReply).id).toBe('sms-no-reply');
    expect((screen.getByRole('button', { name: 'Forward' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('replies to a number', async () => {
    renderText(text({}));
    const replyButton = await screen.findByRole('button', { name: 'Reply' });
    expect((replyButton as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(SMS_MESSAGES.noReply)).toBeNull();
  });

  it("shows the server's refusal of one of several destinations under the To field, naming it", async () => {
    const { server, user } = renderText(text({}));
    server.on('POST', /^\/sms$/, () =>
      reply(400, {
        success: false,
        message: 'Validation failed',
        validation: { 'destinations.1': MESSAGES.telephone },
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Forward' }));
    const dialog = await screen.findByRole('dialog');
    const to = within(dialog).getByRole('textbox', { name: 'To' });
    await user.type(to, '07700900123, 07700900124');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const error = await within(dialog).findByText(`07700900124: ${MESSAGES.telephone}`);
    // The field's own helper text (described by the To box), not an alert above the form.
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(to.getAttribute('aria-describedby')).toBe(error.id);
    expect(within(dialog).queryByTestId('unshown-error')).toBeNull();
    expect(server.sent('POST', '/sms')[0]?.body).toMatchObject({ destinations: ['07700900123', '07700900124'] });
  });

  it('says a failed text was not charged', async () => {
    renderText(
      text({
        direction: 'out',
        from: '01214960000',
        to: '07700900000',
        delivery: 'failed',
        failure: 'Unreachable destination (sandbox)',
        costPence: 4,
      }),
    );
    expect(await screen.findByText('£0.04 — not charged (the text failed)')).toBeTruthy();
  });
});
