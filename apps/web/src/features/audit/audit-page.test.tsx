import type { AuditRecord } from '@switchboard/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import AuditPage from './audit-page.tsx';

const entry = (id: number, fields: Partial<AuditRecord>): AuditRecord => ({
  id,
  at: '2026-11-28T10:00:00Z',
  user: 'Alice Morgan (retail)',
  actingAs: '',
  area: 'seats',
  action: 'update',
  recordId: id,
  record: '',
  changes: {},
  labels: {},
  ip: '127.0.0.1',
  ...fields,
});

const closedDay = { enabled: false, start: '09:00', end: '17:30' };
const openDay = { enabled: true, start: '09:00', end: '17:30' };
const week = (saturday: object) => ({
  monday: openDay,
  tuesday: openDay,
  wednesday: openDay,
  thursday: openDay,
  friday: openDay,
  saturday,
  sunday: closedDay,
});

const rows: AuditRecord[] = [
  entry(1, {
    area: 'bundles',
    action: 'create',
    record: 'UK Minutes 1000',
    changes: { enabled: { from: null, to: true } },
  }),
  entry(2, { area: 'direct-debit', action: 'update', record: 'Mandate 41011166' }),
  entry(3, {
    area: 'ivrs',
    record: 'Main menu',
    changes: { optionTimeout: { from: 'seat:201', to: 'timeprofile:300' }, version: { from: 1, to: 2 } },
    labels: { 'timeprofile:300': '300 - Office hours' },
  }),
  entry(4, {
    area: 'time-profiles',
    record: 'Office hours',
    changes: { days: { from: week(closedDay), to: week({ enabled: true, start: '09:00', end: '12:30' }) } },
  }),
  entry(5, {
    area: 'call-groups',
    record: 'Sales team',
    changes: {
      days: {
        from: {
          monday: true,
          tuesday: true,
          wednesday: false,
          thursday: false,
          friday: false,
          saturday: false,
          sunday: false,
        },
        to: {
          monday: true,
          tuesday: true,
          wednesday: true,
          thursday: false,
          friday: false,
          saturday: false,
          sunday: false,
        },
      },
      ringAll: { from: true, to: false },
    },
  }),
  entry(6, { area: 'users', action: 'create', record: 'Nadia Audit (nadia.audit)' }),
];

describe('/audit', { timeout: 45_000 }, () => {
  it('names each area as the sidebar does and shows values as the panel does, never JSON or raw values', async () => {
    fakeServer({ '/audit': rows });
    renderPanel(<AuditPage />, { url: '/audit' });
    const table = await screen.findByRole('table');
    await within(table).findByText('UK Minutes 1000');
    const row = (id: number) => {
      const cells = within(table).getAllByRole('row')[id];
      if (!cells) throw new Error(`no row ${id}`);
      return within(cells);
    };
    // One name per area, the sidebar's.
    expect(row(1).getByText('Bundles')).toBeTruthy();
    expect(row(2).getByText('Direct Debit')).toBeTruthy();
    expect(row(3).getByText('IVRs')).toBeTruthy();
    expect(row(6).getByText('User Manager')).toBeTruthy();
    // Yes / No, destinations by their names, days by their names; the row version left out.
    const changes = (id: number) =>
      row(id)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    // Each field by a name people read, never its key ('ringAll').
    expect(changes(1)).toEqual(['Enabled: Yes']);
    expect(changes(3)).toEqual(['Option timeout: Seat 201 → 300 - Office hours']);
    expect(changes(4)).toEqual(['Days: Saturday: Closed → 09:00–12:30']);
    expect(changes(5)).toEqual(['Days: Monday, Tuesday → Monday, Tuesday, Wednesday', 'Ring all: Yes → No']);
    expect(row(6).getByText('Nadia Audit (nadia.audit)')).toBeTruthy();
    expect(table.textContent).not.toMatch(/[{}[\]]|timeprofile:|true|false|direct-debit|optionTimeout|ringAll/);
  });

  it('offers each area once in the Area filter, by its name', async () => {
    fakeServer({ '/audit': rows });
    const { user } = renderPanel(<AuditPage />, { url: '/audit' });
    await screen.findByText('UK Minutes 1000');
    await user.click(screen.getByLabelText('Area'));
    const names = screen.getAllByRole('option').map((o) => o.textContent);
    expect(names).toContain('Direct Debit');
    expect(names).toContain('User Manager');
    expect(names).not.toContain('direct-debit');
    expect(new Set(names).size).toBe(names.length);
  });
});
