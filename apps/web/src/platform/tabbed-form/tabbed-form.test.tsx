import { type Action, MESSAGES } from '@switchboard/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, reply } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import { makeWidgets, type Widget, widgetInput, widgets, widgetValues } from '../../test/widgets.ts';
import { TabbedForm } from './tabbed-form.tsx';

/** A widget's detail page: General (name, note) and More (active, and the size only while active). */
function WidgetPage({ editActions }: { editActions?: Action[] }) {
  return (
    <TabbedForm
      source={widgets.record(1)}
      resource="seats"
      {...(editActions ? { editActions } : {})}
      schema={widgetInput}
      toValues={widgetValues}
      name={(v) => v.name}
      title={(w: Widget) => `${w.name} (${w.id})`}
      tabs={[
        {
          label: 'General',
          kind: 'form',
          // The tab's fields are its inputs' names.
          intro: (w) => <p>Widget number {w.id}</p>,
          inputs: [
            { kind: 'text', name: 'name', label: 'Name' },
            { kind: 'text', name: 'note', label: 'Note' },
          ],
        },
        {
          label: 'More',
          kind: 'form',
          fields: ['active', 'size', 'colour'],
          inputs: (_w, form) => [
            { kind: 'switch', name: 'active', label: 'Active' },
            ...(form.watch('active') ? [{ kind: 'text' as const, name: 'size' as const, label: 'Size' }] : []),
          ],
        },
      ]}
    />
  );
}

async function open(rows: Widget[], url = '/widget/1') {
  const server = fakeServer({ '/widget': rows });
  const view = renderPanel(<WidgetPage />, { url });
  await screen.findByRole('heading', { name: `${rows[0]?.name} (1)` });
  if (!url.includes('tab=')) expect(screen.getByText('Widget number 1')).toBeTruthy();
  return { ...view, server };
}

