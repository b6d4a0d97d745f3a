import { MESSAGES } from '@switchboard/domain';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../api.ts';
import { useSchemaForm } from './form-schema.ts';
import { useFormSubmit } from './form-submit.ts';

const schema = z.object({ name: z.string() });
const refused = () => Promise.reject(new ApiError(400, 'Refused', { name: 'Too long' }));

function submitWith(save: () => Promise<unknown>, failure?: string) {
  const { result } = renderHook(() => {
    const form = useSchemaForm(schema, { name: 'Sales' });
    return { form, ...useFormSubmit(form, save, failure) };
  });
  return result;
}

describe('useFormSubmit', () => {
  it('puts the server’s messages under their fields, with no banner when it named them', async () => {
    const result = submitWith(refused);
    await act(() => result.current.submit());
    expect(result.current.form.getFieldState('name').error?.message).toBe('Too long');
    expect(result.current.banner).toBeNull();
  });

  it('shows the server’s own message, or the fallback', async () => {
    const result = submitWith(() => Promise.reject(new Error('network')));
    await act(() => result.current.submit());
    expect(result.current.banner).toBe(MESSAGES.saveFallback);
  });

  it('shows its own failure text for any refused save, the fields still marked', async () => {
    const result = submitWith(refused, 'The address could not be sent');
    await act(() => result.current.submit());
    expect(result.current.banner).toBe('The address could not be sent');
    expect(result.current.form.getFieldState('name').error?.message).toBe('Too long');
  });

  it('says there are multiple errors when the form refuses more than one field, and nothing for one', async () => {
    const two = z.object({ name: z.string().min(1, 'Required'), email: z.email('Bad e-mail') });
    const { result } = renderHook(() => {
      const form = useSchemaForm(two, { name: '', email: 'x' });
      return { form, ...useFormSubmit(form, () => Promise.resolve()) };
    });
    await act(() => result.current.submit());
    expect(result.current.banner).toBe(MESSAGES.multipleErrors);
    await act(async () => result.current.form.setValue('email', 'a@b.example'));
    await act(() => result.current.submit());
    expect(result.current.banner).toBeNull();
    expect(result.current.form.getFieldState('name').error?.message).toBe('Required');
  });
});
