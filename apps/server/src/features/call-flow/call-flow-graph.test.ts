import { CALL_FLOW_MESSAGES, FEATURES, MASK, MESSAGES, type RoutingGraph } from '@switchboard/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestContext, json, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let retail: Record<string, string>;
let prepay: Record<string, string>;
let numbersOnly: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
  prepay = await t.login('prepay');
  await addUser(t.database.db, {
    username: 'graph-numbers-only',
    accountNo: 30000,
    grants: [[FEATURES.numbers, MASK.all]],
  });
  numbersOnly = await t.login('graph-numbers-only');
});
afterAll(async () => t?.close());

const graph = async (headers: Record<string, string>, body: object) => {
  const res = await t.api('POST', '/callflow/graph', headers, body);
  expect(res.statusCode, res.body).toBe(200);
  return json<RoutingGraph>(res);
};
const values = (g: RoutingGraph) => g.nodes.map((n) => n.object.value);
/** 'source -label-> target' by the objects' values. */
function arrows(g: RoutingGraph): string[] {
  const value = new Map(g.nodes.map((n) => [n.id, n.object.value]));
  return g.edges.map((e) => `${value.get(e.source)} -${e.label}-> ${value.get(e.target)}`);
}

describe('POST /callflow/graph', () => {
  it('draws the demo main number’s whole routing from the database', async () => {
    const g = await graph(retail, { destination: '01214960000', at: '2026-11-24T10:00:00Z' });
    expect(g.truncated).toBe(false);
    expect(g.nodes[0]?.id).toBe(g.start);
    expect(arrows(g)).toEqual(
      expect.arrayContaining([
        '01214960000 --> timeprofile:300',
        'timeprofile:300 -open-> ivr:370',
        'timeprofile:300 -closed-> timeprofile:301',
        'timeprofile:300 -Christmas shutdown-> seat:205',
        'ivr:370 -key 1-> callgroup:350',
        'timeprofile:301 -open-> seat:205',
      ]),
    );
    expect(g.nodes.find((n) => n.object.value === 'timeprofile:300')).toMatchObject({
      object: { type: 'timeprofile', name: '300 - Office hours' },
      settings: expect.arrayContaining(['Mon–Fri 09:00–17:30']),
    });
    expect(g.nodes.find((n) => n.object.type === 'nts')).toMatchObject({
      object: { name: 'Out of hours engineer' },
      settings: ['Forwards to 07700900999'],
    });
  });

  it('follows a change at once: a profile forced closed has one side', async () => {
    const { id, version } = await t.database.db
      .selectFrom('time_profiles')
      .select(['id', 'version'])
      .where('account_no', '=', 30000)
      .where('extension', '=', 300)
      .executeTakeFirstOrThrow();
    const forced = await t.api('PATCH', `/timeprofile/${id}`, { ...retail, 'if-match': `"${version}"` }, { mode: 2 });
    expect(forced.statusCode, forced.body).toBe(200);
    try {
      const g = await graph(retail, { destination: 'timeprofile:300' });
      expect(arrows(g).filter((a) => a.startsWith('timeprofile:300 '))).toEqual([
        'timeprofile:300 -always closed-> timeprofile:301',
      ]);
      expect(values(g)).not.toContain('ivr:370');
    } finally {
      await t.database.db.updateTable('time_profiles').set({ mode: 0 }).where('id', '=', id).execute();
    }
  });

  it('needs read on the numbers and every destination type’s area', async () => {
    const refused = await t.api('POST', '/callflow/graph', numbersOnly, { destination: '201' });
    expect(refused.statusCode).toBe(403);
    expect(JSON.stringify(refused.json())).not.toContain('Reception');
    expect((await t.api('POST', '/callflow/graph', {}, { destination: '201' })).statusCode).toBe(401);
  });

  it('refuses bad input with a clear 400, never a 500', async () => {
    const missing = await t.api('POST', '/callflow/graph', retail, {});
    expect(missing.statusCode).toBe(400);
    expect(json<{ validation: Record<string, string> }>(missing).validation.destination).toBe(MESSAGES.required);
    const badInstant = await t.api('POST', '/callflow/graph', retail, { destination: '201', at: 'Saturday' });
    expect(badInstant.statusCode).toBe(400);
    expect(json<{ validation: Record<string, string> }>(badInstant).validation.at).toBe(CALL_FLOW_MESSAGES.instant);
    const nonsense = await graph(retail, { destination: 'not a number' });
    expect(nonsense.nodes.map((n) => n.object.type)).toEqual(['missing']);
  });
});

describe('isolation: another account’s object is never a node', () => {
  it('another account’s number and menu are outside or missing, never drawn', async () => {
    const number = await graph(prepay, { destination: '01214960000' });
    expect(number.nodes.map((n) => n.object.type)).toEqual(['outside']);
    const menu = await graph(prepay, { destination: 'ivr:370' });
    expect(menu.nodes).toEqual([
      expect.objectContaining({ object: { type: 'missing', id: null, name: 'ivr:370', value: 'ivr:370' } }),
    ]);
  });

  it('a destination naming another account’s object is a missing node, never named', async () => {
    const nts = await t.database.db
      .selectFrom('nts_destinations')
      .select('id')
      .where('account_no', '=', 30000)
      .executeTakeFirstOrThrow();
    // Written past the API (which refuses it): the salon's profile closed side → Acme's NTS.
    await sql`update time_profiles set out_destination = ${`nts:${nts.id}`}
      where account_no = 30001 and extension = 300`.execute(t.database.db);
    try {
      const g = await graph(prepay, { destination: '01179460000' });
      expect(g.nodes.find((n) => n.object.value === `nts:${nts.id}`)).toMatchObject({
        object: { type: 'missing', id: null },
        settings: ['Does not exist'],
      });
      expect(JSON.stringify(g)).not.toContain('Out of hours engineer');
      expect(JSON.stringify(g)).not.toContain('07700900999');
    } finally {
      await sql`update time_profiles set out_destination = '' where account_no = 30001 and extension = 300`.execute(
        t.database.db,
      );
    }
  });
});
