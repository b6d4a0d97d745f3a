/**
 * The destination picker (issue 25): it searches and pages on the server, never loading the whole
 * list, and labels an existing value by asking for that value alone.
 */
import { DESTINATION_TYPE_LABELS, type DestinationOption, MESSAGES } from '@switchboard/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useWatch } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { everyKindOfDestination, serveDestinations } from '../../test/destinations.ts';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import { FormFields } from './form-fields.tsx';
import { useSchemaForm } from './form-schema.ts';

const schema = z.object({ target: z.string() });

function Picker({ value = '' }: { value?: string }) {
  const form = useSchemaForm(schema, { target: value });
  const chosen = useWatch({ control: form.control, name: 'target' });
  return (
    <>
      <FormFields control={form.control} fields={[{ kind: 'destination', name: 'target', label: 'Destination' }]} />
      <output aria-label="Chosen">{chosen}</output>
    </>
  );
}

/** 45 seats '1000 - Desk 0' ... '1044 - Desk 44', in the server's order. */
const seats: DestinationOption[] = Array.from({ length: 45 }, (_, i) => ({
  value: `seat:${1000 + i}`,
  label: `${1000 + i} - Desk ${i}`,
  type: 'seat',
  typeLabel: DESTINATION_TYPE_LABELS.seat,
}));

const searches = (server: ReturnType<typeof fakeServer>) =>
  server.sent('GET', '/destinations/search').map((r) => new URLSearchParams(r.path.split('?')[1]));

describe('the destination picker', () => {
  it('asks the server for what the typed term finds, shows it, and picks one', async () => {
    const server = fakeServer();
    serveDestinations(server);
    const { user } = renderPanel(<Picker />);
    // Nothing is asked before the picker is opened.
    expect(server.requests).toEqual([]);
    const input = screen.getByRole('combobox', { name: 'Destination' });
    await user.click(input);
    await user.type(input, 'sales');
    const option = await screen.findByRole('option', { name: '350 - Sales team' });
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1);
    // Debounced: the term is searched once it is whole, not letter by letter.
    const terms = searches(server).map((q) => q.get('q'));
    expect(terms).toContain('sales');
    expect(terms).not.toContain('sal');
    expect(searches(server).every((q) => q.get('limit') === '20')).toBe(true);
    await user.click(option);
    expect(screen.getByRole('status', { name: 'Chosen' }).textContent).toBe('callgroup:203');
    expect((input as HTMLInputElement).value).toBe('350 - Sales team');
    // The whole list is never asked for.
    expect(server.requests.filter((r) => r.path === '/destinations' || r.path.startsWith('/destinations/-1'))).toEqual(
      [],
    );
  });

  it('shows the label of an existing value by asking for that value alone', async () => {
    const server = fakeServer();
    serveDestinations(server);
    renderPanel(<Picker value="ivr:205" />);
    const input = screen.getByRole('combobox', { name: 'Destination' }) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('370 - Main menu'));
    expect(server.requests.map((r) => r.path)).toEqual(['/destinations/labels?ids=ivr%3A205']);
  });

  it('pages on the server as the list is scrolled to its end, and is walked with the keyboard', async () => {
    const server = fakeServer();
    serveDestinations(server, seats);
    const { user } = renderPanel(<Picker />);
    const input = screen.getByRole('combobox', { name: 'Destination' });
    await user.click(input);
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(20));
    fireEvent.scroll(listbox);
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(40));
    expect(searches(server).map((q) => q.get('offset'))).toEqual(['0', '20']);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByRole('status', { name: 'Chosen' }).textContent).toBe('seat:1001');
  });

  it('says No items found. when the search finds nothing, and what failed when it fails', async () => {
    const server = fakeServer();
    serveDestinations(server, everyKindOfDestination);
    const { user } = renderPanel(<Picker />);
    const input = screen.getByRole('combobox', { name: 'Destination' });
    await user.click(input);
    await user.type(input, 'nowhere');
    expect(await screen.findByText(MESSAGES.noItems)).toBeTruthy();
    server.on('GET', /^\/destinations\/search/, () => ({ __status: 500, body: { success: false, message: 'x' } }));
    await user.clear(input);
    await user.type(input, 'broken');
    expect(await screen.findByText(MESSAGES.fetchFailed)).toBeTruthy();
  });
});
