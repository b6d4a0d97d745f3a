import { CALL_FLOW_MESSAGES, type CallFlowTrace, FEATURES, MASK, MESSAGES, type RouteStep } from '@switchboard/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestContext, json, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let retail: Record<string, string>;
let prepay: Record<string, string>;
let viewer: Record<string, string>;
let numbersOnly: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
  prepay = await t.login('prepay');
  viewer = await t.login('viewer');
  await addUser(t.database.db, {
    username: 'trace-numbers-only',
    accountNo: 30000,
    grants: [[FEATURES.numbers, MASK.all]],
  });
  numbersOnly = await t.login('trace-numbers-only');
});
afterAll(async () => t?.close());

const trace = async (headers: Record<string, string>, body: object) => {
  const res = await t.api('POST', '/callflow/trace', headers, body);
  expect(res.statusCode, res.body).toBe(200);
  return json<CallFlowTrace>(res);
};
const kinds = (steps: RouteStep[]) => steps.map((s) => s.rule.kind);

describe('POST /callflow/trace', () => {
  it('traces the demo main number on Saturday 10:00 to the weekend cover’s engineer, in plain words', async () => {
    const reply = await trace(retail, { dialled: '01214960000', at: '2026-11-28T10:00:00Z' });
    expect(reply.at).toBe('2026-11-28T10:00:00.000Z');
    expect(kinds(reply.steps)).toEqual(['number', 'timeProfile', 'timeProfile', 'seat']);
    expect(reply.steps[1]?.rule.text).toBe(
      "Saturday 10:00 is outside 'Office hours' (Mon–Fri 09:00–17:30) → the closed destination 'Weekend cover'",
    );
    expect(reply.steps[1]?.object).toMatchObject({
      type: 'timeprofile',
      value: 'timeprofile:300',
      name: '300 - Office hours',
    });
    expect(reply.steps[3]?.object.value).toBe('seat:205');
    expect(reply.steps[3]?.alternatives.map((a) => a.condition)).toEqual(['busy', 'dnd', 'noAnswer', 'unregistered']);
  });

  it('reads the menu, the group and its members, the queue and the calendar from the database', async () => {
    const weekday = await trace(retail, { dialled: '01214960000', at: '2026-11-24T10:00:00Z', keys: ['1'] });
    expect(kinds(weekday.steps)).toEqual(['number', 'timeProfile', 'ivrKey', 'callGroup']);
    expect(weekday.steps[3]?.rule.data).toMatchObject({ ringing: ['seat:209', 'seat:212'], fallover: 'seat:201' });
    const queue = weekday.steps[2]?.alternatives.find((a) => a.condition === 'timeout')?.steps[0];
    expect(queue?.rule.data).toMatchObject({ members: ['seat:210', 'seat:211'], strategy: 'Round Robin with Memory' });
    const christmas = await trace(retail, { dialled: '01214960000', at: '2026-12-25T10:00:00Z' });
    expect(christmas.steps[1]?.rule.data).toMatchObject({ reason: 'calendar', calendarEntry: 'Christmas shutdown' });
    // Saturday night: the weekend cover is closed too → the on-call engineer's NTS.
    const night = await trace(retail, { dialled: '+441214960000', at: '2026-11-28T20:00:00Z' });
    expect(night.steps.at(-1)?.rule.text).toBe(
      "NTS 'Out of hours engineer' forwards the call to 07700900999, outside the network",
    );
  });

  it('loads the estate in a fixed number of statements, however many objects the account has', async () => {
    // Counted with the kinds it grows in written since the estate was last read: they are read again.
    const count = async () => {
      for (const table of ['seats', 'ivrs', 'call_group_members']) {
        await sql`update ${sql.table(table)} set account_no = account_no where account_no = 30000`.execute(
          t.database.db,
        );
      }
      return (await t.statements(() => trace(retail, { dialled: '350', at: '2026-11-24T10:00:00Z' }))).length;
    };
    const before = await count();
    const group = await t.database.db
      .selectFrom('call_groups')
      .select('id')
      .where('account_no', '=', 30000)
      .where('group_no', '=', 350)
      .executeTakeFirstOrThrow();
    await sql`insert into ivrs (account_no, ivr_no, description) values (30000, 371, 'Second menu'), (30000, 372, 'Third menu')`.execute(
      t.database.db,
    );
    await sql`insert into call_group_members (account_no, group_id, member, days)
      values (30000, ${group.id}, 'seat:201', '{"monday":true,"tuesday":true,"wednesday":true,"thursday":true,"friday":true,"saturday":true,"sunday":true}')`.execute(
      t.database.db,
    );
    try {
      expect(await count()).toBe(before);
      const reply = await trace(retail, { dialled: '350', at: '2026-11-24T10:00:00Z' });
      expect(reply.steps[0]?.rule.data).toMatchObject({ ringing: ['seat:209', 'seat:212', 'seat:201'] });
    } finally {
      await sql`delete from ivrs where account_no = 30000 and ivr_no in (371, 372)`.execute(t.database.db);
      await sql`delete from call_group_members where group_id = ${group.id} and member = 'seat:201'`.execute(
        t.database.db,
      );
    }
  });

  it('follows a change at once: a profile forced closed sends Tuesday’s calls to the closed side', async () => {
    const { id, version } = await t.database.db
      .selectFrom('time_profiles')
      .select(['id', 'version'])
      .where('account_no', '=', 30000)
      .where('extension', '=', 300)
      .executeTakeFirstOrThrow();
    const forced = await t.api('PATCH', `/timeprofile/${id}`, { ...retail, 'if-match': `"${version}"` }, { mode: 2 });
    expect(forced.statusCode, forced.body).toBe(200);
    try {
      const reply = await trace(retail, { dialled: '01214960000', at: '2026-11-24T10:00:00Z' });
      expect(reply.steps[1]?.rule.text).toBe(
        "'Office hours' is set to Always closed → the closed destination 'Weekend cover'",
      );
    } finally {
      await t.database.db.updateTable('time_profiles').set({ mode: 0 }).where('id', '=', id).execute();
    }
  });

  it('needs read on the numbers and every destination type’s area', async () => {
    expect((await t.api('POST', '/callflow/trace', viewer, { dialled: '201' })).statusCode).toBe(200);
    const refused = await t.api('POST', '/callflow/trace', numbersOnly, { dialled: '201' });
    expect(refused.statusCode).toBe(403);
    expect(JSON.stringify(refused.json())).not.toContain('Reception');
    expect((await t.api('POST', '/callflow/trace', {}, { dialled: '201' })).statusCode).toBe(401);
  });

  it('refuses bad input with a clear 400, never a 500', async () => {
    const missing = await t.api('POST', '/callflow/trace', retail, {});
    expect(missing.statusCode).toBe(400);
    expect(json<{ validation: Record<string, string> }>(missing).validation.dialled).toBe(MESSAGES.required);
    const badInstant = await t.api('POST', '/callflow/trace', retail, { dialled: '201', at: 'Saturday' });
    expect(badInstant.statusCode).toBe(400);
    expect(json<{ validation: Record<string, string> }>(badInstant).validation.at).toBe(CALL_FLOW_MESSAGES.instant);
    const badKey = await t.api('POST', '/callflow/trace', retail, { dialled: '370', keys: ['A'] });
    expect(badKey.statusCode).toBe(400);
    const nonsense = await trace(retail, { dialled: 'not a number' });
    expect(kinds(nonsense.steps)).toEqual(['missing']);
  });
});

