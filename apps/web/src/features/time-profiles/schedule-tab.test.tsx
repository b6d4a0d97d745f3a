import { defaultDays, TIME_PROFILE_MESSAGES, timeProfileInput } from '@switchboard/domain';
import { render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { useSchemaForm } from '../../platform/fields/form-schema.ts';
import { ScheduleTab } from './schedule-tab.tsx';

/** The tab over a profile whose Monday ends before it starts, validated once shown. */
function Schedule() {
  const form = useSchemaForm(timeProfileInput, {
    name: 'Office',
    days: { ...defaultDays(), monday: { enabled: true, start: '17:00', end: '09:00' } },
  });
  useEffect(() => {
    void form.trigger();
  }, [form]);
  return <ScheduleTab form={form} disabled={false} />;
}

describe('ScheduleTab', () => {
  it("shows each day's hours, and a day's error under it", async () => {
    render(<Schedule />);
    expect(await screen.findByText(TIME_PROFILE_MESSAGES.timeOrder)).toBeTruthy();
    expect(screen.getByTestId('hours-tuesday').textContent).toBe('09:00 – 17:30');
    expect(screen.getByTestId('hours-sunday').textContent).toBe('Closed');
  });
});
