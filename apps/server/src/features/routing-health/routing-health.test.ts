import { FEATURES, type LintKind, MASK, perDay, type RoutingHealth } from '@switchboard/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestContext, json, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let retail: Record<string, string>;
let prepay: Record<string, string>;
let numbersOnly: Record<string, string>;
const ACME = 30000;

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
  prepay = await t.login('prepay');
  await addUser(t.database.db, {
    username: 'health-numbers-only',
    accountNo: ACME,
    grants: [[FEATURES.numbers, MASK.all]],
  });
  numbersOnly = await t.login('health-numbers-only');
}, 240_000);
afterAll(async () => t?.close());

const health = async (headers: Record<string, string>) => {
  const res = await t.api('GET', '/routinghealth', headers);
  expect(res.statusCode, res.body).toBe(200);
  return json<RoutingHealth>(res);
};
const kinds = async (headers: Record<string, string>) => (await health(headers)).records.map((f) => f.kind).sort();
const run = (query: ReturnType<typeof sql>) => query.execute(t.database.db);
const NO_DAYS = JSON.stringify(perDay(() => false));
const EVERY_DAY = JSON.stringify(perDay(() => true));

describe('GET /routinghealth', () => {
  it('the demo estate has exactly one deliberate, explained finding: the Marketing number routed nowhere', async () => {
    const reply = await health(retail);
    expect(reply.totalRecords).toBe(1);
    expect(reply.records[0]).toMatchObject({
      kind: 'numberNowhere',
      object: { type: 'number', name: '03300880123 (Marketing)', value: '03300880123' },
      message: 'Number 03300880123 (Marketing) is routed nowhere: callers hear the number-unobtainable tone.',
    });
    const page = await t.api('POST', '/routinghealth/0/1', retail, {});
    expect(page.statusCode).toBe(200);
    expect(json<{ totalRecords: number; records: unknown[] }>(page)).toMatchObject({ totalRecords: 1, lastPage: true });
    expect(await kinds(prepay)).toEqual([]);
  });

  it('finds each kind from the database, and never another account’s', async () => {
    const greeting = await t.database.db
      .selectFrom('prompts')
      .select('id')
      .where('account_no', '=', ACME)
      .where('name', '=', 'Acme main greeting')
      .executeTakeFirstOrThrow();
    await run(sql`update ivrs set option3 = 'queue:999' where account_no = ${ACME} and ivr_no = 370`);
    await run(
      sql`insert into call_groups (account_no, group_no, custom_name, fallover_location) values (${ACME}, 351, 'Loop team', 'ivr:371')`,
    );
    await run(
      sql`insert into ivrs (account_no, ivr_no, description, option1, option_timeout) values (${ACME}, 371, 'Loop menu', 'callgroup:351', 'callgroup:351'), (${ACME}, 372, 'Silent menu', '', 'seat:201')`,
    );
    await run(sql`update ivrs set greeting_id = ${greeting.id} where account_no = ${ACME} and ivr_no = 372`);
    await run(
      sql`update time_profiles set out_destination = 'seat:205' where account_no = ${ACME} and extension = 301`,
    );
    await run(sql`insert into call_queues (account_no, queue_no, custom_name) values (${ACME}, 361, 'Empty queue')`);
    await run(sql`update seats set cfwd_busy = '01214960003' where account_no = ${ACME} and extension = 205`);
    await run(sql`update call_group_members set days = ${NO_DAYS} where account_no = ${ACME} and member = 'seat:212'`);
    try {
      const reply = await health(retail);
      expect(reply.records.map((f) => f.kind).sort()).toEqual([
        'dangling',
        'divertSelf',
        'groupNoMembers',
        'ivrKeysUnset',
        'loop',
        'memberNeverRings',
        'numberNowhere',
        'queueNoMembers',
        'sameOpenClosed',
      ] satisfies LintKind[]);
      const loop = reply.records.find((f) => f.kind === 'loop');
      expect(loop?.message).toContain(
        'A loop with no way out: Call Group 351 Loop team → IVR 371 Loop menu → Call Group 351 Loop team.',
      );
      expect(reply.records.find((f) => f.kind === 'dangling')?.message).toBe(
        "IVR 370 Main menu: key 3 is 'queue:999', which does not exist, so calls sent there end. Choose a destination that exists.",
      );
      expect(await kinds(prepay)).toEqual([]);
    } finally {
      await run(sql`update ivrs set option3 = '' where account_no = ${ACME} and ivr_no = 370`);
      await run(sql`delete from ivrs where account_no = ${ACME} and ivr_no in (371, 372)`);
      await run(sql`delete from call_groups where account_no = ${ACME} and group_no = 351`);
      await run(sql`delete from call_queues where account_no = ${ACME} and queue_no = 361`);
      await run(
        sql`update time_profiles set out_destination = (select 'nts:' || id from nts_destinations where account_no = ${ACME} limit 1) where account_no = ${ACME} and extension = 301`,
      );
      await run(sql`update seats set cfwd_busy = '' where account_no = ${ACME} and extension = 205`);
      await run(
        sql`update call_group_members set days = ${EVERY_DAY} where account_no = ${ACME} and member = 'seat:212'`,
      );
    }
    expect(await kinds(retail)).toEqual(['numberNowhere']);
  });

  it('finds seats diverting to each other in a circle', async () => {
    await run(
      sql`update telephone_numbers set destination = 'seat:201' where account_no = ${ACME} and number = '03300880123'`,
    );
    await run(sql`update seats set cfwd_busy = '01214960003' where account_no = ${ACME} and extension = 201`);
    await run(sql`update seats set cfwd_busy = '03300880123' where account_no = ${ACME} and extension = 205`);
    try {
      const reply = await health(retail);
      expect(reply.records.map((f) => f.kind)).toEqual(['divertCycle']);
      expect(reply.records[0]?.objects.map((o) => o.value)).toEqual(['seat:201', 'seat:205']);
    } finally {
      await run(
        sql`update telephone_numbers set destination = '' where account_no = ${ACME} and number = '03300880123'`,
      );
      await run(sql`update seats set cfwd_busy = '' where account_no = ${ACME} and extension in (201, 205)`);
    }
  });

  it('needs read on every kind of routing object', async () => {
    const refused = await t.api('GET', '/routinghealth', numbersOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('Marketing');
    expect((await t.api('GET', '/routinghealth', {})).statusCode).toBe(401);
    expect((await t.api('POST', '/routinghealth/0/1', numbersOnly, {})).statusCode).toBe(403);
  });
});

describe('a save that would make a loop with no way out is refused, naming the loop; nothing changes', () => {
  const ids = async () => {
    const ivr = await t.database.db
      .selectFrom('ivrs')
      .select(['id', 'option1', 'option_timeout'])
      .where('account_no', '=', ACME)
      .where('ivr_no', '=', 373)
      .executeTakeFirstOrThrow();
    const group = await t.database.db
      .selectFrom('call_groups')
      .select(['id', 'fallover_location'])
      .where('account_no', '=', ACME)
      .where('group_no', '=', 352)
      .executeTakeFirstOrThrow();
    return { ivr, group };
  };
  const setUp = async (o: { keys: boolean; fallover: boolean }) => {
    await run(
      sql`insert into call_groups (account_no, group_no, custom_name, fallover_location) values (${ACME}, 352, 'Loop team', ${o.fallover ? 'ivr:373' : ''})`,
    );
    const key = o.keys ? 'callgroup:352' : '';
    await run(
      sql`insert into ivrs (account_no, ivr_no, description, option1, option_timeout) values (${ACME}, 373, 'Loop menu', ${key}, ${key})`,
    );
  };
  const tearDown = async () => {
    await run(sql`delete from ivrs where account_no = ${ACME} and ivr_no = 373`);
    await run(sql`delete from call_groups where account_no = ${ACME} and group_no = 352`);
  };

  it('an IVR key (and its timeout) sent to a group falling over to the IVR', async () => {
    await setUp({ keys: false, fallover: true });
    try {
      const { ivr } = await ids();
      const res = await t.api('PATCH', `/ivr/${ivr.id}`, retail, {
        option1: 'callgroup:352',
        optionTimeout: 'callgroup:352',
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(json<{ message: string }>(res).message).toBe(
        'This change would make a loop with no way out: IVR 373 Loop menu → Call Group 352 Loop team → IVR 373 Loop menu',
      );
      expect((await ids()).ivr).toMatchObject({ option1: '', option_timeout: '' });
      // With a way out (the timeout ends the call), the same key is saved.
      const fine = await t.api('PATCH', `/ivr/${ivr.id}`, retail, { option1: 'callgroup:352' });
      expect(fine.statusCode, fine.body).toBe(200);
    } finally {
      await tearDown();
    }
  });

  it('a call group’s fallover sent back to the IVR that sends calls to it', async () => {
    await setUp({ keys: true, fallover: false });
    try {
      const { group } = await ids();
      const res = await t.api('PATCH', `/callgroup/${group.id}`, retail, { falloverLocation: 'ivr:373' });
      expect(res.statusCode, res.body).toBe(409);
      expect(json<{ message: string }>(res).message).toBe(
        'This change would make a loop with no way out: Call Group 352 Loop team → IVR 373 Loop menu → Call Group 352 Loop team',
      );
      expect((await ids()).group.fallover_location).toBe('');
      const events = await t.database.db
        .selectFrom('change_events')
        .select('id')
        .where('label', 'like', '%Loop team%')
        .execute();
      expect(events).toEqual([]);
    } finally {
      await tearDown();
    }
  });

  it('a save reads again only what it wrote: before the write the kept estate (its fingerprints), after it the IVRs', async () => {
    await setUp({ keys: false, fallover: false });
    try {
      const { ivr } = await ids();
      // The account's estate read since its last change (the health page): kept.
      await health(retail);
      const sent = await t.statements(async () => {
        const res = await t.api('PATCH', `/ivr/${ivr.id}`, retail, { description: 'Menu renamed' });
        expect(res.statusCode, res.body).toBe(200);
      });
      // Every statement of the estate reads the rows' versions: the fingerprints before and after the
      // write, then the IVRs' ids and versions, then the IVR written alone.
      const estate = sent.filter((s) => s.sql.includes('xmin::text'));
      expect(estate).toHaveLength(4);
      expect(estate[2]?.sql).toMatch(/json_agg\(.*from "ivrs"\)/);
      expect(estate[3]?.sql).toMatch(/from "ivrs" where "ivrs"."id" in \(\$1\)/);
    } finally {
      await tearDown();
    }
  });

  it('a save that leaves a loop as it was is not refused (it made none)', async () => {
    await setUp({ keys: true, fallover: true });
    try {
      const { ivr } = await ids();
      const res = await t.api('PATCH', `/ivr/${ivr.id}`, retail, { description: 'Loop menu renamed' });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await tearDown();
    }
  });
});
