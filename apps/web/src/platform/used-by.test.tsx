import { MESSAGES } from '@switchboard/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, reply } from '../test/fake-server.ts';
import { renderPanel } from '../test/render.tsx';
import { USED_BY_EMPTY, UsedByPanel } from './used-by.tsx';

describe('UsedByPanel', () => {
  it('lists what routes to the destination, each linking to its page', async () => {
    const server = fakeServer();
    server.on('GET', '/destinations/used-by/callgroup%3A350', () => ({
      records: [
        { type: 'IVR', name: '370 - Main menu', link: '/ivrs/4' },
        { type: 'Telephone Number', name: '01214960001 (Sales)', link: '/telephone-numbers/2' },
      ],
    }));
    renderPanel(<UsedByPanel destination="callgroup:350" />);
    const link = await screen.findByRole('link', { name: '370 - Main menu' });
    expect(link.getAttribute('href')).toBe('/ivrs/4');
    expect(screen.getByRole('link', { name: '01214960001 (Sales)' }).getAttribute('href')).toBe('/telephone-numbers/2');
    expect(screen.getByText('Telephone Number')).toBeTruthy();
  });

  it('lists the uses of each of a record’s destinations together (a seat and its voicemail)', async () => {
    const server = fakeServer();
    server.on('GET', '/destinations/used-by/seat%3A201', () => ({
      records: [{ type: 'Time Profile', name: '300 - Office hours', link: '/time-profiles/1' }],
    }));
    server.on('GET', '/destinations/used-by/voicemail%3A201', () => ({
      records: [{ type: 'Telephone Number', name: '03300880123 (Marketing)', link: '/telephone-numbers/6' }],
    }));
    renderPanel(<UsedByPanel destination={['seat:201', 'voicemail:201']} />);
    expect(await screen.findByRole('link', { name: '300 - Office hours' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '03300880123 (Marketing)' })).toBeTruthy();
  });

  it('says when nothing routes there, and when the lookup fails', async () => {
    const server = fakeServer();
    server.on('GET', '/destinations/used-by/seat%3A201', () => ({ records: [] }));
    server.on('GET', '/destinations/used-by/seat%3A202', () => reply(500, { success: false, message: 'x' }));
    const first = renderPanel(<UsedByPanel destination="seat:201" />);
    expect(await screen.findByText(USED_BY_EMPTY)).toBeTruthy();
    first.unmount();
    renderPanel(<UsedByPanel destination="seat:202" />);
    expect(await screen.findByText(MESSAGES.fetchFailed)).toBeTruthy();
  });
});
