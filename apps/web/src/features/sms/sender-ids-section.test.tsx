import { SMS_MESSAGES } from '@switchboard/domain';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, reply } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import { SenderIdsSection } from './sender-ids-section.tsx';

afterEach(cleanup);

describe("a provider admin's sender IDs of an account", { timeout: 45_000 }, () => {
  it('loads them, refuses one off the rule in the browser, saves the list whole, shows a server refusal', async () => {
    const s = fakeServer();
    s.on('GET', /^\/sms\/sender-ids\/30001$/, () => ({ senderIds: ['Deals'] }));
    let saves = 0;
    s.on('PUT', /^\/sms\/sender-ids\/30001$/, () =>
      ++saves === 1
        ? { success: true, message: SMS_MESSAGES.senderIdsSaved }
        : reply(400, {
            success: false,
            message: 'Validation failed',
            validation: { 'senderIds.0': SMS_MESSAGES.senderId },
          }),
    );
    const { user } = renderPanel(<SenderIdsSection />, { url: '/sms' });
    await user.type(screen.getByRole('textbox', { name: 'Account number' }), '30001');
    await user.click(screen.getByRole('button', { name: 'Load' }));
    const ids = await screen.findByRole('textbox', { name: 'Sender IDs of account 30001' });
    expect((ids as HTMLTextAreaElement).value).toBe('Deals');
    await user.type(ids, '\n12345');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SMS_MESSAGES.senderId)).toBeTruthy();
    expect(s.sent('PUT', '/sms/sender-ids')).toHaveLength(0);
    await user.clear(ids);
    await user.type(ids, 'Deals, Prepay Co');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SMS_MESSAGES.senderIdsSaved)).toBeTruthy();
    expect(s.sent('PUT', '/sms/sender-ids/30001')[0]?.body).toEqual({ senderIds: ['Deals', 'Prepay Co'] });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SMS_MESSAGES.senderId)).toBeTruthy();
  });
});
