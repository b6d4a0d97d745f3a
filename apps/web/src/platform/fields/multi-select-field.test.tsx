import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FormFields } from './form-fields.tsx';
import { useSchemaForm } from './form-schema.ts';

const schema = z.object({ numbers: z.array(z.string()).max(2, { error: 'At most two' }) });
const options = [
  { value: '01214960000', label: 'Office' },
  { value: '01214960001', label: 'Van' },
  { value: '01214960002', label: 'Workshop' },
];

function Numbers({ chosen, onSave }: { chosen: string[]; onSave: (numbers: string[]) => void }) {
  const form = useSchemaForm(schema, { numbers: chosen });
  return (
    <form onSubmit={form.handleSubmit((v) => onSave(v.numbers))} noValidate>
      <FormFields
        control={form.control}
        fields={[{ kind: 'multiselect', name: 'numbers', label: 'Numbers', options, helper: 'Any of yours' }]}
      />
      <button type="submit">Save</button>
    </form>
  );
}

describe('a multiselect field (FormMultiSelectField)', () => {
  it('shows the chosen values by their labels (an unknown one as itself) and adds a chosen option', async () => {
    let saved: string[] = [];
    render(<Numbers chosen={['01214960000', '09999']} onSave={(n) => (saved = n)} />);
    expect(screen.getByText('Office')).toBeTruthy();
    expect(screen.getByText('09999')).toBeTruthy();
    expect(screen.getByText('Any of yours')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toEqual(['01214960000', '09999']);
  });

  it('holds the values as an array and shows the field’s message under it', async () => {
    let saved: string[] | null = null;
    render(<Numbers chosen={['01214960000']} onSave={(n) => (saved = n)} />);
    await userEvent.click(screen.getByLabelText('Numbers'));
    await userEvent.click(await screen.findByRole('option', { name: 'Van' }));
    await userEvent.click(screen.getByLabelText('Numbers'));
    await userEvent.click(await screen.findByRole('option', { name: 'Workshop' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At most two')).toBeTruthy();
    expect(saved).toBeNull();
  });
});
