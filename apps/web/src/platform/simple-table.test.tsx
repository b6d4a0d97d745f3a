import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SimpleTable } from './simple-table.tsx';

describe('SimpleTable', () => {
  it('shows every row under its headers, under the table’s name', () => {
    render(
      <SimpleTable
        label="Devices"
        rows={[
          { id: 1, name: 'T54W', mac: 'aa' },
          { id: 2, name: 'T46U', mac: 'bb' },
        ]}
        columns={[
          { header: 'Device', cell: (d) => d.name },
          { header: 'MAC Address', cell: (d) => <code>{d.mac}</code>, align: 'right' },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Devices' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Device', 'MAC Address']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['T54W', 'aa'],
      ['T46U', 'bb'],
    ]);
  });
});
