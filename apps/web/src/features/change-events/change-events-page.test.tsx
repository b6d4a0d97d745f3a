/**
 * The Change Events page: each consumer with its position, lag and last error, the dead events with
 * their errors; Retry and Retry all ask first, then put them back for delivery and say so.
 */
import type { ChangeConsumerRecord, DeadEventRecord } from '@switchboard/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import ChangeEventsPage, { age } from './change-events-page.tsx';

const consumer = (fields: Partial<ChangeConsumerRecord>): ChangeConsumerRecord => ({
  name: 'audit',
  position: 120,
  lagEvents: 0,
  lagSeconds: 0,
  delivered: 118,
  attempts: 0,
  retryAt: null,
  lastError: null,
  dead: 0,
  ...fields,
});

const deadEvent = (eventId: number, fields: Partial<DeadEventRecord> = {}) => ({
  id: eventId,
  consumer: 'registrar-cache',
  eventId,
  attempts: 5,
  error: 'registrar unreachable',
  parkedAt: '2026-11-28T10:00:00Z',
  requeuedAt: null,
  at: '2026-11-28T09:59:00Z',
  accountNo: 30000,
  area: 'seats',
  kind: 'update',
  recordId: 7,
  label: '201 - Reception',
  ...fields,
});

function serve() {
  const server = fakeServer({ '/change-consumers/dead': [deadEvent(41), deadEvent(42, { label: '202 - Sales' })] });
  server.on('GET', '/change-consumers', () => ({
    consumers: [
      consumer({}),
      consumer({
        name: 'registrar-cache',
        position: 90,
        lagEvents: 30,
        lagSeconds: 125,
        attempts: 2,
        retryAt: '2026-11-28T10:05:00Z',
        lastError: 'registrar timed out',
        dead: 2,
      }),
    ],
  }));
  server.on('POST', /^\/change-consumers\/registrar-cache\/dead\/(\d+)\/retry$/, (_req, m) => ({
    success: true,
    message: `Event ${m[1]} put back for delivery to registrar-cache`,
  }));
  server.on('POST', '/change-consumers/registrar-cache/retry', () => ({
    success: true,
    message: '2 dead events put back for delivery to registrar-cache',
  }));
  return server;
}

describe('/change-events', { timeout: 45_000 }, () => {
  it('shows each consumer with its position, lag and last error, and the dead events with their errors', async () => {
    serve();
    renderPanel(<ChangeEventsPage />, { url: '/change-events' });
    const cache = await screen.findByRole('region', { name: 'Consumer registrar-cache' });
    expect(within(cache).getByText('Event 90')).toBeTruthy();
    expect(within(cache).getByText('30 events behind, the oldest waiting 2 min')).toBeTruthy();
    expect(within(cache).getByText('registrar timed out')).toBeTruthy();
    expect(within(cache).getByText('2 dead')).toBeTruthy();
    const audit = screen.getByRole('region', { name: 'Consumer audit' });
    expect(within(audit).getByText('Up to date')).toBeTruthy();
    expect(within(audit).getByRole('button', { name: 'Retry all dead events of audit' })).toHaveProperty(
      'disabled',
      true,
    );
    const table = await screen.findByRole('table');
    const row = within(table).getByText('Seats · update — 201 - Reception').closest('tr');
    if (!row) throw new Error('no row for event 41');
    // In its own column, and under the event on a phone.
    expect(within(row).getAllByText('registrar unreachable')).toHaveLength(2);
    expect(within(row).getByText('Event 41, account 30000, 28/11/2026, 09:59:00')).toBeTruthy();
  });

  it('asks before Retry and Retry all, then puts the events back and says so', async () => {
    const server = serve();
    const { user } = renderPanel(<ChangeEventsPage />, { url: '/change-events' });
    await user.click(await screen.findByRole('button', { name: 'Retry event 41 of registrar-cache' }));
    const ask = await screen.findByRole('dialog', { name: 'Retry event 41' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(server.sent('POST', '/change-consumers/registrar-cache/dead/')).toEqual([]);
    await user.click(await screen.findByRole('button', { name: 'Retry event 41 of registrar-cache' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Retry event 41' })).getByRole('button', { name: 'Retry' }),
    );
    expect(await screen.findByText('Event 41 put back for delivery to registrar-cache')).toBeTruthy();
    expect(server.sent('POST', '/change-consumers/registrar-cache/dead/41/retry')).toHaveLength(1);

    await user.click(await screen.findByRole('button', { name: 'Retry all dead events of registrar-cache' }));
    const all = await screen.findByRole('dialog', { name: 'Retry all of registrar-cache' });
    expect(all.textContent).toContain('The 2 events registrar-cache gave up on go back for delivery');
    await user.click(within(all).getByRole('button', { name: 'Retry all' }));
    expect(await screen.findByText('2 dead events put back for delivery to registrar-cache')).toBeTruthy();
    expect(server.sent('POST', '/change-consumers/registrar-cache/retry')).toHaveLength(1);
  });

  it('says an age as people read it', () => {
    expect([age(42), age(300), age(7200), age(200_000)]).toEqual(['42 s', '5 min', '2 h', '2 d']);
  });
});
