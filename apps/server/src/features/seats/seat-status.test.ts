/**
 * The seats list's stored registration status (migration 053, issue 25 item 2): the database keeps
 * each seat's desk, desktop and mobile status, public IP and network from its registrations in the
 * writing transaction, the expiry job turns off the registrations whose expiry passed, and the list
 * filters and sorts by the stored columns through their indexes.
 */
import { isPublicIp, type Seat, seatValues } from '@switchboard/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireRegistrations } from '../../modules/endpoints/registration-expiry.ts';
import { Jobs } from '../../platform/jobs.ts';
import { basedOn, createTestContext, json, type TestContext } from '../../test/harness.ts';
import { pageReads } from '../../test/page-plan.ts';
import { area } from './area.ts';
import { seatList } from './seat-list.test-support.ts';

let t: TestContext;
let retail: Record<string, string>;
const ACCOUNT = 30000;

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
});
afterAll(async () => t?.close());

const list = seatList(() => ({ t, headers: retail }));
const seatOf = async (extension: number) => {
  const seat = (await list()).records.find((s) => s.extension === extension);
  if (!seat) throw new Error(`no seat ${extension}`);
  return seat;
};
const filtered = async (filters: object) => (await list({ filters })).records.map((s) => s.extension);
const registrations = () => t.database.db.selectFrom('seat_registrations');
/** The registrar's write: the seat's contact of `kind`, expiring at `expires` (SQL), as an upsert. */
const register = (seatId: number, kind: string, ipaddr: string, expires = sql<Date>`now() + interval '1 hour'`) =>
  t.database.db
    .insertInto('seat_registrations')
    .values({ account_no: ACCOUNT, seat_id: seatId, kind, ipaddr, port: 5060, expires_at: expires })
    .onConflict((oc) => oc.columns(['seat_id', 'kind']).doUpdateSet({ ipaddr, expires_at: expires }))
    .execute();
const unregister = (seatId: number, kind?: string) => {
  const q = t.database.db.deleteFrom('seat_registrations').where('seat_id', '=', seatId);
  return (kind ? q.where('kind', '=', kind) : q).execute();
};
/** The seat row's version as PostgreSQL writes it (a new one for every write of the row). */
const rowVersion = async (id: number) =>
  (await sql<{ x: string }>`select xmin::text as x from seats where id = ${id}`.execute(t.database.db)).rows[0]?.x;

