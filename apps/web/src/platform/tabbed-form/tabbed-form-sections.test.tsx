import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, reply } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import { makeWidgets, type Widget, widgetInput, widgets, widgetValues } from '../../test/widgets.ts';
import { TabbedForm } from './tabbed-form.tsx';

/** A widget's page whose More tab declares its fields in two titled groups. */
function openWidget(can: () => boolean = () => true) {
  const server = fakeServer({ '/widget': makeWidgets(1) });
  const view = renderPanel(
    <TabbedForm
      source={widgets.record(1)}
      resource="seats"
      schema={widgetInput}
      toValues={widgetValues}
      name={(v) => v.name}
      title={(w: Widget) => w.name}
      tabs={[
        { label: 'General', kind: 'form', inputs: [{ kind: 'text', name: 'name', label: 'Name' }] },
        {
          label: 'More',
          kind: 'form',
          sections: (_w, form) => [
            { title: 'State', inputs: [{ kind: 'switch', name: 'active', label: 'Active' }] },
            {
              title: 'Details',
              inputs: [{ kind: 'text', name: 'note', label: 'Note', disabled: !form.watch('active') }],
            },
          ],
        },
      ]}
    />,
    { url: '/widget/1', can },
  );
  return { ...view, server };
}

describe('TabbedForm: a tab’s sections', () => {
  it('shows each group under its title, its fields bound to the form', async () => {
    const { user } = openWidget();
    await user.click(await screen.findByRole('tab', { name: 'More' }));
    expect(screen.getByText('State')).toBeTruthy();
    expect(screen.getByText('Details')).toBeTruthy();
    const note = screen.getByRole('textbox', { name: 'Note' }) as HTMLInputElement;
    expect(note.disabled).toBe(false);
    await user.click(screen.getByRole('switch', { name: 'Active' }));
    expect(note.disabled).toBe(true);
  });

  it('opens the tab holding a section’s field the server refused', async () => {
    const { user, server, search } = openWidget();
    server.on('PUT', '/widget/1', () => reply(400, { success: false, message: 'Bad', validation: { note: 'No' } }));
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('No')).toBeTruthy();
    expect(search().get('tab')).toBe('More');
  });

  it('disables the sections’ fields while read-only', async () => {
    const { user } = openWidget(() => false);
    await user.click(await screen.findByRole('tab', { name: 'More' }));
    expect((screen.getByRole('switch', { name: 'Active' }) as HTMLInputElement).disabled).toBe(true);
  });
});
