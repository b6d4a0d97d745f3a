/**
 * Properties of the routing engine over random estates (fast-check): whatever the routing — loops,
 * destinations of nothing, diverts to the account's own numbers — a trace always ends, every step's
 * object is one of the estate's, each step's `next` is the step that follows it, and a loop step
 * names an object its path has already passed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAYS, perDay } from '../time-of-day.ts';
import { MAX_STEPS, routeCall, visit } from './engine.ts';
import { group, ivr, member, number, profile, queue, seat } from './estate.fixture.ts';
import { type Estate, emptyEstate, indexEstate } from './estate.ts';
import type { RouteStep } from './steps.ts';
import { estateTargets, walkAt } from './transitions.ts';
import { targetRef, type Visit } from './visit.ts';

const SEATS = [201, 202, 203];
const PROFILES = [300, 301];
const IVRS = [370, 371];
const GROUPS = [350, 351];
const QUEUES = [360, 361];
const NUMBERS = ['01214960001', '01214960002'];

const destination = fc.constantFrom(
  '',
  ...SEATS.map((s) => `seat:${s}`),
  'voicemail:201',
  'voicemail:202',
  ...PROFILES.map((p) => `timeprofile:${p}`),
  ...IVRS.map((i) => `ivr:${i}`),
  ...GROUPS.map((g) => `callgroup:${g}`),
  ...QUEUES.map((q) => `queue:${q}`),
  'nts:1',
  'conference:380',
  'trunk:1',
  'CONFERENCING',
  'seat:999',
  'ivr:999',
);
const divert = fc.constantFrom('', '07700900123', ...NUMBERS);
const time = fc
  .integer({ min: 0, max: 287 })
  .map((n) => `${String(Math.floor(n / 12)).padStart(2, '0')}:${String((n % 12) * 5).padStart(2, '0')}`);
const days = fc.tuple(...DAYS.map(() => fc.tuple(fc.boolean(), time, time))).map((d) =>
  perDay((day) => {
    const [enabled, a, b] = d[DAYS.indexOf(day)] ?? [false, '09:00', '17:30'];
    return { enabled, start: a < b ? a : b, end: a < b ? b : '23:59' };
  }),
);
const keys = fc.record({
  option1: destination,
  option2: destination,
  option5: destination,
  option0: destination,
  optionStar: destination,
  optionHash: destination,
  optionTimeout: destination,
});

const estate: fc.Arbitrary<Estate> = fc
  .record({
    seats: fc.tuple(
      ...SEATS.map((e) =>
        fc
          .record({
            vmMode: fc.integer({ min: 0, max: 2 }),
            cfwdAll: divert,
            cfwdBusy: divert,
            cfwdNoAnswer: divert,
            cfwdUnavail: divert,
            vmAdvancedDest: destination,
          })
          .map((o) => seat(e, o)),
      ),
    ),
    numbers: fc.tuple(
      ...NUMBERS.map((n) =>
        fc.tuple(destination, fc.boolean()).map(([d, anon]) => number(n, d, { anonCallReject: anon })),
      ),
    ),
    profiles: fc.tuple(
      ...PROFILES.map((p) =>
        fc
          .record({
            mode: fc.integer({ min: 0, max: 2 }),
            bankHoliday: fc.integer({ min: 0, max: 3 }),
            inDestination: destination,
            outDestination: destination,
            days,
            entry: fc.option(destination),
          })
          .map(({ entry, ...o }) =>
            profile(p, `Profile ${p}`, {
              ...o,
              calendars:
                entry === null
                  ? []
                  : [
                      {
                        id: p,
                        description: 'Entry',
                        destination: entry,
                        start: '01/06/2026 00:00',
                        end: '01/09/2026 00:00',
                      },
                    ],
            }),
          ),
      ),
    ),
    ivrs: fc.tuple(...IVRS.map((i) => keys.map((k) => ivr(i, `Menu ${i}`, k)))),
    groups: fc.tuple(
      ...GROUPS.map((g) =>
        fc
          .record({
            ringType: fc.constantFrom(1, 2),
            falloverLocation: destination,
            members: fc.array(fc.tuple(destination, fc.integer({ min: 0, max: 6 })), { maxLength: 3 }),
          })
          .map((o) =>
            group(g, `Group ${g}`, {
              ...o,
              members: o.members.filter(([d]) => d !== '').map(([d, p]) => member(d, { penalty: p * 5 })),
            }),
          ),
      ),
    ),
    queues: fc.tuple(
      ...QUEUES.map((q) =>
        fc
          .record({
            joinEmpty: fc.boolean(),
            exitSwitch: fc.boolean(),
            falloverLocation: destination,
            falloverLocationEmpty: destination,
            members: fc.subarray(SEATS),
          })
          .map((o) =>
            queue(q, `Queue ${q}`, { ...o, members: o.members.map((s) => ({ memberName: `seat:${s}`, penalty: 0 })) }),
          ),
      ),
    ),
    // Each kind present or not: destinations of an absent object are missing.
    present: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
  })
  .map(({ seats, numbers, profiles, ivrs, groups, queues, present }) => {
    const keep = <T>(i: number, items: T[]) => (present[i] ? items : items.slice(0, 1));
    return {
      ...emptyEstate(),
      seats: keep(0, seats),
      numbers,
      timeProfiles: keep(1, profiles),
      ivrs: keep(2, ivrs),
      callGroups: keep(3, groups),
      queues: keep(4, queues),
      nts: present[5] ? [{ id: 1, name: 'On call', destination: '07700900999', answerPromptId: null }] : [],
      conferences: [{ id: 1, confNumber: 380, nickname: 'Room', waitForMarked: false }],
      trunks: [{ id: 1, nickname: 'PBX', trunkFailOver: 'seat:201' }],
    };
  });

const dialled = fc.constantFrom(
  ...NUMBERS,
  '201',
  '300',
  '370',
  '350',
  '360',
  '380',
  'voicemail:201',
  '07700900555',
  '999',
);
const instant = fc.date({
  min: new Date('2026-01-01T00:00:00Z'),
  max: new Date('2027-12-31T23:59:00Z'),
  noInvalidDate: true,
});
const pressed = fc.array(fc.constantFrom('1', '2', '5', '0', '*', '#', '9', 'Timeout'), { maxLength: 4 });

/** Every object of the estate, as '{type}:{id}'. */
function objectsOf(e: Estate): Set<string> {
  return new Set([
    ...e.numbers.map((n) => `number:${n.id}`),
    ...e.seats.flatMap((s) => [`seat:${s.id}`, `voicemail:${s.id}`]),
    ...e.timeProfiles.map((p) => `timeprofile:${p.id}`),
    ...e.ivrs.map((i) => `ivr:${i.id}`),
    ...e.callGroups.map((g) => `callgroup:${g.id}`),
    ...e.queues.map((q) => `queue:${q.id}`),
    ...e.nts.map((n) => `nts:${n.id}`),
    ...e.conferences.map((c) => `conference:${c.id}`),
    ...e.trunks.map((t) => `trunk:${t.id}`),
  ]);
}

