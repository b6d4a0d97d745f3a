import { calendarKey, calendarRoutes, MESSAGES, TIME_PROFILE_MESSAGES, timeProfileRoutes } from '@switchboard/domain';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeResource } from '../../test/contract-suite.ts';

describeResource({
  name: 'time profiles',
  routes: timeProfileRoutes,
  permission: 'timeprofile',
  create: ({ u, n }) => ({ extension: n, name: `Profile ${u}`, description: 'Made by the contract suite' }),
  update: ({ u }) => ({ name: `Renamed ${u}`, description: 'Changed', mode: 1, bankHoliday: 2 }),
  sortable: ['extension', 'name', 'description', 'bankHoliday', 'mode', 'inDestination', 'outDestination'],
  searchable: ['extension', 'name', 'description'],
  filterable: ['bankHoliday', 'mode'],
  invalid: { patch: { name: ' ' }, field: 'name', message: MESSAGES.required },
  unique: { field: 'extension', message: TIME_PROFILE_MESSAGES.inUse },
  // Another profile routing to it.
  inUse: async ({ owner, record, u, n }) => {
    const res = await owner.call('POST', '/timeprofile', {
      extension: n,
      name: `Via ${u}`,
      inDestination: `timeprofile:${record.extension}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return MESSAGES.inUseIn('Time Profile', `${n} - Via ${u}`);
  },
  cases: (s) => {
    // BUG: one numbering plan per account across seats and time profiles (DESIGN.md); the profile's
    // number is checked against time profiles only (see seats.contract.test.ts).
    it('refuses a time profile the number of a seat: one numbering plan', async () => {
      const { u, n } = s.make();
      const seat = await s.owner.call('POST', '/seat', { extension: n, nickname: `P ${u}` });
      expect(seat.statusCode, seat.body).toBe(200);
      const profile = await s.owner.call('POST', '/timeprofile', { extension: n, name: `Plan ${u}` });
      expect(profile.statusCode, profile.body).toBe(400);
      expect((profile.json() as { validation: object }).validation).toEqual({
        extension: TIME_PROFILE_MESSAGES.inUse,
      });
    });
  },
});

/** 'DD/MM/YYYY HH:mm' of day `n` after 1 January 2027 (entries of a profile start at different times). */
const day = (n: number, time: string) => {
  const d = new Date(Date.UTC(2027, 0, 1 + n));
  const pad = (v: number) => String(v).padStart(2, '0');
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${time}`;
};

describeResource({
  name: 'time profile calendar entries',
  routes: calendarRoutes,
  eventArea: 'time-profile-calendars',
  permission: 'timeprofile',
  // Entries belong to one of the account's profiles.
  env: async (caller) => {
    const res = await caller.call('POST', '/timeprofile/0/1', {});
    return { profileId: (res.json() as { records: Array<{ id: number }> }).records[0]?.id ?? 0 };
  },
  create: ({ u, n, env }) => ({
    timeProfileId: env.profileId,
    description: `Entry ${u}`,
    destination: 'seat:201',
    start: day(n, '09:00'),
    end: day(n, '17:30'),
  }),
  update: ({ u }) => ({ description: `Renamed ${u}` }),
  sortable: ['description', 'destination', 'start', 'end'],
  searchable: ['description', 'start', 'end'],
  filterable: ['timeProfileId'],
  // Shown as DD/MM/YYYY HH:mm, sorted as the time.
  sortKeys: { start: (e) => calendarKey(e.start), end: (e) => calendarKey(e.end) },
  invalid: { patch: { end: '01/01/2020 00:00' }, field: 'end', message: TIME_PROFILE_MESSAGES.dateOrder },
  cases: (s) => {
    it('refuses another account’s time profile (400), so an entry stays in its account', async () => {
      const theirs = await s.other.call('POST', '/timeprofile/0/1', {});
      const profileId = (theirs.json() as { records: Array<{ id: number }> }).records[0]?.id;
      const res = await s.owner.call('POST', '/timeprofilecalendar', {
        timeProfileId: profileId,
        description: `Entry ${s.make().u}`,
        destination: 'seat:201',
        start: '01/02/2027 09:00',
        end: '01/02/2027 10:00',
      });
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as { validation: object }).validation).toEqual({ timeProfileId: MESSAGES.recordNotFound });
    });

    // BUG: calendar entries emit their change events as area 'time-profiles' with the plain kinds
    // 'create' / 'update' / 'delete' and their own id as record_id, exactly like time profiles: when a
    // profile and an entry share an id (two sequences), a consumer of the outbox cannot tell which
    // record an event is about (children() names the parent and prefixes its kinds: 'entry.create').
    it('records a calendar entry’s events so that they cannot be taken for a time profile’s', async () => {
      const db = s.t.database.db;
      // Both sequences on one value: the next profile and the next entry get the same id.
      const { rows } = await sql<{ v: number }>`select greatest(
        (select coalesce(max(id), 0) from time_profiles), (select coalesce(max(id), 0) from time_profile_calendars)
      ) + 100 as v`.execute(db);
      const v = Number(rows[0]?.v);
      await sql`select setval(pg_get_serial_sequence('time_profiles', 'id'), ${v})`.execute(db);
      await sql`select setval(pg_get_serial_sequence('time_profile_calendars', 'id'), ${v})`.execute(db);
      const { u, n } = s.make();
      const profile = await s.owner.call('POST', '/timeprofile', { extension: n, name: `Shared ${u}` });
      const profileId = (profile.json() as { id: number }).id;
      const entry = await s.owner.call('POST', '/timeprofilecalendar', {
        timeProfileId: profileId,
        description: `Entry ${u}`,
        destination: 'seat:201',
        start: '01/02/2027 09:00',
        end: '01/02/2027 10:00',
      });
      expect((entry.json() as { id: number }).id).toBe(profileId);
      const events = await db
        .selectFrom('change_events')
        .select(['area', 'record_id', 'kind'])
        .where('record_id', '=', profileId)
        .execute();
      // Two different records created: their events must differ in area, record or kind.
      expect(new Set(events.map((e) => `${e.area} ${e.record_id} ${e.kind}`)).size).toBe(events.length);
    });
  },
});
