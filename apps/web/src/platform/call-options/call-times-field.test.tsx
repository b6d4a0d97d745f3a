import { CALL_OPTION_MESSAGES, callTimesSchema } from '@switchboard/domain';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useSchemaForm } from '../fields/form-schema.ts';
import { CallTimesField } from './call-times-field.tsx';

const schema = z.object({ weekdayTimes: callTimesSchema });
let submit: () => Promise<void> = async () => undefined;

function Times() {
  const form = useSchemaForm(schema, { weekdayTimes: { mode: 'range', from: '17:00', to: '09:00' } });
  submit = form.handleSubmit(() => undefined);
  return <CallTimesField control={form.control} name="weekdayTimes" label="Weekday" />;
}

describe('call times', () => {
  it('shows a range’s message on one line under the row, not squeezed under the narrow To input', async () => {
    render(<Times />);
    await act(() => submit());
    const message = await screen.findByText(CALL_OPTION_MESSAGES.timeOrder);
    const to = screen.getByLabelText('To');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    // Named by the input, but outside its 150 px box.
    expect(to.getAttribute('aria-describedby')).toBe(message.id);
    expect(to.closest('.MuiFormControl-root')?.contains(message)).toBe(false);
  });
});