const save = () => screen.getByRole('button', { name: 'Save' });
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('TabbedForm: versions', () => {
  it('saves with the version the form was filled from, and takes the new version after a save', async () => {
    const { user, server } = await open(makeWidgets(1));
    await user.clear(field('Name'));
    await user.type(field('Name'), 'First');
    await user.click(save());
    expect(await screen.findByText('First has been updated')).toBeTruthy();
    await user.clear(field('Name'));
    await user.type(field('Name'), 'Second');
    await user.click(save());
    expect(await screen.findByText('Second has been updated')).toBeTruthy();
    expect(server.sent('PUT', '/widget/1').map((r) => [r.ifMatch, (r.body as Widget).name])).toEqual([
      ['"1"', 'First'],
      ['"2"', 'Second'],
    ]);
    expect(server.tables['/widget']?.[0]).toMatchObject({ name: 'Second', version: 3 });
  });

  it('refuses a save based on a record changed since it was opened, changes nothing, and reloads on request', async () => {
    const rows = makeWidgets(1);
    const { user } = await open(rows);
    // Someone else saves the widget meanwhile.
    Object.assign(rows[0] ?? {}, { note: 'Saved elsewhere', version: 2 });
    await user.clear(field('Name'));
    await user.type(field('Name'), 'Mine');
    await user.click(save());
    const banner = await screen.findByText(MESSAGES.staleVersion);
    expect(rows[0]).toMatchObject({ name: 'Widget 01', note: 'Saved elsewhere', version: 2 });
    expect(screen.queryByText('Mine has been updated')).toBeNull();
    // The person's values stay until they reload.
    expect(field('Name').value).toBe('Mine');
    await user.click(within(banner.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(field('Note').value).toBe('Saved elsewhere'));
    expect(field('Name').value).toBe('Widget 01');
    expect(screen.queryByText(MESSAGES.staleVersion)).toBeNull();
  });

  it('keeps what the person typed when the record is reloaded in the background', async () => {
    const rows = makeWidgets(1);
    const { user, queryClient } = await open(rows);
    await user.type(field('Note'), 'typing');
    Object.assign(rows[0] ?? {}, { name: 'Renamed elsewhere', version: 2 });
    await queryClient.refetchQueries({ queryKey: widgets.keys.detail(1) });
    await screen.findByRole('heading', { name: 'Renamed elsewhere (1)' });
    expect(field('Note').value).toBe('typing');
    expect(field('Name').value).toBe('Widget 01');
    // The name they did not touch changed: their save would write over it, so it is refused.
    await user.click(save());
    expect(await screen.findByText(MESSAGES.staleVersion)).toBeTruthy();
    expect(rows[0]).toMatchObject({ name: 'Renamed elsewhere', note: '', version: 2 });
  });

  it('bases the save on the reloaded version when nothing the form holds changed (a part saved on its own)', async () => {
    const rows = makeWidgets(1);
    const { user, queryClient, server } = await open(rows);
    await user.type(field('Note'), 'typing');
    // E.g. the seat's softphone settings, saved by their own tab: the record's version moves on.
    Object.assign(rows[0] ?? {}, { version: 2 });
    await queryClient.refetchQueries({ queryKey: widgets.keys.detail(1) });
    await user.click(save());
    expect(await screen.findByText('Widget 01 has been updated')).toBeTruthy();
    expect(server.sent('PUT', '/widget/1').map((r) => r.ifMatch)).toEqual(['"2"']);
    expect(rows[0]).toMatchObject({ note: 'typing', version: 3 });
  });
});

describe('TabbedForm: a refused submit says why', () => {
  it('shows the multiple-errors banner only while more than one error stands', async () => {
    const { user, server } = await open(makeWidgets(1));
    await user.clear(field('Name'));
    await user.type(field('Note'), 'x'.repeat(31));
    await user.click(save());
    expect(await screen.findByText(MESSAGES.multipleErrors)).toBeTruthy();
    expect(screen.getByText(MESSAGES.required)).toBeTruthy();
    expect(screen.getByText(MESSAGES.maxLength(30))).toBeTruthy();
    await user.type(field('Name'), 'Back');
    await waitFor(() => expect(screen.queryByText(MESSAGES.required)).toBeNull());
    expect(screen.queryByText(MESSAGES.multipleErrors)).toBeNull();
    expect(screen.getByText(MESSAGES.maxLength(30))).toBeTruthy();
    expect(server.sent('PUT', '/widget')).toEqual([]);
  });

  it('opens the tab holding the error, marks it and focuses the field', async () => {
    // The stored size is out of range: the General tab's save fails on the More tab.
    const rows = makeWidgets(1).map((w) => ({ ...w, active: true, size: 20 }));
    const { user, server, search } = await open(rows);
    await user.click(save());
    expect(await screen.findByText('At most 10')).toBeTruthy();
    expect(search().get('tab')).toBe('More');
    const more = screen.getByRole('tab', { name: /More/ });
    expect(more.getAttribute('data-errors')).toBe('true');
    expect(more.getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field('Size')));
    expect(server.sent('PUT', '/widget')).toEqual([]);
  });

  it('shows the error of a field the page does not show', async () => {
    // The size is hidden while the widget is inactive, and its stored value is out of range.
    const rows = makeWidgets(2).map((w) => ({ ...w, active: false, size: 20 }));
    const { user, server } = await open(rows, '/widget/1?tab=More');
    await user.click(save());
    expect((await screen.findByTestId('unshown-error')).textContent).toBe('At most 10');
    expect(screen.getByRole('tab', { name: /More/ }).getAttribute('data-errors')).toBe('true');
    expect(server.sent('PUT', '/widget')).toEqual([]);
  });

  it('shows an error once, under its field, when the tab holding it is opened', async () => {
    // Errors on both tabs, the save made on More: the name's error is pointed at, then shown once.
    const rows = makeWidgets(1).map((w) => ({ ...w, active: true, size: 20 }));
    const { user } = await open(rows, '/widget/1?tab=More');
    await user.click(screen.getByRole('tab', { name: 'General' }));
    await user.clear(field('Name'));
    await user.click(screen.getByRole('tab', { name: 'More' }));
    await user.click(save());
    expect(await screen.findByText('Please check the General tab')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: /General/ }));
    await waitFor(() => expect(screen.getAllByText(MESSAGES.required)).toHaveLength(1));
    expect(screen.queryByTestId('unshown-error')).toBeNull();
  });

  it('marks the tab of a field the server refused, and shows its message under the field', async () => {
    const { user, server, search } = await open(makeWidgets(1).map((w) => ({ ...w, active: true })));
    server.on('PUT', '/widget/1', () =>
      reply(400, { success: false, message: 'Size taken', validation: { size: 'Size taken' } }),
    );
    await user.click(save());
    expect(await screen.findByText('Size taken')).toBeTruthy();
    expect(search().get('tab')).toBe('More');
    expect(screen.queryByText(MESSAGES.multipleErrors)).toBeNull();
  });
});

describe('TabbedForm: who may edit', () => {
  const openAs = async (can: (action: Action) => boolean, editActions?: Action[]) => {
    fakeServer({ '/widget': makeWidgets(1) });
    renderPanel(<WidgetPage {...(editActions ? { editActions } : {})} />, {
      url: '/widget/1',
      can: (_resource, action) => can(action),
    });
    await screen.findByRole('heading', { name: 'Widget 01 (1)' });
  };

  it('is read-only without update, by default', async () => {
    await openAs((action) => action !== 'update');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(field('Name').disabled).toBe(true);
  });

  it('needs every one of its edit actions when given (call monitoring: create and delete)', async () => {
    await openAs((action) => action !== 'delete', ['create', 'delete']);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(field('Name').disabled).toBe(true);
  });

  it('is editable with its edit actions, update or not', async () => {
    await openAs((action) => action !== 'update', ['create', 'delete']);
    expect(save()).toBeTruthy();
    expect(field('Name').disabled).toBe(false);
  });
});
