import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import { makeWidgets, type Widget, widgetInput, widgets, widgetValues } from '../../test/widgets.ts';
import { FormFields } from '../fields/form-fields.tsx';
import { TabbedForm } from './tabbed-form.tsx';

/** General edits the name; under it, outside the form, a panel with a button of its own. */
function WidgetPage({ onPanel, prepare }: { onPanel: () => void; prepare?: () => void }) {
  return (
    <TabbedForm
      source={widgets.record(1)}
      resource="seats"
      schema={widgetInput}
      toValues={widgetValues}
      name={(v) => v.name}
      title={(w: Widget) => `${w.name} (${w.id})`}
      tabs={[
        {
          label: 'General',
          kind: 'form',
          fields: ['name'],
          render: (form, _w, readOnly) => (
            <FormFields
              control={form.control}
              disabled={readOnly}
              fields={[{ kind: 'text', name: 'name', label: 'Name' }]}
            />
          ),
          below: (w) => (
            <section aria-label="Members">
              <p>Members of {w.name}</p>
              <button type="submit" onClick={onPanel}>
                Add member
              </button>
            </section>
          ),
        },
        { label: 'Other', kind: 'panel', render: () => <p>Other panel</p>, ...(prepare ? { prepare } : {}) },
      ]}
    />
  );
}

describe('TabbedForm: a panel below a form tab', () => {
  it('shows the panel with the record, outside the form, so its buttons never save the form', async () => {
    const server = fakeServer({ '/widget': makeWidgets(1) });
    let clicks = 0;
    const { user } = renderPanel(<WidgetPage onPanel={() => (clicks += 1)} />, { url: '/widget/1' });
    await screen.findByRole('heading', { name: 'Widget 01 (1)' });
    const panel = screen.getByRole('region', { name: 'Members' });
    expect(panel.textContent).toContain('Members of Widget 01');
    expect(panel.closest('form')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    expect(clicks).toBe(1);
    expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
    // Only on its own tab.
    await user.click(screen.getByRole('tab', { name: 'Other' }));
    expect(await screen.findByText('Other panel')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Members' })).toBeNull();
  });

  it('gets a panel ready as its tab is pointed at or focused, not before', async () => {
    fakeServer({ '/widget': makeWidgets(1) });
    let prepared = 0;
    const { user } = renderPanel(<WidgetPage onPanel={() => undefined} prepare={() => (prepared += 1)} />, {
      url: '/widget/1',
    });
    await screen.findByRole('heading', { name: 'Widget 01 (1)' });
    expect(prepared).toBe(0);
    await user.hover(screen.getByRole('tab', { name: 'Other' }));
    expect(prepared).toBeGreaterThanOrEqual(1);
    const hovered = prepared;
    screen.getByRole('tab', { name: 'Other' }).focus();
    expect(prepared).toBeGreaterThan(hovered);
  });
});
