import { calendarInput, MESSAGES, TIME_PROFILE_MESSAGES } from '@switchboard/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderPanel } from '../../test/render.tsx';
import { FormFields } from './form-fields.tsx';
import { useSchemaForm } from './form-schema.ts';

/** A calendar entry's dates, as the entry page and its add modal have them. */
function Entry({ start }: { start: string }) {
  const form = useSchemaForm(calendarInput, {
    timeProfileId: 1,
    description: 'Christmas',
    destination: 'seat:201',
    start,
    end: '',
  });
  const [saved, setSaved] = useState('');
  return (
    <form onSubmit={form.handleSubmit((v) => setSaved(`${v.start} to ${v.end}`))} noValidate>
      <FormFields
        control={form.control}
        fields={[
          { kind: 'datetime', name: 'start', label: 'Start', required: true },
          { kind: 'datetime', name: 'end', label: 'End', required: true },
        ]}
      />
      <button type="submit">Save</button>
      <output>{saved}</output>
    </form>
  );
}

async function renderEntry(start: string) {
  const view = renderPanel(<Entry start={start} />);
  await waitFor(() => expect(view.container.querySelector('input[name="end"]')).toBeTruthy(), { timeout: 8000 });
  const input = (name: string) => view.container.querySelector(`input[name="${name}"]`) as HTMLInputElement;
  return { ...view, input };
}

describe('the date-time field (DD/MM/YYYY HH:mm, typed or picked)', { timeout: 45_000 }, () => {
  it('shows a stored date in the spec’s format and takes one typed section by section', async () => {
    const { user, input, container } = await renderEntry('24/12/2026 09:00');
    expect(input('start').value).toBe('24/12/2026 09:00');
    await user.click(screen.getAllByRole('spinbutton', { name: 'Day' })[1] as HTMLElement);
    await user.keyboard('271220261730');
    expect(input('end').value).toBe('27/12/2026 17:30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(container.querySelector('output')?.textContent).toBe('24/12/2026 09:00 to 27/12/2026 17:30'),
    );
  });

  it('picks a day and a time from the calendar and the clock', async () => {
    const { user, input } = await renderEntry('24/12/2026 09:00');
    await user.click(screen.getAllByRole('button', { name: /Choose date/ })[0] as HTMLElement);
    const picker = await screen.findByRole('dialog');
    await user.click(within(picker).getByRole('gridcell', { name: '28' }));
    await user.click(within(picker).getByRole('option', { name: '10 hours' }));
    await user.click(within(picker).getByRole('option', { name: '30 minutes' }));
    await user.click(within(picker).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(input('start').value).toBe('28/12/2026 10:30'));
  });

  it('refuses a date left unfinished with the schema’s message, and an empty one as required', async () => {
    const { user } = await renderEntry('24/12/2026 09:00');
    await user.click(screen.getAllByRole('spinbutton', { name: 'Day' })[1] as HTMLElement);
    await user.keyboard('2712');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(TIME_PROFILE_MESSAGES.dateFormat)).toBeTruthy();
    expect(screen.queryByText(MESSAGES.required)).toBeNull();
    // Cleared, it is a required field.
    await user.click(screen.getAllByRole('spinbutton', { name: 'Day' })[0] as HTMLElement);
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.required)).toBeTruthy();
  });
});
