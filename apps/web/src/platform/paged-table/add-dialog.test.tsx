import { MESSAGES } from '@switchboard/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, reply } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import { makeWidgets, widgetInput, widgets } from '../../test/widgets.ts';
import { PagedTable } from './paged-table.tsx';

function WidgetTable({ blocked }: { blocked?: string }) {
  return (
    <PagedTable
      source={widgets.list}
      resource="seats"
      label={(w) => w.name}
      columns={[{ field: 'name', header: 'Name' }]}
      add={{
        title: 'Add Widget',
        schema: widgetInput,
        defaults: { name: '', note: '', size: 1 },
        fields: [
          { kind: 'text', name: 'name', label: 'Name', required: true },
          { kind: 'text', name: 'note', label: 'Note' },
        ],
        create: widgets.create,
        blocked,
      }}
    />
  );
}

async function openAdd(blocked?: string) {
  const server = fakeServer({ '/widget': makeWidgets(2) });
  const view = renderPanel(<WidgetTable blocked={blocked} />);
  await screen.findByText('Widget 01');
  await view.user.click(screen.getByRole('button', { name: 'Add' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Widget' });
  const field = (name: string) => within(dialog).getByRole('textbox', { name }) as HTMLInputElement;
  return { ...view, server, dialog, field };
}

describe('the add modal', () => {
  it('ends the flow with its feedback: no form and no live Create beside it; Add Another starts afresh', async () => {
    const { user, dialog, field, server } = await openAdd();
    await user.type(field('Name'), 'Sprocket');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect((await within(dialog).findAllByText(MESSAGES.createdSuccessfully)).length).toBeGreaterThan(0);
    expect(within(dialog).queryByRole('button', { name: 'Create' })).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: /Name/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Add Another' }));
    expect(field('Name').value).toBe('');
    expect(within(dialog).queryByText(MESSAGES.createdSuccessfully)).toBeNull();
    // A refused second create shows its error, and no success of the first beside it.
    server.on('POST', '/widget', () =>
      reply(400, { success: false, message: 'Name taken', validation: { name: 'Name taken' } }),
    );
    await user.type(field('Name'), 'Sprocket');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Name taken')).toBeTruthy();
    expect(within(dialog).queryByText(MESSAGES.createdSuccessfully)).toBeNull();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('shows the multiple-errors banner only while more than one error stands', async () => {
    const { user, dialog, field, server } = await openAdd();
    await user.type(field('Note'), 'x'.repeat(31));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(MESSAGES.multipleErrors)).toBeTruthy();
    await user.type(field('Name'), 'Sprocket');
    await waitFor(() => expect(within(dialog).queryByText(MESSAGES.required)).toBeNull());
    expect(within(dialog).queryByText(MESSAGES.multipleErrors)).toBeNull();
    expect(within(dialog).getByText(MESSAGES.maxLength(30))).toBeTruthy();
    expect(server.requests.filter((r) => r.method === 'POST' && r.path === '/widget')).toEqual([]);
  });

  it('shows a refusal of a field the modal does not show', async () => {
    const { user, dialog, field, server } = await openAdd();
    server.on('POST', '/widget', () =>
      reply(400, { success: false, message: 'Too big', validation: { size: 'Too big' } }),
    );
    await user.type(field('Name'), 'Sprocket');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect((await within(dialog).findByTestId('unshown-error')).textContent).toBe('Too big');
  });

  it('says why it cannot create yet, and keeps Create disabled', async () => {
    const { dialog } = await openAdd('Please add a telephone number to continue');
    expect(within(dialog).getByText('Please add a telephone number to continue')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Create' }).hasAttribute('disabled')).toBe(true);
  });
});