/** Checks every step of a path and its alternatives; answers how many steps there were. */
function check(steps: RouteStep[], objects: Set<string>, passed: readonly string[]): number {
  let count = 0;
  const path = [...passed];
  steps.forEach((step, i) => {
    count++;
    const { type, id, value } = step.object;
    if (id !== null) expect(objects.has(`${type}:${id}`), `${type}:${id} is in the estate`).toBe(true);
    else expect(['outside', 'missing', 'conferencing']).toContain(type);
    if (['loop', 'limit', 'missing', 'outside'].includes(step.rule.kind)) {
      expect(step.next).toBeNull();
      expect(step.alternatives).toEqual([]);
      expect(i).toBe(steps.length - 1);
    }
    if (step.rule.kind === 'loop') expect(path).toContain(value);
    const following = steps[i + 1];
    expect(step.next?.value ?? null).toBe(following?.object.value ?? null);
    path.push(value);
    for (const a of step.alternatives) count += check(a.steps, objects, path);
  });
  return count;
}

describe('the routing engine over random estates', () => {
  it('always ends, and every step is an object of the estate on a consistent path', () => {
    fc.assert(
      fc.property(
        estate,
        dialled,
        instant,
        fc.option(fc.constantFrom('anonymous', '07700900500')),
        pressed,
        (e, d, at, caller, keys) => {
          const steps = routeCall(e, { dialled: d, at, caller: caller ?? undefined, keys });
          expect(steps.length).toBeGreaterThan(0);
          const count = check(steps, objectsOf(e), []);
          // Each step visited adds at most the alternatives it has and one step after the budget.
          expect(count).toBeLessThanOrEqual(MAX_STEPS * 16);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the lint’s walk, which builds no words, decides exactly as the trace’s at every object', () => {
    // What a visit decides, its words left out.
    const decision = (v: Visit) => ({
      kind: v.kind,
      data: v.data,
      onward: v.onward,
      alternatives: v.alternatives.map(({ text, ...rest }) => rest),
      keys: v.keys,
      replay: v.replay,
    });
    fc.assert(
      fc.property(estate, instant, (e, at) => {
        const index = indexEstate(e);
        const quiet = walkAt(index, at);
        const worded = { ...quiet, words: true };
        for (const target of [...estateTargets(e), ...e.seats.map((s) => `seat:${s.extension}`)]) {
          const ref = targetRef(index, target);
          const spoken = visit(worded, ref, []);
          const silent = visit(quiet, ref, []);
          expect(decision(silent)).toEqual(decision(spoken));
          expect(spoken.text).not.toBe('');
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a deep chain of menus ends with a limit step, however long', () => {
    const many = Array.from({ length: 200 }, (_, i) => ivr(400 + i, `Menu ${i}`, { option1: `ivr:${401 + i}` }));
    const steps = routeCall(
      { ...emptyEstate(), ivrs: many },
      { dialled: '400', at: new Date(), keys: Array(200).fill('1') },
    );
    expect(steps[steps.length - 1]?.rule.kind).toBe('limit');
    expect(steps.length).toBeLessThan(60);
  });

  it('a menu whose every key leads to another such menu stays within the step budget', () => {
    const all = (i: number) =>
      Object.fromEntries(
        ['option1', 'option2', 'option3', 'option4', 'optionStar', 'optionHash'].map((k, j) => [
          k,
          `ivr:${400 + ((i * 6 + j + 1) % 300)}`,
        ]),
      );
    const menus = Array.from({ length: 300 }, (_, i) => ivr(400 + i, `Menu ${i}`, all(i)));
    const steps = routeCall({ ...emptyEstate(), ivrs: menus }, { dialled: '400', at: new Date() });
    expect(check(steps, objectsOf({ ...emptyEstate(), ivrs: menus }), [])).toBeLessThanOrEqual(MAX_STEPS * 16);
  });
});
