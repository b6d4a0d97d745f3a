import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import { makeWidgets, type Widget, widgetInput, widgets, widgetValues } from '../../test/widgets.ts';
import { TabbedForm } from './tabbed-form.tsx';

describe('TabbedForm: the saved record’s name', () => {
  it('is made from the saved values and the record they were loaded from', async () => {
    fakeServer({ '/widget': makeWidgets(1) });
    const { user } = renderPanel(
      <TabbedForm
        source={widgets.record(1)}
        resource="seats"
        schema={widgetInput}
        toValues={widgetValues}
        name={(v, w: Widget) => `${v.name} (widget ${w.id})`}
        title={(w: Widget) => w.name}
        tabs={[{ label: 'General', kind: 'form', inputs: [{ kind: 'text', name: 'name', label: 'Name' }] }]}
      />,
      { url: '/widget/1' },
    );
    const name = (await screen.findByRole('textbox', { name: 'Name' })) as HTMLInputElement;
    await user.clear(name);
    await user.type(name, 'Renamed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Renamed (widget 1) has been updated')).toBeTruthy();
  });
});
