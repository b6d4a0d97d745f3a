import { MESSAGES } from '@switchboard/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, reply } from '../../test/fake-server.ts';
import { firstColumn, renderPanel } from '../../test/render.tsx';
import { makeWidgets, widgets } from '../../test/widgets.ts';
import { PagedTable } from './paged-table.tsx';

function WidgetTable() {
  return (
    <PagedTable
      source={widgets.list}
      resource="seats"
      label={(w) => w.name}
      columns={[
        { field: 'name', header: 'Name', sortable: true },
        { field: 'colour', header: 'Colour', sortable: true },
        { field: 'size', header: 'Size', sortable: true },
      ]}
      remove={(w) => widgets.remove(w.id)}
    />
  );
}

describe('PagedTable paging', () => {
  it('shows the first page of 15 and moves to the next and back', async () => {
    const server = fakeServer({ '/widget': makeWidgets(32) });
    const { user, search } = renderPanel(<WidgetTable />);
    expect(await screen.findByText('Widget 01')).toBeTruthy();
    expect(firstColumn()).toHaveLength(15);
    expect(screen.getByText('1–15 of 32')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('Widget 16')).toBeTruthy();
    expect(screen.getByText('16–30 of 32')).toBeTruthy();
    expect(search().get('page')).toBe('2');
    expect(server.lastList('/widget')?.path).toBe('/widget/15/15');
    await user.click(screen.getByRole('button', { name: 'Go to previous page' }));
    expect(await screen.findByText('Widget 01')).toBeTruthy();
    expect(search().get('page')).toBeNull();
  });
});