describe('the stored registration status', () => {
  it('follows a registration, its address, its removal and its expiry, in the writing transaction', async () => {
    const workshop = await seatOf(207);
    expect(workshop).toMatchObject({ status: 'Unregistered', publicIp: false, onNet: false, ipaddr: '', port: null });
    try {
      await register(workshop.id, 'desk', '192.168.1.57');
      expect(await seatOf(207)).toMatchObject({ status: 'Registered', publicIp: false, onNet: true, port: 5060 });
      expect(await filtered({ status: 'Registered' })).toContain(207);
      expect(await filtered({ status: 'Unregistered' })).not.toContain(207);

      await register(workshop.id, 'desk', '81.2.69.57');
      expect(await seatOf(207)).toMatchObject({ status: 'Registered', publicIp: true, onNet: false });
      expect(await filtered({ publicIp: true })).toContain(207);

      await register(workshop.id, 'desktop', '81.2.69.58');
      expect((await seatOf(207)).desktopStatus).toBe('Registered');
      expect(await filtered({ desktopStatus: 'Registered' })).toContain(207);
      await unregister(workshop.id, 'desktop');
      expect((await seatOf(207)).desktopStatus).toBe('Unregistered');

      // The registrar writes an expiry already past: unregistered at once.
      await register(workshop.id, 'desk', '81.2.69.57', sql<Date>`now() - interval '1 second'`);
      expect(await seatOf(207)).toMatchObject({ status: 'Unregistered', publicIp: false, onNet: false, ipaddr: '' });
      expect(await filtered({ publicIp: true })).not.toContain(207);

      // An expiry that passes without a write: the expiry job turns it off.
      await register(workshop.id, 'desk', '81.2.69.57', sql<Date>`now() + interval '300 milliseconds'`);
      expect((await seatOf(207)).status).toBe('Registered');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await expireRegistrations(t.app.platform.tenancy, 'seat_registrations')).toBe(1);
      expect(await seatOf(207)).toMatchObject({ status: 'Unregistered', publicIp: false, ipaddr: '' });
      expect(await filtered({ status: 'Unregistered' })).toContain(207);
      expect(await expireRegistrations(t.app.platform.tenancy, 'seat_registrations')).toBe(0);

      await register(workshop.id, 'desk', '192.168.1.57');
      expect((await seatOf(207)).status).toBe('Registered');
      await unregister(workshop.id);
      expect(await seatOf(207)).toMatchObject({ status: 'Unregistered', onNet: false, ipaddr: '' });
    } finally {
      await unregister(workshop.id);
    }
  });

  it('is turned off by the seats area’s expiry job on a serving process once the expiry has passed', async () => {
    const workshop = await seatOf(207);
    const errors: unknown[] = [];
    const log = { info: () => undefined, error: (e: unknown) => errors.push(e) };
    // A serving process's queue: the seats area's jobs, worked (the test app's queue only takes jobs).
    const queue = new Jobs(t.database);
    queue.declare(...(area.jobs?.(t.app.platform, log) ?? []));
    expect(queue.names).toEqual(['registration-expiry-seat-registrations']);
    await queue.start({ work: true, log });
    try {
      // A second ahead: the job may already know of it and run the moment it expires (not before).
      await register(workshop.id, 'desk', '192.168.1.57', sql<Date>`now() + interval '1 second'`);
      expect((await seatOf(207)).status).toBe('Registered');
      // The job runs when the expiry falls due (a few seconds at the latest for a registration it has
      // not seen yet); a loaded machine may delay it: look again for up to 10 s.
      let status = 'Registered';
      for (let tries = 0; tries < 40 && status === 'Registered'; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        status = (await seatOf(207)).status;
      }
      expect(status).toBe('Unregistered');
      expect(errors).toEqual([]);
    } finally {
      await queue.stop();
      await unregister(workshop.id);
    }
  });

  it('writes the seat only when its status changes: a refresh of the expiry leaves the row alone', async () => {
    const workshop = await seatOf(207);
    try {
      await register(workshop.id, 'desk', '192.168.1.57');
      const registered = await rowVersion(workshop.id);
      await register(workshop.id, 'desk', '192.168.1.57', sql<Date>`now() + interval '2 hours'`);
      expect(await rowVersion(workshop.id)).toBe(registered);
      await register(workshop.id, 'desk', '192.168.1.58', sql<Date>`now() + interval '2 hours'`);
      expect(await rowVersion(workshop.id)).toBe(registered);
      await register(workshop.id, 'desk', '81.2.69.58', sql<Date>`now() + interval '2 hours'`);
      expect(await rowVersion(workshop.id)).not.toBe(registered);
    } finally {
      await unregister(workshop.id);
    }
  });

  it('is not an edit of the seat: its version stays and a save based on it is not stale', async () => {
    const workshop = json<Seat>(await t.api('GET', `/seat/${(await seatOf(207)).id}`, retail));
    try {
      await register(workshop.id, 'desk', '192.168.1.57');
      const after = json<Seat>(await t.api('GET', `/seat/${workshop.id}`, retail));
      expect([after.status, after.version]).toEqual(['Registered', workshop.version]);
      const save = await t.api('PUT', `/seat/${workshop.id}`, basedOn(retail, workshop.version), {
        ...seatValues(workshop),
        ringTime: 25,
      });
      expect(save.statusCode).toBe(200);
      expect(json<Seat>(await t.api('GET', `/seat/${workshop.id}`, retail)).version).toBe(workshop.version + 1);
    } finally {
      await unregister(workshop.id);
    }
  });

  it('keeps the status of a seat whose registrations go with it, and of a reset secret', async () => {
    const created = await t.api('POST', '/seat', retail, { extension: 281, nickname: 'Status' });
    const id = json<{ id: number }>(created).id;
    await register(id, 'desk', '81.2.69.81');
    await register(id, 'mobile', '81.2.69.82');
    expect(await seatOf(281)).toMatchObject({ status: 'Registered', mobileStatus: 'Registered', publicIp: true });
    expect((await t.api('GET', `/seat/${id}/password/reset`, retail)).statusCode).toBe(200);
    expect(await seatOf(281)).toMatchObject({ status: 'Unregistered', mobileStatus: 'Unregistered', publicIp: false });
    await register(id, 'desk', '81.2.69.81');
    expect((await t.api('DELETE', `/seat/${id}`, retail)).statusCode).toBe(200);
    expect(await registrations().select('seat_id').where('seat_id', '=', id).execute()).toEqual([]);
  });
});