describe('isolation: a trace never reaches another account’s objects', () => {
  it('another account’s number, extension or destination is not found in the caller’s estate', async () => {
    // Acme's main line, from the salon's account: not one of its numbers, so an outside call.
    const number = await trace(prepay, { dialled: '01214960000', at: '2026-11-28T10:00:00Z' });
    expect(kinds(number.steps)).toEqual(['outside']);
    // Acme's menu (370) and NTS: missing for the salon.
    const menu = await trace(prepay, { dialled: 'ivr:370' });
    expect(menu.steps[0]?.object).toEqual({ type: 'missing', id: null, name: 'ivr:370', value: 'ivr:370' });
    expect(kinds((await trace(prepay, { dialled: '370' })).steps)).toEqual(['missing']);
  });

  it('a destination naming another account’s object shows as missing, never named', async () => {
    const nts = await t.database.db
      .selectFrom('nts_destinations')
      .select('id')
      .where('account_no', '=', 30000)
      .executeTakeFirstOrThrow();
    // Written past the API (which refuses it): the salon's profile closed side → Acme's NTS.
    await sql`update time_profiles set out_destination = ${`nts:${nts.id}`}
      where account_no = 30001 and extension = 300`.execute(t.database.db);
    try {
      // Sunday: the salon is closed.
      const reply = await trace(prepay, { dialled: '01179460000', at: '2026-11-29T12:00:00Z' });
      expect(kinds(reply.steps)).toEqual(['number', 'timeProfile', 'missing']);
      expect(reply.steps[2]?.object).toEqual({
        type: 'missing',
        id: null,
        name: `nts:${nts.id}`,
        value: `nts:${nts.id}`,
      });
      expect(JSON.stringify(reply)).not.toContain('Out of hours engineer');
      expect(JSON.stringify(reply)).not.toContain('07700900999');
    } finally {
      await sql`update time_profiles set out_destination = '' where account_no = 30001 and extension = 300`.execute(
        t.database.db,
      );
    }
  });
});
