import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import { makeWidgets, widgets } from '../../test/widgets.ts';
import { listSource } from '../resource.ts';
import { nextSort, optionDecoder, readListState, writeListState } from './list-state.ts';
import { PagedTable } from './paged-table.tsx';

const colours = [
  { value: 'red', label: 'Red' },
  { value: 'green', label: 'Green' },
  { value: 'blue', label: 'Blue' },
];

function WidgetTable({ tableKey }: { tableKey?: string }) {
  return (
    <PagedTable
      source={widgets.list}
      resource="seats"
      tableKey={tableKey}
      label={(w) => w.name}
      columns={[
        { field: 'name', header: 'Name', sortable: true },
        { field: 'colour', header: 'Colour' },
        { field: 'size', header: 'Size', sortable: true },
      ]}
      filters={[
        { field: 'colour', label: 'Colour', options: colours },
        {
          field: 'active',
          label: 'Active',
          options: [
            { value: true, label: 'Yes' },
            { value: false, label: 'No' },
          ],
        },
      ]}
    />
  );
}

/** The page of a widget list with a nested table of the same widgets (as a detail page with entries). */
function PageWithNested() {
  return (
    <>
      <WidgetTable />
      <PagedTable
        source={listSource(widgets.routes.list, { key: [...widgets.keys.lists(), 'nested'] })}
        resource="seats"
        nested
        tableKey="entries"
        label={(w) => w.name}
        columns={[{ field: 'name', header: 'Entry' }]}
      />
    </>
  );
}

describe('list state in the URL', () => {
  it('opens at the place a link gives: page, size, sort, search and filters', async () => {
    const server = fakeServer({ '/widget': makeWidgets(40) });
    renderPanel(<WidgetTable />, { url: '/widgets?page=2&size=5&sort=-size&search=Widget&filter.active=true' });
    await waitFor(() =>
      expect(server.lastList('/widget')).toEqual({
        method: 'POST',
        path: '/widget/5/5',
        body: { sortBy: 'size', direction: 'desc', search: 'Widget', filters: { active: true } },
      }),
    );
    expect(((await screen.findByLabelText('Search')) as HTMLInputElement).value).toBe('Widget');
    expect(screen.getByRole('combobox', { name: 'Active' }).textContent).toBe('Yes');
  });

  it('debounces the search, then puts it in the URL and goes back to the first page', async () => {
    const server = fakeServer({ '/widget': makeWidgets(40) });
    const { user, search } = renderPanel(<WidgetTable />, { url: '/widgets?page=2' });
    await screen.findByText('Widget 16');
    const before = server.requests.length;
    await user.type(screen.getByLabelText('Search'), 'Widget 3');
    // Typing sends nothing: the search goes out once the typing pauses.
    expect(server.requests.length).toBe(before);
    await waitFor(() => expect(search().get('search')).toBe('Widget 3'));
    expect(search().get('page')).toBeNull();
    await waitFor(() => expect(server.lastList('/widget')?.body).toEqual({ search: 'Widget 3' }));
    expect(server.lastList('/widget')?.path).toBe('/widget/0/15');
    expect(server.requests.filter((r) => r.body && 'search' in (r.body as object))).toHaveLength(1);
  });

  it('resets the page when a filter changes, and decodes the value back to its type', async () => {
    const server = fakeServer({ '/widget': makeWidgets(40) });
    const { user, search } = renderPanel(<WidgetTable />, { url: '/widgets?page=3' });
    await screen.findByText('Widget 31');
    await user.click(screen.getByRole('combobox', { name: 'Colour' }));
    await user.click(await screen.findByRole('option', { name: 'Green' }));
    await waitFor(() => expect(search().get('filter.colour')).toBe('green'));
    expect(search().get('page')).toBeNull();
    await waitFor(() => expect(server.lastList('/widget')?.body).toEqual({ filters: { colour: 'green' } }));
    await user.click(screen.getByRole('combobox', { name: 'Colour' }));
    await user.click(await screen.findByRole('option', { name: 'All' }));
    await waitFor(() => expect(search().get('filter.colour')).toBeNull());
  });

  it('keeps the place when the user comes Back from another page', async () => {
    fakeServer({ '/widget': makeWidgets(40) });
    const { user, router } = renderPanel(<WidgetTable />, { url: '/widgets' });
    await screen.findByText('Widget 01');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByText('Widget 16');
    await act(() => router.navigate('/widgets/16'));
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?page=2');
    expect(await screen.findByText('Widget 16')).toBeTruthy();
    // Back again: the first page (each page was a step of the history).
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Widget 01')).toBeTruthy();
  });

  it("namespaces a nested table's params by its key, leaving the page's own table alone", async () => {
    const server = fakeServer({ '/widget': makeWidgets(40) });
    const { user, search } = renderPanel(<PageWithNested />, { url: '/widgets?entries.page=2' });
    // The nested table shows 5 a page: its second page starts at 5; the main table is on its first.
    await waitFor(() => expect(server.sent('POST', '/widget/5/5')).toHaveLength(1));
    expect(server.sent('POST', '/widget/0/15')).toHaveLength(1);
    const next = screen.getAllByRole('button', { name: 'Go to next page' });
    await user.click(next[1] as HTMLElement);
    await waitFor(() => expect(search().get('entries.page')).toBe('3'));
    expect(search().get('page')).toBeNull();
    await user.click(next[0] as HTMLElement);
    await waitFor(() => expect(search().get('page')).toBe('2'));
    expect(search().get('entries.page')).toBe('3');
    const tables = screen.getAllByRole('table');
    expect(within(tables[1] as HTMLElement).getByText('Widget 11')).toBeTruthy();
  });
});

describe('list state codec', () => {
  const decoders = { colour: optionDecoder(colours), active: optionDecoder([{ value: true }, { value: false }]) };

  it('reads what it writes, and leaves the rest of the URL alone', () => {
    const params = writeListState(new URLSearchParams('tab=Numbers'), 'entries.', {
      page: 2,
      size: 10,
      sort: { field: 'name', direction: 'desc' },
      search: 'acme',
      filters: { colour: 'blue', active: false },
    });
    expect(params.toString()).toBe(
      'tab=Numbers&entries.page=3&entries.size=10&entries.sort=-name&entries.search=acme&entries.filter.colour=blue&entries.filter.active=false',
    );
    expect(readListState(params, 'entries.', decoders)).toEqual({
      page: 2,
      size: 10,
      sort: { field: 'name', direction: 'desc' },
      search: 'acme',
      filters: { colour: 'blue', active: false },
    });
    expect(readListState(params, '', decoders)).toEqual({ page: 0, size: null, sort: null, search: '', filters: {} });
  });

  it('ignores what it cannot use: a page size not offered, a bad page, an unknown filter value', () => {
    const params = new URLSearchParams('page=-3&size=7&filter.colour=purple&filter.shape=round');
    expect(readListState(params, '', decoders)).toEqual({ page: 0, size: null, sort: null, search: '', filters: {} });
  });

  it('cycles a sort ascending → descending → none, and starts over on another column', () => {
    const asc = nextSort(null, 'name');
    expect(asc).toEqual({ field: 'name', direction: 'asc' });
    const desc = nextSort(asc, 'name');
    expect(desc).toEqual({ field: 'name', direction: 'desc' });
    expect(nextSort(desc, 'name')).toBeNull();
    expect(nextSort(desc, 'size')).toEqual({ field: 'size', direction: 'asc' });
  });
});
