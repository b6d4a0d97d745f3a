import { MESSAGES } from '@switchboard/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, reply } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import { makeWidgets, widgetInput, widgets, widgetValues } from '../../test/widgets.ts';
import { PagedTable } from './paged-table.tsx';
import { isChanged } from './row-changes.ts';

function WidgetTable() {
  return (
    <PagedTable
      source={widgets.list}
      resource="seats"
      label={(w) => w.name}
      columns={[
        { field: 'name', header: 'Name' },
        { field: 'colour', header: 'Colour' },
        { field: 'size', header: 'Size' },
        { field: 'active', header: 'Active', render: (w) => (w.active ? 'Yes' : 'No') },
      ]}
      bulkEdit={{
        title: 'Edit Widgets',
        schema: widgetInput.pick({ colour: true, size: true, active: true }),
        fields: [
          {
            kind: 'select',
            name: 'colour',
            label: 'Colour',
            options: [
              { value: 'red', label: 'Red' },
              { value: 'green', label: 'Green' },
              { value: 'blue', label: 'Blue' },
            ],
          },
          { kind: 'text', name: 'size', label: 'Size', type: 'number' },
          { kind: 'switch', name: 'active', label: 'Active' },
        ],
        current: widgetValues,
        patch: widgets.patch,
      }}
    />
  );
}

async function openEdit(names: string[]) {
  const view = renderPanel(<WidgetTable />);
  await screen.findByText('Widget 01');
  for (const name of names) await view.user.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
  await view.user.click(screen.getByRole('button', { name: `Edit (${names.length})` }));
  return { ...view, dialog: await screen.findByRole('dialog') };
}

describe('bulk edit', () => {
  it("starts every field as 'Leave unchanged' (a text left empty)", async () => {
    fakeServer({ '/widget': makeWidgets(3) });
    const { dialog } = await openEdit(['Widget 01', 'Widget 02']);
    expect(within(dialog).getByRole('combobox', { name: 'Colour' }).textContent).toBe('Leave unchanged');
    expect(within(dialog).getByRole('combobox', { name: 'Active' }).textContent).toBe('Leave unchanged');
    expect((within(dialog).getByRole('spinbutton', { name: 'Size' }) as HTMLInputElement).value).toBe('');
    expect(within(dialog).getByText('Leave empty to keep each record’s value')).toBeTruthy();
  });

  it('sends only the field that was set, as a PATCH of each row it changes, based on the row’s version', async () => {
    const server = fakeServer({ '/widget': makeWidgets(3) });
    const { user, dialog } = await openEdit(['Widget 01', 'Widget 02']);
    // Widget 01 is active, Widget 02 is not: setting Active to Off changes Widget 01 only.
    await user.click(within(dialog).getByRole('combobox', { name: 'Active' }));
    await user.click(await screen.findByRole('option', { name: 'Off' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Widget 01 edited successfully')).toBeTruthy();
    expect(within(dialog).getByText('edited successfully')).toBeTruthy();
    expect(server.sent('PUT', '/widget')).toEqual([]);
    expect(server.sent('PATCH', '/widget')).toEqual([
      { method: 'PATCH', path: '/widget/1', body: { active: false }, ifMatch: '"1"' },
    ]);
  });

  it('applies several set fields to every selected row, leaving the others as they are', async () => {
    const server = fakeServer({ '/widget': makeWidgets(3) });
    const { user, dialog } = await openEdit(['Widget 02', 'Widget 03']);
    await user.click(within(dialog).getByRole('combobox', { name: 'Colour' }));
    await user.click(await screen.findByRole('option', { name: 'Blue' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Size' }), '7');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Widget 03 edited successfully')).toBeTruthy();
    expect(server.sent('PATCH', '/widget').map((r) => [r.path, r.body])).toEqual([
      ['/widget/2', { colour: 'blue', size: 7 }],
      ['/widget/3', { colour: 'blue', size: 7 }],
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getAllByRole('row')[2]?.textContent).toContain('blue7'));
  });

  it('never reverts a field changed meanwhile: a row saved elsewhere since the list loaded is refused and reported', async () => {
    const rows = makeWidgets(3);
    const server = fakeServer({ '/widget': rows });
    const { user, dialog } = await openEdit(['Widget 01', 'Widget 02']);
    // Someone else renames Widget 02 after this list was loaded.
    Object.assign(rows[1] ?? {}, { name: 'Renamed elsewhere', version: 2 });
    await user.click(within(dialog).getByRole('combobox', { name: 'Colour' }));
    await user.click(await screen.findByRole('option', { name: 'Blue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('1 error(s) occurred')).toBeTruthy();
    expect(within(dialog).getByText('Widget 01 edited successfully')).toBeTruthy();
    expect(within(dialog).getByText(MESSAGES.rowEditRefused(`Widget 02: ${MESSAGES.staleVersion}`))).toBeTruthy();
    expect(server.sent('PATCH', '/widget').map((r) => [r.path, r.ifMatch])).toEqual([
      ['/widget/1', '"1"'],
      ['/widget/2', '"1"'],
    ]);
    expect(rows[1]).toMatchObject({ name: 'Renamed elsewhere', colour: 'green', version: 2 });
    expect(rows[0]).toMatchObject({ name: 'Widget 01', colour: 'blue', version: 2 });
  });

  it('says so when nothing would change, and sends nothing', async () => {
    const server = fakeServer({ '/widget': makeWidgets(3) });
    const { user, dialog } = await openEdit(['Widget 01']);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Nothing to change')).toBeTruthy();
    expect(server.sent('PATCH', '/widget')).toEqual([]);
  });

  it('checks a set field with the area schema and shows its message under it', async () => {
    const server = fakeServer({ '/widget': makeWidgets(3) });
    const { user, dialog } = await openEdit(['Widget 01']);
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Size' }), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('At most 10')).toBeTruthy();
    expect(server.sent('PATCH', '/widget')).toEqual([]);
  });

  it("reports a row the server refuses with the spec's text", async () => {
    const server = fakeServer({ '/widget': makeWidgets(3) });
    server.on('PATCH', '/widget/2', () => reply(400, { success: false, message: 'Colour not allowed' }));
    const { user, dialog } = await openEdit(['Widget 01', 'Widget 02']);
    await user.click(within(dialog).getByRole('combobox', { name: 'Colour' }));
    await user.click(await screen.findByRole('option', { name: 'Blue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('1 error(s) occurred')).toBeTruthy();
    expect(
      within(dialog).getByText('One or more entries in the table could not be updated: Widget 02: Colour not allowed'),
    ).toBeTruthy();
  });
});

describe('row changes', () => {
  it('counts a row as changed when any field differs from the loaded copy', () => {
    const row = { id: 1, name: 'a', days: { mon: true } };
    expect(isChanged(row, { ...row })).toBe(false);
    expect(isChanged(row, { ...row, days: { mon: true } })).toBe(false);
    expect(isChanged(row, { ...row, days: { mon: false } })).toBe(true);
    expect(isChanged(row, { ...row, name: 'b' })).toBe(true);
  });
});
