/** What an option list says with nothing in it: 'No items found.' unless the field says otherwise. */
import { MESSAGES } from '@switchboard/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serveDestinations } from '../../test/destinations.ts';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import { type FieldDef, FormFields } from './form-fields.tsx';
import { useSchemaForm } from './form-schema.ts';

const schema = z.object({ music: z.string(), numbers: z.array(z.string()), target: z.string(), cli: z.string() });
type Values = z.input<typeof schema>;

function Empty({ fields }: { fields: FieldDef<Values>[] }) {
  const form = useSchemaForm(schema, { music: '', numbers: [], target: '', cli: '' });
  return <FormFields control={form.control} fields={fields} />;
}

describe('an empty option list', () => {
  it('says No items found. in a select, a multiple select and the destination picker', async () => {
    const server = fakeServer();
    serveDestinations(server, []);
    const { user } = renderPanel(
      <Empty
        fields={[
          { kind: 'select', name: 'music', label: 'Music', options: [] },
          { kind: 'multiselect', name: 'numbers', label: 'Numbers', options: [] },
          { kind: 'destination', name: 'target', label: 'Destination' },
        ]}
      />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Music' }));
    const empty = await screen.findByRole('option', { name: MESSAGES.noItems });
    expect(empty.getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: 'Numbers' }));
    expect(await screen.findByText(MESSAGES.noItems)).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: 'Destination' }));
    expect(await screen.findByText(MESSAGES.noItems)).toBeTruthy();
  });

  it('says what the field tells it to (No Numbers Found)', async () => {
    fakeServer();
    const { user } = renderPanel(
      <Empty
        fields={[
          { kind: 'select', name: 'cli', label: 'Caller ID', options: [], empty: MESSAGES.noNumbers },
          { kind: 'multiselect', name: 'numbers', label: 'Numbers', options: [], empty: MESSAGES.noNumbers },
        ]}
      />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Caller ID' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByRole('option', { name: MESSAGES.noNumbers })).toBeTruthy();
    expect(within(listbox).queryByText(MESSAGES.noItems)).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: 'Numbers' }));
    expect(await screen.findByText(MESSAGES.noNumbers)).toBeTruthy();
  });
});