describe('the seats list by the stored status', () => {
  /** What each seat's registrations say now, worked out here from the registrations themselves. */
  const truth = async () => {
    const rows = await registrations()
      .innerJoin('seats', 'seats.id', 'seat_registrations.seat_id')
      .select(['seats.extension', 'seat_registrations.kind', 'seat_registrations.ipaddr'])
      .where('seats.account_no', '=', ACCOUNT)
      .where(sql<boolean>`seat_registrations.expires_at > now()`)
      .execute();
    const on = (extension: number, kind: string) => rows.some((r) => r.extension === extension && r.kind === kind);
    const desk = (extension: number) => rows.find((r) => r.extension === extension && r.kind === 'desk');
    const status = (registered: boolean) => (registered ? 'Registered' : 'Unregistered');
    return (await list()).records.map((s) => ({
      id: s.id,
      extension: s.extension,
      status: status(on(s.extension, 'desk')),
      desktopStatus: status(on(s.extension, 'desktop')),
      mobileStatus: status(on(s.extension, 'mobile')),
      publicIp: isPublicIp(desk(s.extension)?.ipaddr ?? ''),
      onNet: desk(s.extension) !== undefined && !isPublicIp(desk(s.extension)?.ipaddr ?? ''),
    }));
  };
  type Truth = Awaited<ReturnType<typeof truth>>[number];

  it('filters and sorts return the rows the registrations say, paged, with their totals', async () => {
    // Beside the demo's: an expired desk phone, a softphone without a desk phone, a public desktop one.
    const ids = new Map((await list()).records.map((s) => [s.extension, s.id]));
    const id = (extension: number) => ids.get(extension) as number;
    await register(id(207), 'desk', '81.2.69.27', sql<Date>`now() - interval '1 minute'`);
    await register(id(212), 'mobile', '10.1.1.12');
    await register(id(204), 'desktop', '81.2.69.24');
    try {
      const seats = await truth();
      for (const [field, values] of [
        ['status', ['Registered', 'Unregistered']],
        ['desktopStatus', ['Registered', 'Unregistered']],
        ['mobileStatus', ['Registered', 'Unregistered']],
        ['publicIp', [true, false]],
      ] as const) {
        for (const value of values) {
          const want = seats.filter((s) => s[field] === value).map((s) => s.extension);
          expect([field, value, await filtered({ [field]: value })]).toEqual([field, value, want]);
          const page = await list({ filters: { [field]: value } }, '1/2');
          expect([field, value, page.totalRecords, page.records.map((s) => s.extension)]).toEqual([
            field,
            value,
            want.length,
            want.slice(1, 3),
          ]);
        }
      }
      for (const field of ['status', 'publicIp', 'onNet'] as const) {
        for (const direction of ['asc', 'desc'] as const) {
          const sign = direction === 'asc' ? 1 : -1;
          const key = (s: Truth) => String(s[field]);
          const want = [...seats]
            .sort((a, b) => sign * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) || a.id - b.id)
            .map((s) => s.extension);
          const got = (await list({ sortBy: field, direction })).records.map((s) => s.extension);
          expect([field, direction, got]).toEqual([field, direction, want]);
          const page = await list({ sortBy: field, direction }, '3/4');
          expect(page.records.map((s) => s.extension)).toEqual(want.slice(3, 7));
        }
      }
    } finally {
      await unregister(id(207));
      await unregister(id(212), 'mobile');
      await unregister(id(204), 'desktop');
    }
  });

  it('finds and counts a status filter’s or sort’s page from the seats alone, by an index leading with the account', async () => {
    const cases: Array<[object, string]> = [
      [{ filters: { status: 'Registered' } }, 'desk_status'],
      [{ filters: { status: 'Unregistered' } }, 'desk_status'],
      [{ filters: { desktopStatus: 'Registered' } }, 'desktop_status'],
      [{ filters: { mobileStatus: 'Unregistered' } }, 'mobile_status'],
      [{ filters: { publicIp: true } }, 'public_ip'],
      [{ sortBy: 'status', direction: 'asc' }, 'desk_status'],
      [{ sortBy: 'publicIp', direction: 'desc' }, 'public_ip'],
      [{ sortBy: 'onNet', direction: 'asc' }, 'on_net'],
    ];
    const { rows: indexes } = await sql<{ indexdef: string }>`
      select indexdef from pg_indexes where tablename = 'seats'`.execute(t.database.db);
    for (const [payload, column] of cases) {
      // The page's ids and its total (the statement's init plans) read the seats (and an unfiltered
      // total the kept count, list_counts), no registration; the 5 rows of the page are then
      // decorated with their desk phone's registration.
      expect([payload, await pageReads(t, ACCOUNT, () => list(payload, '0/5'))]).toEqual([payload, ['seats']]);
      expect([column, indexes.some((i) => i.indexdef.includes(`(account_no, ${column}, id)`))]).toEqual([column, true]);
    }
  });
});
