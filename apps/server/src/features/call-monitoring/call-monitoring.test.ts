import {
  CALL_MONITORING_MESSAGES,
  type CallMonitor,
  type CallMonitoringBulkReply,
  FEATURES,
  MASK,
  MESSAGES,
  type MonitoringOverview,
} from '@switchboard/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  basedOn,
  createTestContext,
  json,
  onPostgres,
  raceWithOpenTransaction,
  type TestContext,
} from '../../test/harness.ts';

let t: TestContext;
let retail: Record<string, string>;
let prepay: Record<string, string>;
let viewer: Record<string, string>;
/** spy create + read: may add monitors, not edit them. */
let creator: Record<string, string>;
/** spy create + read + delete: may edit. */
let editor: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
  prepay = await t.login('prepay');
  viewer = await t.login('viewer');
  await addUser(t.database.db, {
    username: 'spy.creator',
    accountNo: 30000,
    grants: [[FEATURES.spy, MASK.create | MASK.read]],
  });
  await addUser(t.database.db, {
    username: 'spy.editor',
    accountNo: 30000,
    grants: [[FEATURES.spy, MASK.create | MASK.read | MASK.delete]],
  });
  creator = await t.login('spy.creator');
  editor = await t.login('spy.editor');
});
afterAll(async () => t?.close());

type Reply = { success?: boolean; message: string; id?: number; validation?: Record<string, string> };
type Page<T> = { records: T[]; totalRecords: number; lastPage: boolean };

let next = 640;
/** A new seat of the retail account: its SIP name and id. */
const newSeat = async (nickname: string) => {
  const extension = next++;
  const res = await t.api('POST', '/seat', retail, { extension, nickname });
  expect(res.statusCode, res.body).toBe(200);
  return {
    name: `30000*${extension}`,
    id: json<Reply>(res).id as number,
    extension,
    label: `${extension} - ${nickname}`,
  };
};
const overview = async (headers: Record<string, string>, body: object = {}) =>
  json<Page<MonitoringOverview>>(await t.api('POST', '/callmonitoring/overview', headers, body));
const monitorsOf = async (source: string) =>
  json<Page<CallMonitor>>(await t.api('POST', '/callmonitoring/-1/-1', retail, { filters: { source } })).records;
const bulk = (source: string, body: object, headers = retail) =>
  t.api('PUT', `/callmonitoring/bulk/${source}`, headers, body);
const pinsOf = async (sourceId: number) => {
  const { rows } = await sql<{ password: string }>`select password from call_monitors
    where source_seat_id = ${sourceId}`.execute(t.database.db);
  return rows.map((r) => r.password);
};

describe('call monitoring: lists', () => {
  it('shows the demo office manager monitoring the sales call group’s seats, in the overview and the list', async () => {
    const page = await overview(retail, { filters: { monitoring: true } });
    expect(page.records.map((s) => [s.extension, s.monitors.map((m) => m.monitorName)])).toEqual([
      [203, ['209 - Estimating', '212 - Training room']],
    ]);
    expect(page.records[0]).toMatchObject({ source: '30000*203', nickname: 'Office manager', monitorCount: 2 });
    // Every seat, monitoring or not; paged in the body; searched; sorted.
    const all = await overview(retail, { offset: 0, limit: 5 });
    expect(all.records).toHaveLength(5);
    expect(all.lastPage).toBe(false);
    expect(all.records[0]?.extension).toBe(201);
    expect((await overview(retail, { search: 'office man' })).records.map((s) => s.extension)).toEqual([203]);
    const byCount = await overview(retail, { sortBy: 'monitorCount', direction: 'desc', offset: 0, limit: 1 });
    expect(byCount.records[0]?.extension).toBe(203);
    const bad = await t.api('POST', '/callmonitoring/overview', retail, { offset: 0 });
    expect(bad.statusCode).toBe(400);

    const rows = await monitorsOf('30000*203');
    expect(rows.map((r) => [r.source, r.sourceName, r.destination, r.monitorName])).toEqual([
      ['30000*203', '203 - Office manager', '30000*209', '209 - Estimating'],
      ['30000*203', '203 - Office manager', '30000*212', '212 - Training room'],
    ]);
    const byDestination = json<Page<CallMonitor>>(
      await t.api('POST', '/callmonitoring/-1/-1', retail, { filters: { destination: '30000*212' } }),
    );
    expect(byDestination.records.map((r) => r.source)).toEqual(['30000*203']);
    const searched = json<Page<CallMonitor>>(await t.api('POST', '/callmonitoring/0/15', retail, { search: 'estim' }));
    expect(searched.records.map((r) => r.destination)).toEqual(['30000*209']);
    // The PIN is never read back.
    const one = await t.api('GET', `/callmonitoring/${rows[0]?.id}`, retail);
    expect(one.statusCode).toBe(200);
    expect(json(one)).not.toHaveProperty('password');
    expect(one.body).not.toContain('2580');
  });
});

