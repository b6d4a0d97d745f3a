import type { CalendarEntry, TimeProfile } from '@switchboard/domain';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import CalendarEntryPage from '../features/time-profiles/calendar-entry-page.tsx';
import { BreadcrumbProvider } from '../platform/breadcrumb.tsx';
import { fakeServer } from '../test/fake-server.ts';
import { renderPanel } from '../test/render.tsx';
import { PageBreadcrumbs } from './breadcrumbs.tsx';

const day = { enabled: true, start: '09:00', end: '17:30' };
const profile: TimeProfile = {
  id: 4,
  version: 1,
  extension: 300,
  name: 'Office hours',
  description: '',
  bankHoliday: 1,
  mode: 0,
  inPromptId: null,
  inDestination: 'seat:201',
  outPromptId: null,
  outDestination: '',
  days: { monday: day, tuesday: day, wednesday: day, thursday: day, friday: day, saturday: day, sunday: day },
  accountNo: 30000,
};
const entry: CalendarEntry = {
  id: 12,
  version: 1,
  timeProfileId: 4,
  description: 'Christmas shutdown',
  destination: 'seat:201',
  start: '24/12/2026 12:00',
  end: '02/01/2027 09:00',
};

describe('breadcrumbs', () => {
  it('lead to a calendar entry through its time profile', async () => {
    fakeServer({ '/timeprofile': [profile], '/timeprofilecalendar': [entry] });
    renderPanel(
      <BreadcrumbProvider>
        {(detail) => (
          <>
            <PageBreadcrumbs detail={detail} />
            <Routes>
              <Route path="/time-profiles/:timeProfileId/calendars/:id" element={<CalendarEntryPage />} />
            </Routes>
          </>
        )}
      </BreadcrumbProvider>,
      { url: '/time-profiles/4/calendars/12' },
    );
    const trail = screen.getByRole('navigation', { name: 'breadcrumb' });
    await within(trail).findByText('Christmas shutdown (12)');
    expect(
      within(trail)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Dashboard', 'Time Profiles', 'Office hours (300)', 'Christmas shutdown (12)']);
    expect(within(trail).getByRole('link', { name: 'Office hours (300)' }).getAttribute('href')).toBe(
      '/time-profiles/4?tab=Calendar',
    );
  });
});
