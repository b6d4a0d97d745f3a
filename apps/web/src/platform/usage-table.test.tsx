import { MESSAGES } from '@switchboard/domain';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UsageTable } from './usage-table.tsx';

const table = (props: Partial<Parameters<typeof UsageTable>[0]>) =>
  render(<UsageTable label="Usage" kindHeader="Table" rows={undefined} failed={false} empty="Unused" {...props} />);

describe('UsageTable', () => {
  it('lists the uses, the name as shown where given', () => {
    table({ rows: [{ kind: 'Seat', name: '201', shown: <a href="/seats/1">201 - Reception</a> }] });
    const grid = screen.getByRole('table', { name: 'Usage' });
    expect(within(grid).getByRole('columnheader', { name: 'Table' })).toBeTruthy();
    expect(within(grid).getByText('Seat')).toBeTruthy();
    expect(within(grid).getByRole('link', { name: '201 - Reception' })).toBeTruthy();
  });

  it('says nothing while loading, the empty text when unused, the fetch failure when failed', () => {
    const { rerender } = table({});
    expect(screen.getAllByRole('row')).toHaveLength(1);
    rerender(<UsageTable label="Usage" kindHeader="Table" rows={[]} failed={false} empty="Unused" />);
    expect(screen.getByText('Unused')).toBeTruthy();
    rerender(<UsageTable label="Usage" kindHeader="Table" rows={undefined} failed empty="Unused" />);
    expect(screen.getByText(MESSAGES.fetchFailed)).toBeTruthy();
  });
});