describe('call monitoring: one monitor', () => {
  it('creates one and reads it back; refuses itself, a pair twice, a bad PIN and a seat not the account’s', async () => {
    const boss = await newSeat('Super');
    const desk = await newSeat('Desk');
    const create = (body: object) => t.api('POST', '/callmonitoring', retail, body);
    const ok = await create({ source: boss.name, destination: desk.name, password: '1234' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json<Reply>(ok).message).toBe(`${boss.label} monitoring ${desk.label} created successfully`);
    const read = json<CallMonitor>(await t.api('GET', `/callmonitoring/${json<Reply>(ok).id}`, retail));
    expect(read).toMatchObject({
      source: boss.name,
      destination: desk.name,
      sourceId: boss.id,
      destinationId: desk.id,
    });
    expect(read.monitorName).toBe(desk.label);

    const refused = async (body: object, field: string, message: string) => {
      const res = await create(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(json<Reply>(res).validation?.[field]).toBe(message);
      expect(json<Reply>(res).message).toBe(message);
    };
    await refused(
      { source: boss.name, destination: boss.name, password: '1234' },
      'destination',
      CALL_MONITORING_MESSAGES.self,
    );
    await refused(
      { source: boss.name, destination: desk.name, password: '1234' },
      'destination',
      `${boss.label} is already monitoring calls`,
    );
    for (const password of ['123', '1234567', 'abcd', '12 34', '']) {
      await refused(
        { source: boss.name, destination: desk.name, password },
        'password',
        'Please enter a 4-6 digit pin',
      );
    }
    await refused(
      { source: boss.name, destination: '30001*201', password: '1234' },
      'destination',
      MESSAGES.selectOption,
    );
    await refused({ source: '30001*201', destination: desk.name, password: '1234' }, 'source', MESSAGES.selectOption);
    expect((await monitorsOf(boss.name)).length).toBe(1);
  });

  it('edits one (create and delete rights), refusing a stale version, and deletes it', async () => {
    const boss = await newSeat('Lead');
    const a = await newSeat('Bench A');
    const b = await newSeat('Bench B');
    const id = json<Reply>(
      await t.api('POST', '/callmonitoring', retail, { source: boss.name, destination: a.name, password: '1111' }),
    ).id as number;
    const version = json<CallMonitor>(await t.api('GET', `/callmonitoring/${id}`, retail)).version;
    const edit = { id, destination: b.name, password: '222222' };
    expect((await t.api('PUT', '/callmonitoring', creator, edit)).statusCode).toBe(403);
    expect((await t.api('PUT', '/callmonitoring', viewer, edit)).statusCode).toBe(403);
    const res = await t.api('PUT', '/callmonitoring', editor, edit);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Reply>(res).message).toBe(`${boss.label} monitoring ${b.label} has been updated`);
    expect((await monitorsOf(boss.name)).map((m) => m.destination)).toEqual([b.name]);
    expect(await pinsOf(boss.id)).toEqual(['222222']);
    const stale = await t.api('PUT', '/callmonitoring', basedOn(retail, version), edit);
    expect(stale.statusCode).toBe(409);
    expect(json<Reply>(stale).message).toBe(MESSAGES.staleVersion);
    const self = await t.api('PUT', '/callmonitoring', retail, { id, destination: boss.name });
    expect(json<Reply>(self).validation?.destination).toBe(CALL_MONITORING_MESSAGES.self);
    // '' keeps the PIN.
    expect((await t.api('PUT', '/callmonitoring', retail, { id, destination: a.name, password: '' })).statusCode).toBe(
      200,
    );
    expect(await pinsOf(boss.id)).toEqual(['222222']);

    expect((await t.api('DELETE', '/callmonitoring', creator, { id })).statusCode).toBe(403);
    const del = await t.api('DELETE', '/callmonitoring', editor, { id });
    expect(del.statusCode, del.body).toBe(200);
    expect(json<Reply>(del).message).toBe(`Successfully deleted ${boss.label} monitoring ${a.label}`);
    expect(await monitorsOf(boss.name)).toEqual([]);
  });
});

describe('call monitoring: bulk', () => {
  it('adds several monitors at once, answering a failure for each one it could not add', async () => {
    const boss = await newSeat('Floor boss');
    const [a, b, c] = [await newSeat('Agent A'), await newSeat('Agent B'), await newSeat('Agent C')];
    const first = await bulk(boss.name, { monitors: [a.name], password: '4321' });
    expect(first.statusCode, first.body).toBe(200);
    expect(json<CallMonitoringBulkReply>(first)).toEqual({
      success: true,
      message: `${boss.label} has been updated`,
      errors: [],
      added: [a.name],
    });
    const res = await bulk(boss.name, { monitors: [b.name, boss.name, a.name, '30001*201', c.name, b.name] });
    expect(res.statusCode, res.body).toBe(200);
    const reply = json<CallMonitoringBulkReply>(res);
    expect(reply.success).toBe(false);
    expect(reply.message).toBe(MESSAGES.multipleErrors);
    expect(reply.added).toEqual([b.name, c.name]);
    expect(reply.errors).toEqual([
      { monitor: boss.name, message: 'A seat cannot monitor itself' },
      { monitor: a.name, message: `${boss.label} is already monitoring calls` },
      { monitor: '30001*201', message: MESSAGES.selectOption },
    ]);
    expect((await monitorsOf(boss.name)).map((m) => m.destination)).toEqual([a.name, b.name, c.name]);
    // No PIN given: the source's is kept for the new monitors.
    expect(await pinsOf(boss.id)).toEqual(['4321', '4321', '4321']);
    const one = json<CallMonitoringBulkReply>(await bulk(boss.name, { monitors: [boss.name] }));
    expect(one.message).toBe(CALL_MONITORING_MESSAGES.self);
    // A new PIN applies to all the source's monitors.
    await bulk(boss.name, { monitors: [], password: '98765', delete: false }).then((r) =>
      expect(r.statusCode).toBe(400),
    );
    const d = await newSeat('Agent D');
    expect(
      json<CallMonitoringBulkReply>(await bulk(boss.name, { monitors: [d.name], password: '98765' })).success,
    ).toBe(true);
    expect(new Set(await pinsOf(boss.id))).toEqual(new Set(['98765']));
  });

  it('refuses a bulk with neither monitors nor delete, a bad PIN, no PIN for a new source, an unknown source', async () => {
    const boss = await newSeat('Nobody yet');
    const a = await newSeat('Someone');
    const refused = async (body: object, field: string, message: string) => {
      const res = await bulk(boss.name, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(json<Reply>(res).validation?.[field]).toBe(message);
    };
    await refused({ monitors: [] }, 'monitors', 'Please select some monitors or delete current monitors');
    await refused({}, 'monitors', 'Please select some monitors or delete current monitors');
    await refused({ monitors: [a.name], password: '12' }, 'password', 'Please enter a 4-6 digit pin');
    await refused({ monitors: [a.name], password: '1234567' }, 'password', 'Please enter a 4-6 digit pin');
    // No PIN and none stored yet.
    await refused({ monitors: [a.name] }, 'password', 'Please enter a 4-6 digit pin');
    expect(await monitorsOf(boss.name)).toEqual([]);
    expect((await bulk('30000*999', { monitors: [a.name], password: '1234' })).statusCode).toBe(404);
    expect((await bulk('not-a-seat', { monitors: [a.name], password: '1234' })).statusCode).toBe(400);
  });

  it('with delete replaces the source’s monitors (create and delete rights), or removes them all', async () => {
    const boss = await newSeat('Super 2');
    const [a, b] = [await newSeat('Team A'), await newSeat('Team B')];
    expect((await bulk(boss.name, { monitors: [a.name], password: '5555' }, creator)).statusCode).toBe(200);
    // Adding needs create only; removing the current monitors needs delete too.
    const noDelete = await bulk(boss.name, { monitors: [b.name], password: '5555', delete: true }, creator);
    expect(noDelete.statusCode).toBe(403);
    expect((await bulk(boss.name, { monitors: [b.name], password: '5555' }, viewer)).statusCode).toBe(403);
    expect((await monitorsOf(boss.name)).map((m) => m.destination)).toEqual([a.name]);
    const replaced = await bulk(boss.name, { monitors: [b.name, a.name], delete: true }, editor);
    expect(json<CallMonitoringBulkReply>(replaced)).toMatchObject({
      success: true,
      errors: [],
      added: [b.name, a.name],
    });
    expect((await monitorsOf(boss.name)).map((m) => m.destination).sort()).toEqual([a.name, b.name].sort());
    expect(await pinsOf(boss.id)).toEqual(['5555', '5555']);
    const cleared = await bulk(boss.name, { monitors: [], delete: true }, editor);
    expect(json<CallMonitoringBulkReply>(cleared)).toMatchObject({ success: true, added: [] });
    expect(await monitorsOf(boss.name)).toEqual([]);
    const events = await sql<{ kind: string; n: number }>`select kind, count(*)::int as n from change_events
      where area = 'call-monitoring' and (before->>'source' = ${boss.name} or after->>'source' = ${boss.name})
      group by kind order by kind`.execute(t.database.db);
    expect(events.rows.map((r) => [r.kind, Number(r.n)])).toEqual([
      ['create', 3],
      ['delete', 3],
    ]);
  });
});

describe('call monitoring: seats and accounts', () => {
  it('refuses to delete a seat that monitors or is monitored, naming the monitoring', async () => {
    const boss = await newSeat('Watcher');
    const a = await newSeat('Watched');
    await bulk(boss.name, { monitors: [a.name], password: '1234' });
    const watched = await t.api('DELETE', `/seat/${a.id}`, retail);
    expect(watched.statusCode).toBe(409);
    expect(json<Reply>(watched).message).toBe(`In use in Call Monitoring ${boss.label} monitoring ${a.extension}`);
    const watcher = await t.api('DELETE', `/seat/${boss.id}`, retail);
    expect(watcher.statusCode).toBe(409);
    expect(json<Reply>(watcher).message).toBe(`In use in Call Monitoring ${boss.label} monitoring ${a.extension}`);
    const demo = await t.api('DELETE', '/seat', retail, {
      ids: [
        json<Page<{ id: number; extension: number }>>(await t.api('POST', '/seat/-1/-1', retail, {})).records.find(
          (s) => s.extension === 209,
        )?.id,
      ],
    });
    expect(json<Reply>(demo).message).toContain('In use in Call Monitoring 203 - Office manager monitoring 209');
    await bulk(boss.name, { monitors: [], delete: true });
    expect((await t.api('DELETE', `/seat/${a.id}`, retail)).statusCode).toBe(200);
    expect((await t.api('DELETE', `/seat/${boss.id}`, retail)).statusCode).toBe(200);
  });

  it('keeps each account’s monitoring its own', async () => {
    const [demo] = await monitorsOf('30000*203');
    expect(demo).toBeDefined();
    const id = demo?.id as number;
    expect((await t.api('GET', `/callmonitoring/${id}`, prepay)).statusCode).toBe(404);
    expect((await overview(prepay, { filters: { monitoring: true } })).records).toEqual([]);
    expect(json<Page<CallMonitor>>(await t.api('POST', '/callmonitoring/-1/-1', prepay, {})).records).toEqual([]);
    expect((await t.api('DELETE', '/callmonitoring', prepay, { id })).statusCode).toBe(404);
    expect((await t.api('PUT', '/callmonitoring', prepay, { id, destination: '30001*202' })).statusCode).toBe(404);
    expect((await bulk('30000*203', { monitors: [], delete: true }, prepay)).statusCode).toBe(404);
    // The prepay account's own seat may not monitor ours.
    const cross = json<CallMonitoringBulkReply>(
      await bulk('30001*201', { monitors: ['30000*209'], password: '1234' }, prepay),
    );
    expect(cross.errors).toEqual([{ monitor: '30000*209', message: MESSAGES.selectOption }]);
    expect((await monitorsOf('30000*203')).length).toBe(2);
  });
});

describe('call monitoring: concurrency', () => {
  it.skipIf(!onPostgres)(
    'a monitor added meanwhile by another transaction: the bulk is refused whole with the spec’s text, not a 500',
    async () => {
      const boss = await newSeat('Racer');
      const [a, b] = [await newSeat('Race A'), await newSeat('Race B')];
      const res = await raceWithOpenTransaction(
        t.database.db,
        (trx) =>
          trx
            .insertInto('call_monitors')
            .values({ account_no: 30000, source_seat_id: boss.id, destination_seat_id: a.id, password: '1111' })
            .execute(),
        () => bulk(boss.name, { monitors: [b.name, a.name], password: '2222' }),
      );
      expect(res.statusCode, res.body).toBe(409);
      expect(json<Reply>(res).message).toBe(`${boss.label} is already monitoring calls`);
      // Nothing of the refused bulk was written: only the other transaction's monitor, with its PIN.
      expect((await monitorsOf(boss.name)).map((m) => m.destination)).toEqual([a.name]);
      expect(await pinsOf(boss.id)).toEqual(['1111']);
    },
  );
});
