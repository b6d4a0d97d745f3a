import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderPanel } from '../../test/render.tsx';
import { type PickerOption, type PickerSource, ServerPicker } from './server-picker.tsx';

const OPTIONS: PickerOption[] = [
  { value: 'a', label: 'Alpha' },
  { value: 'b', label: 'Alps' },
];

/** A source answering like the server: every page and label a new object, as JSON replies are. */
function source(searched: string[]): PickerSource {
  return {
    key: ['picker-test'],
    page: async (term) => {
      searched.push(term);
      const found = OPTIONS.filter((o) => o.label.toLowerCase().includes(term.toLowerCase()));
      return { options: found.map((o) => ({ ...o })), more: false };
    },
    labels: async (values) => OPTIONS.filter((o) => values.includes(o.value)).map((o) => ({ ...o })),
  };
}

function Held({ searched }: { searched: string[] }) {
  const [value, setValue] = useState<string[]>(['a']);
  return <ServerPicker source={source(searched)} label="Destination" value={value} onChange={setValue} />;
}

describe('ServerPicker', () => {
  it('keeps what the user types when a page holding the current value arrives', async () => {
    const searched: string[] = [];
    renderPanel(<Held searched={searched} />);
    const input = screen.getByRole<HTMLInputElement>('combobox', { name: 'Destination' });
    await waitFor(() => expect(input.value).toBe('Alpha'));
    const user = userEvent.setup();
    // Typed over the held value's label (the value itself stays chosen until another is picked).
    await user.type(input, 'Al', { initialSelectionStart: 0, initialSelectionEnd: 'Alpha'.length });
    // The search for 'Al' answers a page that holds 'a' again (a new object with the same label).
    await waitFor(() => expect(searched).toContain('Al'));
    expect(await screen.findByRole('option', { name: 'Alps' })).toBeTruthy();
    expect(await screen.findByRole('option', { name: 'Alpha' })).toBeTruthy();
    expect(input.value).toBe('Al');
  });
});
