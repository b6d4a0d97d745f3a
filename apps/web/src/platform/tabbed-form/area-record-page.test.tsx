import AppsIcon from '@mui/icons-material/Apps';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import { makeWidgets, widgets } from '../../test/widgets.ts';
import type { AreaDefinition } from '../areas.ts';
import { AreaRecordPage } from './area-record-page.tsx';

const widgetsArea: AreaDefinition = {
  label: 'Widgets',
  path: '/widget',
  icon: AppsIcon,
  group: 'Features',
  rules: [{ resource: 'seats', action: 'read' }],
};

describe('AreaRecordPage', () => {
  it("fills the form with the record's input fields, and names it by a function when given one", async () => {
    const rows = makeWidgets(1).map((w) => ({ ...w, note: 'A note' }));
    const server = fakeServer({ '/widget': rows });
    const { user } = renderPanel(
      <Routes>
        <Route
          path="/widget/:id"
          element={
            <AreaRecordPage
              area={widgetsArea}
              api={widgets}
              heading={{ name: (w) => `${w.name} in ${w.colour}`, number: 'id' }}
              tabs={[{ label: 'General', kind: 'form', inputs: [{ kind: 'text', name: 'note', label: 'Note' }] }]}
            />
          }
        />
      </Routes>,
      { url: '/widget/1' },
    );
    await screen.findByRole('heading', { name: 'Widget 01 in red (1)' });
    const note = screen.getByRole('textbox', { name: 'Note' }) as HTMLInputElement;
    expect(note.value).toBe('A note');
    await user.type(note, '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Widget 01 in red has been updated')).toBeTruthy();
    expect(server.sent('PUT', '/widget/1').map((r) => r.body)).toEqual([
      { name: 'Widget 01', colour: 'red', size: 1, active: true, note: 'A note!' },
    ]);
  });
});