describe('PagedTable loading', () => {
  it('names its progress bar while the list loads (axe: aria-progressbar-name)', async () => {
    fakeServer({ '/widget': makeWidgets(3) });
    renderPanel(<WidgetTable />);
    expect(screen.getByRole('progressbar', { name: MESSAGES.listLoading })).toBeTruthy();
    expect(await screen.findByText('Widget 01')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });
});

describe('PagedTable page size', () => {
  it('changes the page size, goes back to the first page and remembers the size for the page path', async () => {
    const server = fakeServer({ '/widget': makeWidgets(32) });
    const { user, search } = renderPanel(<WidgetTable />, { url: '/widgets?page=2' });
    expect(await screen.findByText('Widget 16')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    await user.click(await screen.findByRole('option', { name: '5' }));
    await waitFor(() => expect(firstColumn()).toHaveLength(5));
    expect(firstColumn()[0]).toBe('Widget 01');
    expect(search().get('size')).toBe('5');
    expect(search().get('page')).toBeNull();
    expect(server.lastList('/widget')?.path).toBe('/widget/0/5');
    expect(window.localStorage.getItem('pageSize:/widgets')).toBe('5');
  });

  it('starts from the remembered size when the URL does not say', async () => {
    window.localStorage.setItem('pageSize:/widgets', '10');
    const server = fakeServer({ '/widget': makeWidgets(32) });
    renderPanel(<WidgetTable />, { url: '/widgets' });
    await waitFor(() => expect(firstColumn()).toHaveLength(10));
    expect(server.lastList('/widget')?.path).toBe('/widget/0/10');
  });
});

describe('PagedTable sorting', () => {
  it('cycles a column ascending → descending → none, from the first page', async () => {
    const server = fakeServer({ '/widget': makeWidgets(12) });
    const { user, search } = renderPanel(<WidgetTable />);
    await screen.findByText('Widget 01');
    const header = () => screen.getByRole('columnheader', { name: 'Size' });
    await user.click(within(header()).getByRole('button'));
    await waitFor(() => expect(server.lastList('/widget')?.body).toEqual({ sortBy: 'size', direction: 'asc' }));
    expect(search().get('sort')).toBe('size');
    expect(header().getAttribute('aria-sort')).toBe('ascending');
    await user.click(within(header()).getByRole('button'));
    await waitFor(() => expect(server.lastList('/widget')?.body).toEqual({ sortBy: 'size', direction: 'desc' }));
    expect(search().get('sort')).toBe('-size');
    await waitFor(() => expect(firstColumn()[0]).toBe('Widget 10'));
    expect(header().getAttribute('aria-sort')).toBe('descending');
    // None: the unsorted first page again (from the cache: it was loaded a moment ago).
    await user.click(within(header()).getByRole('button'));
    await waitFor(() => expect(firstColumn()[0]).toBe('Widget 01'));
    expect(search().get('sort')).toBeNull();
    expect(header().getAttribute('aria-sort')).toBeNull();
  });
});

describe('PagedTable selection and delete', () => {
  it('selects rows one by one or the whole page, and the buttons count them', async () => {
    fakeServer({ '/widget': makeWidgets(7) });
    const { user } = renderPanel(<WidgetTable />);
    await screen.findByText('Widget 01');
    expect(screen.getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Select Widget 02' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Widget 05' }));
    expect(screen.getByRole('button', { name: 'Delete (2)' }).hasAttribute('disabled')).toBe(false);
    const all = screen.getByRole('checkbox', { name: 'Select all' }) as HTMLInputElement;
    expect(all.checked).toBe(false);
    expect(all.getAttribute('data-indeterminate')).toBe('true');
    await user.click(all);
    expect(screen.getByRole('button', { name: 'Delete (7)' })).toBeTruthy();
    await user.click(all);
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('deletes the selected rows one call each, with per-item feedback and the list refreshed', async () => {
    const server = fakeServer({ '/widget': makeWidgets(4) });
    server.on('DELETE', '/widget/3', () => reply(409, { success: false, message: 'In use in seat 201' }));
    const { user } = renderPanel(<WidgetTable />);
    await screen.findByText('Widget 01');
    await user.click(screen.getByRole('checkbox', { name: 'Select Widget 01' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Widget 03' }));
    await user.click(screen.getByRole('button', { name: 'Delete (2)' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Widget 01')).toBeTruthy();
    // It asks first, saying what a delete does; nothing is deleted until confirmed.
    expect(within(dialog).getByText(MESSAGES.confirmDelete)).toBeTruthy();
    expect(within(dialog).getByTestId('delete-warning').textContent).toBe(MESSAGES.deleteIsFinal);
    expect(server.sent('DELETE', '/widget')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('1 error(s) occurred')).toBeTruthy();
    expect(within(dialog).getByText('Deleted Successfully')).toBeTruthy();
    expect(within(dialog).getByText('Widget 03: In use in seat 201')).toBeTruthy();
    expect(server.sent('DELETE', '/widget').map((r) => r.path)).toEqual(['/widget/1', '/widget/3']);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(firstColumn()).toEqual(['Widget 02', 'Widget 03', 'Widget 04']));
  });

  it('shows no Delete or checkboxes without the delete permission', async () => {
    fakeServer({ '/widget': makeWidgets(3) });
    renderPanel(<WidgetTable />, { can: (_r, action) => action === 'read' });
    await screen.findByText('Widget 01');
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe('PagedTable empty texts', () => {
  it("says 'There are no records to show' for an empty list and 'No Results' for a search that finds none", async () => {
    fakeServer({ '/widget': [] });
    const first = renderPanel(<WidgetTable />);
    expect(await screen.findByText('There are no records to show')).toBeTruthy();
    first.unmount();
    fakeServer({ '/widget': makeWidgets(3) });
    renderPanel(<WidgetTable />, { url: '/widgets?search=zzz' });
    expect(await screen.findByText('No Results')).toBeTruthy();
  });

  it("says 'The request failed.' when the list cannot be loaded", async () => {
    const server = fakeServer({});
    server.on('POST', /^\/widget\/\d+\/\d+$/, () => reply(500, { message: 'boom' }));
    renderPanel(<WidgetTable />);
    expect(await screen.findByText('The request failed.')).toBeTruthy();
  });
});
