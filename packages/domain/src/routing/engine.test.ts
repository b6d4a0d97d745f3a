/**
 * The routing engine, by hand: (estate, number, instant) → the steps expected. Instants are UTC
 * ('Z'); the UK clock is GMT in winter and BST (UTC+1) from the last Sunday of March to the last
 * Sunday of October.
 */
import { describe, expect, it } from 'vitest';
import { perDay } from '../time-of-day.ts';
import { type Call, routeCall } from './engine.ts';
import { acme, group, ivr, member, number, profile, queue, seat } from './estate.fixture.ts';
import type { Estate } from './estate.ts';
import type { Condition, RouteStep } from './steps.ts';
import { timeProfileStatusAt } from './time-profile.ts';

const trace = (estate: Estate, dialled: string, at: string, call: Partial<Call> = {}) =>
  routeCall(estate, { dialled, at: new Date(at), ...call });
/** The rule kinds along the path. */
const kinds = (steps: RouteStep[]) => steps.map((s) => s.rule.kind);
const texts = (steps: RouteStep[]) => steps.map((s) => s.rule.text);
const last = (steps: RouteStep[]) => steps[steps.length - 1] as RouteStep;
const alt = (step: RouteStep | undefined, condition: Condition, key = '') => {
  const found = step?.alternatives.find((a) => a.condition === condition && a.key === key);
  if (!found) throw new Error(`no alternative ${condition} ${key}`);
  return found;
};
const with_ = (o: Partial<Estate>): Estate => ({ ...acme(), ...o });

/** A profile on 300 answered by seat 201 when open and 202 when closed, in a region. */
const regional = (bankHoliday: number, o: Parameters<typeof profile>[2] = {}) =>
  with_({
    numbers: [number('01214960000', 'timeprofile:300')],
    timeProfiles: [
      profile(300, 'Office hours', { bankHoliday, inDestination: 'seat:201', outDestination: 'seat:202', ...o }),
    ],
  });
const side = (estate: Estate, at: string) => trace(estate, '01214960000', at)[1]?.rule.data;

describe('the demo main number', () => {
  it('Saturday 10:00: outside office hours → the weekend cover → the site engineer', () => {
    const steps = trace(acme(), '01214960000', '2026-11-28T10:00:00Z');
    expect(texts(steps).slice(0, 3)).toEqual([
      "01214960000 'Main line' is routed → 'Office hours'",
      "Saturday 10:00 is outside 'Office hours' (Mon–Fri 09:00–17:30) → the closed destination 'Weekend cover'",
      "Saturday 10:00 is within 'Weekend cover' (Sat 08:00–16:00, Sun 10:00–14:00) → the open destination seat 205 'Site engineer'",
    ]);
    expect(kinds(steps)).toEqual(['number', 'timeProfile', 'timeProfile', 'seat']);
    expect(steps.map((s) => s.object.value)).toEqual(['01214960000', 'timeprofile:300', 'timeprofile:301', 'seat:205']);
    expect(steps[0]?.next?.value).toBe('timeprofile:300');
    expect(steps[1]?.rule.data).toMatchObject({ open: false, reason: 'closed' });
  });

  it('Tuesday 10:00: the main menu, every choice an alternative', () => {
    const steps = trace(acme(), '01214960000', '2026-11-24T10:00:00Z');
    expect(kinds(steps)).toEqual(['number', 'timeProfile', 'ivr']);
    const menu = last(steps);
    expect(menu.rule.text).toBe(
      "IVR 370 'Main menu': the greeting 'Acme main greeting' plays; the caller chooses: key 1, key 2 and key 0",
    );
    expect(menu.next).toBeNull();
    expect(menu.alternatives.map((a) => `${a.condition}${a.key}`)).toEqual([
      'key1',
      'key2',
      'key0',
      'timeout',
      'invalid',
    ]);
    expect(alt(menu, 'key', '1').steps[0]?.object.value).toBe('callgroup:350');
    expect(alt(menu, 'timeout').steps[0]?.object.value).toBe('queue:360');
  });

  it('Saturday 20:00: outside the weekend cover too → the on-call engineer’s mobile (NTS)', () => {
    const steps = trace(acme(), '01214960000', '2026-11-28T20:00:00Z');
    expect(kinds(steps)).toEqual(['number', 'timeProfile', 'timeProfile', 'nts']);
    expect(last(steps).rule.text).toBe(
      "NTS 'Out of hours engineer' forwards the call to 07700900999, outside the network",
    );
  });

  it('is found however the number is written, and by extension', () => {
    expect(trace(acme(), '+44 121 496 0000', '2026-11-24T10:00:00Z')[0]?.object.type).toBe('number');
    expect(trace(acme(), '00441214960000', '2026-11-24T10:00:00Z')[0]?.object.type).toBe('number');
    expect(trace(acme(), '350', '2026-11-24T10:00:00Z')[0]?.object.value).toBe('callgroup:350');
    expect(trace(acme(), '201', '2026-11-24T10:00:00Z')[0]?.object.value).toBe('seat:201');
    expect(trace(acme(), 'ivr:370', '2026-11-24T10:00:00Z')[0]?.rule.kind).toBe('ivr');
  });
});

describe('time profiles: the day schedule in UK time', () => {
  it('17:29 is open, 17:30 closed (the end is not within)', () => {
    expect(side(regional(1), '2026-11-24T17:29:00Z')).toMatchObject({ open: true, reason: 'open' });
    expect(side(regional(1), '2026-11-24T17:30:00Z')).toMatchObject({ open: false, reason: 'closed' });
  });

  it('in summer time 08:30 UTC is 09:30 BST (open) and 16:45 UTC 17:45 BST (closed)', () => {
    expect(side(regional(1), '2026-07-07T08:30:00Z')).toMatchObject({ open: true });
    expect(side(regional(1), '2026-07-07T16:45:00Z')).toMatchObject({ open: false });
    expect(trace(regional(1), '01214960000', '2026-07-07T08:30:00Z')[1]?.rule.text).toBe(
      "Tuesday 09:30 is within 'Office hours' (Mon–Fri 09:00–17:30) → the open destination seat 201 'Reception'",
    );
  });

  it('a day open until 23:59 is open to the end of the day', () => {
    const late = regional(0, { days: perDay(() => ({ enabled: true, start: '00:00', end: '23:59' })) });
    expect(side(late, '2026-11-28T23:59:30Z')).toMatchObject({ open: true });
    expect(trace(late, '01214960000', '2026-11-28T23:59:00Z')[1]?.rule.text).toContain('(Mon–Sun 00:00–23:59)');
  });

  it('states the prompt played before the side’s destination', () => {
    const estate = regional(1, { outPromptId: 7 });
    expect(trace(estate, '01214960000', '2026-11-28T10:00:00Z')[1]?.rule.text).toBe(
      "Saturday 10:00 is outside 'Office hours' (Mon–Fri 09:00–17:30) → the closed destination seat 202 'Accounts', after the closed prompt 'Acme main greeting'",
    );
  });

  it('a side with no destination ends the call', () => {
    const steps = trace(regional(1, { outDestination: '' }), '01214960000', '2026-11-28T10:00:00Z');
    expect(kinds(steps)).toEqual(['number', 'timeProfile']);
    expect(last(steps).rule.text).toBe(
      "Saturday 10:00 is outside 'Office hours' (Mon–Fri 09:00–17:30): the closed destination is not set, so the call ends",
    );
    expect(last(steps).next).toBeNull();
  });

  it('answers the profile’s live status the same way (GET /timeprofile/{id}/status)', () => {
    const p = acme().timeProfiles[0];
    if (!p) throw new Error('no profile');
    expect(timeProfileStatusAt(p, p.calendars, new Date('2026-11-24T10:00:00Z'))).toEqual({
      open: true,
      reason: 'open',
      destination: 'ivr:370',
      promptId: null,
      detail: 'Open (following the schedule)',
    });
  });
});

describe('time profiles: bank holidays of the profile’s region', () => {
  it('England & Wales: Easter Monday is closed all day', () => {
    const steps = trace(regional(1), '01214960000', '2026-04-06T10:00:00Z');
    expect(steps[1]?.rule.text).toBe(
      "Monday 6 April 2026 is Easter Monday, a bank holiday in England & Wales: 'Office hours' is closed all day → the closed destination seat 202 'Accounts'",
    );
    expect(steps[1]?.rule.data).toMatchObject({ reason: 'bankHoliday', bankHoliday: 'Easter Monday' });
  });

  it('Scotland: no Easter Monday, but 2 January and St Andrew’s Day', () => {
    expect(side(regional(2), '2026-04-06T10:00:00Z')).toMatchObject({ open: true });
    expect(side(regional(2), '2026-01-02T10:00:00Z')).toMatchObject({
      reason: 'bankHoliday',
      bankHoliday: '2nd January',
    });
    expect(side(regional(1), '2026-01-02T10:00:00Z')).toMatchObject({ open: true });
    expect(side(regional(2), '2026-11-30T10:00:00Z')).toMatchObject({ bankHoliday: "St Andrew's Day" });
    expect(side(regional(1), '2026-11-30T10:00:00Z')).toMatchObject({ open: true });
  });

  it('Scotland’s summer bank holiday is the first Monday of August, England’s the last', () => {
    expect(side(regional(2), '2026-08-03T10:00:00Z')).toMatchObject({ reason: 'bankHoliday' });
    expect(side(regional(1), '2026-08-03T10:00:00Z')).toMatchObject({ open: true });
    expect(side(regional(1), '2026-08-31T10:00:00Z')).toMatchObject({ reason: 'bankHoliday' });
    expect(side(regional(2), '2026-08-31T10:00:00Z')).toMatchObject({ open: true });
  });

  it('Northern Ireland: St Patrick’s Day and the Battle of the Boyne (substitute Monday)', () => {
    expect(side(regional(3), '2026-03-17T10:00:00Z')).toMatchObject({ bankHoliday: "St Patrick's Day" });
    expect(side(regional(1), '2026-03-17T10:00:00Z')).toMatchObject({ open: true });
    expect(side(regional(3), '2026-07-13T10:00:00Z')).toMatchObject({ reason: 'bankHoliday' });
    expect(trace(regional(3), '01214960000', '2026-07-13T10:00:00Z')[1]?.rule.text).toContain(
      'a bank holiday in Northern Ireland',
    );
  });

  it('a substitute day: Boxing Day 2026 is a Saturday, so Monday 28 December is closed', () => {
    expect(side(regional(1), '2026-12-28T10:00:00Z')).toMatchObject({ bankHoliday: 'Boxing Day (substitute day)' });
  });

  it('bank holidays disabled: Christmas Day follows the schedule', () => {
    expect(side(regional(0), '2026-12-25T10:00:00Z')).toMatchObject({ open: true, reason: 'open' });
    expect(side(regional(1), '2026-12-25T10:00:00Z')).toMatchObject({ open: false, reason: 'bankHoliday' });
  });
});

describe('time profiles: calendar entries and forced modes', () => {
  it('a calendar entry sends calls to its own destination from its start, not before', () => {
    expect(side(acme(), '2026-12-24T12:59:00Z')).toMatchObject({ reason: 'open' });
    const steps = trace(acme(), '01214960000', '2026-12-24T13:00:00Z');
    expect(steps[1]?.rule.text).toBe(
      "Thursday 24 December 2026 13:00 is within the calendar entry 'Christmas shutdown' of 'Office hours' (24/12/2026 13:00 – 04/01/2027 08:00) → its destination seat 205 'Site engineer'",
    );
    expect(steps[2]?.object.value).toBe('seat:205');
  });

  it('the entry’s end is not within it', () => {
    expect(side(acme(), '2027-01-04T07:59:00Z')).toMatchObject({ reason: 'calendar' });
    expect(side(acme(), '2027-01-04T08:00:00Z')).toMatchObject({ reason: 'closed' });
  });

  it('a calendar entry comes before a bank holiday', () => {
    expect(side(acme(), '2026-12-25T10:00:00Z')).toMatchObject({
      reason: 'calendar',
      calendarEntry: 'Christmas shutdown',
    });
  });

  it('forced open answers on a Saturday; forced closed on a Tuesday, before any calendar entry', () => {
    const open = trace(regional(1, { mode: 1 }), '01214960000', '2026-11-28T10:00:00Z');
    expect(open[1]?.rule.text).toBe("'Office hours' is set to Always open → the open destination seat 201 'Reception'");
    const closedInChristmas = regional(1, { mode: 2, calendars: acme().timeProfiles[0]?.calendars ?? [] });
    expect(side(closedInChristmas, '2026-12-24T15:00:00Z')).toMatchObject({ reason: 'forcedClosed', open: false });
  });
});

describe('IVRs', () => {
  const everyKey = ivr(400, 'All keys', {
    option1: 'seat:201',
    option2: 'seat:202',
    option3: 'seat:205',
    option4: 'seat:209',
    option5: 'seat:210',
    option6: 'seat:211',
    option7: 'seat:212',
    option8: 'callgroup:350',
    option9: 'queue:360',
    option0: 'timeprofile:300',
    optionStar: 'CONFERENCING',
    optionHash: 'nts:1',
    optionTimeout: 'conference:380',
  });
  const estate = () => with_({ ivrs: [everyKey] });

  it('every key kind: 1-9, 0, * and # are alternatives, then the timeout; no invalid key left', () => {
    const [menu] = trace(estate(), '400', '2026-11-24T10:00:00Z');
    expect(menu?.alternatives.map((a) => a.key || a.condition)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '0',
      '*',
      '#',
      'timeout',
    ]);
    expect(menu?.rule.text).toBe(
      "IVR 400 'All keys': no greeting plays; the caller chooses: key 1, key 2, key 3, key 4, key 5, key 6, key 7, key 8, key 9, key 0, key * and key #",
    );
  });

  it('* to conferencing, # to an NTS, the timeout to a conference room', () => {
    expect(kinds(trace(estate(), '400', '2026-11-24T10:00:00Z', { keys: ['*'] }))).toEqual(['ivrKey', 'conferencing']);
    expect(last(trace(estate(), '400', '2026-11-24T10:00:00Z', { keys: ['#'] })).object.value).toBe('nts:1');
    const timeout = trace(estate(), '400', '2026-11-24T10:00:00Z', { keys: ['Timeout'] });
    expect(last(timeout).rule.text).toBe(
      "The caller joins conference room 380 'Site meetings' after entering its PIN; the conference starts when an admin (the marked user) joins",
    );
  });

  it('a key pressed is the path; the other choices stay alternatives', () => {
    const steps = trace(acme(), '370', '2026-11-24T10:00:00Z', { keys: ['2'] });
    expect(kinds(steps)).toEqual(['ivrKey', 'queue']);
    expect(steps[0]?.rule.text).toBe(
      "IVR 370 'Main menu': the greeting 'Acme main greeting' plays; the caller presses key 2 → queue 360 'Customer support'",
    );
    expect(steps[0]?.alternatives.map((a) => a.key || a.condition)).toEqual(['1', '0', 'timeout', 'invalid']);
  });

  it('an invalid key plays the invalid-choice prompt and the menu starts again (no loop)', () => {
    const steps = trace(acme(), '370', '2026-11-24T10:00:00Z', { keys: ['4', '1'] });
    expect(kinds(steps)).toEqual(['ivrInvalid', 'ivrKey', 'callGroup']);
    expect(steps[0]?.rule.text).toBe(
      'The caller presses key 4, which has no destination: the default invalid-choice prompt plays and the menu starts again',
    );
    expect(alt(steps[0], 'invalid').text).toBe(
      'If the caller presses a key with no destination (3, 4, 5, 6, 7, 8, 9, * and #): the default invalid-choice prompt plays and the menu starts again',
    );
  });

  it('the invalid-choice prompt: none, or the account’s own', () => {
    const none = with_({ ivrs: [ivr(401, 'Quiet', { invalidPrompt: -1, option1: 'seat:201' })] });
    expect(trace(none, '401', '2026-11-24T10:00:00Z', { keys: ['9'] })[0]?.rule.text).toContain('nothing plays');
    const own = with_({ ivrs: [ivr(402, 'Own', { invalidPrompt: 7, option1: 'seat:201' })] });
    expect(trace(own, '402', '2026-11-24T10:00:00Z', { keys: ['9'] })[0]?.rule.text).toContain(
      "the invalid-choice prompt 'Acme main greeting' plays",
    );
  });

  it('no timeout destination: the call ends when no key is pressed', () => {
    const estate = with_({ ivrs: [ivr(403, 'No timeout', { option1: 'seat:201' })] });
    const [menu] = trace(estate, '403', '2026-11-24T10:00:00Z');
    expect(alt(menu, 'timeout').text).toBe(
      'If the caller presses no key: the call ends (no timeout destination is set)',
    );
    expect(alt(menu, 'timeout').steps).toEqual([]);
    expect(kinds(trace(estate, '403', '2026-11-24T10:00:00Z', { keys: ['Timeout'] }))).toEqual(['ivrKey']);
  });
});

describe('call groups', () => {
  const sales = (o: Parameters<typeof group>[2]) => with_({ callGroups: [group(350, 'Sales team', o)] });

  it('Ring All: the members whose days and hours hold the instant ring together, each after its delay', () => {
    const estate = sales({
      falloverLocation: 'seat:201',
      members: [member('seat:209'), member('seat:212', { penalty: 10 }), member('seat:210', { penalty: 20 })],
    });
    const [g] = trace(estate, '350', '2026-11-24T10:00:00Z');
    expect(g?.rule.text).toBe(
      "Call group 350 'Sales team' rings seat 209 'Estimating' and seat 212 'Training' (after 10 seconds) together (Ring All) for 20 seconds; not ringing: seat 210 'Van 1' (its delay of 20 seconds is not shorter than the ring time)",
    );
    expect(g?.rule.data).toMatchObject({ ringing: ['seat:209', 'seat:212'], notRinging: ['seat:210'] });
    expect(alt(g, 'noAnswer').text).toBe("If nobody answers within 20 seconds → seat 201 'Reception'");
    expect(alt(g, 'noAnswer').steps[0]?.rule.kind).toBe('seat');
  });

  it('Round Robin: one member at a time, in turn; delays do not apply', () => {
    const estate = sales({
      ringType: 2,
      ringTime: 10,
      members: [member('seat:209'), member('seat:212', { penalty: 30 })],
    });
    const [g] = trace(estate, '350', '2026-11-24T10:00:00Z');
    expect(g?.rule.text).toBe(
      "Call group 350 'Sales team' rings seat 209 'Estimating' and seat 212 'Training' one at a time in turn (Round Robin, starting after the member who answered last), each for 10 seconds",
    );
    expect(alt(g, 'noAnswer').text).toBe(
      'If no member answers in turn: the call ends (no fallover destination is set)',
    );
  });

  it('a member rings only on its days', () => {
    const weekdays = perDay((d) => d !== 'saturday' && d !== 'sunday');
    const estate = sales({ members: [member('seat:209', { days: weekdays }), member('seat:212')] });
    const [g] = trace(estate, '350', '2026-11-28T10:00:00Z');
    expect(g?.rule.data).toMatchObject({ ringing: ['seat:212'], notRinging: ['seat:209'] });
    expect(g?.rule.text).toContain("not ringing: seat 209 'Estimating' (not on Saturdays)");
  });

  it('a member rings only within its hours (UK time)', () => {
    const estate = sales({ members: [member('seat:209', { start: '09:00', end: '12:00' }), member('seat:212')] });
    expect(trace(estate, '350', '2026-11-24T11:59:00Z')[0]?.rule.data).toMatchObject({
      ringing: ['seat:209', 'seat:212'],
    });
    const [g] = trace(estate, '350', '2026-11-24T12:00:00Z');
    expect(g?.rule.data).toMatchObject({ ringing: ['seat:212'] });
    expect(g?.rule.text).toContain("seat 209 'Estimating' (rings 09:00–12:00 only)");
    // 11:30 UTC in July is 12:30 BST: outside.
    expect(trace(estate, '350', '2026-07-07T11:30:00Z')[0]?.rule.data).toMatchObject({ ringing: ['seat:212'] });
  });

  it('no member ringing at the instant goes straight to the fallover', () => {
    const weekdays = perDay((d) => d !== 'saturday' && d !== 'sunday');
    const estate = sales({ falloverLocation: 'voicemail:201', members: [member('seat:209', { days: weekdays })] });
    const steps = trace(estate, '350', '2026-11-28T10:00:00Z');
    expect(kinds(steps)).toEqual(['callGroupNoMember', 'voicemail']);
    expect(steps[0]?.rule.text).toBe(
      "No member of Call group 350 'Sales team' rings on Saturday 10:00; not ringing: seat 209 'Estimating' (not on Saturdays) → the voicemail of seat 201 'Reception'",
    );
  });

  it('a group with no members and no fallover ends the call', () => {
    const steps = trace(sales({}), '350', '2026-11-24T10:00:00Z');
    expect(steps).toHaveLength(1);
    expect(steps[0]?.rule.text).toBe(
      "Call group 350 'Sales team' has no members: the call ends (no fallover destination is set)",
    );
  });

  it('a member’s Divert All is followed unless the group ignores call forwards', () => {
    const estate = (ignoreCfwd: boolean) => ({
      ...sales({ ignoreCfwd, members: [member('seat:209')] }),
      seats: [seat(209, { nickname: 'Estimating', cfwdAll: '07700900209' })],
    });
    expect(trace(estate(false), '350', '2026-11-24T10:00:00Z')[0]?.rule.text).toContain(
      "rings seat 209 'Estimating', which diverts all calls to 07700900209 together",
    );
    expect(trace(estate(true), '350', '2026-11-24T10:00:00Z')[0]?.rule.text).not.toContain('diverts');
  });
});

describe('call queues', () => {
  const support = (o: Parameters<typeof queue>[2]) => with_({ queues: [queue(360, 'Customer support', o)] });
  const members = [
    { memberName: 'seat:210', penalty: 0 },
    { memberName: 'seat:211', penalty: 2 },
  ];

  it('the caller waits; empty, full, maximum wait and exit are alternatives, each to its destination', () => {
    const estate = support({
      members,
      joinEmpty: false,
      falloverLocationEmpty: 'seat:201',
      falloverLocation: 'voicemail:201',
      queueTime: 120,
      maxLength: 5,
      exitSwitch: true,
      exitTime: '18:00',
      queueFullMessageId: 7,
    });
    const [q] = trace(estate, '360', '2026-11-24T10:00:00Z');
    expect(q?.rule.text).toBe(
      "Queue 360 'Customer support': the caller waits while it rings seat 210 'Van 1' and seat 211 'Van 2' (penalty 2) all at once (Ring All), each for 20 seconds; lower penalties first",
    );
    expect(q?.alternatives.map((a) => a.text)).toEqual([
      "If no member is logged in (Join Empty is off) → seat 201 'Reception'",
      "If 5 callers are already waiting, the queue is full, after the queue-full message 'Acme main greeting', → the voicemail of seat 201 'Reception'",
      "If no member answers within 2 minutes → the voicemail of seat 201 'Reception'",
      "If still waiting at 18:00 GMT → the voicemail of seat 201 'Reception'",
    ]);
    expect(alt(q, 'maxWait').steps[0]?.rule.kind).toBe('voicemail');
  });

  it('no members and Join Empty off: straight to the empty-queue destination', () => {
    const steps = trace(
      support({ joinEmpty: false, falloverLocationEmpty: 'seat:201' }),
      '360',
      '2026-11-24T10:00:00Z',
    );
    expect(kinds(steps)).toEqual(['queueEmpty', 'seat']);
    expect(steps[0]?.rule.text).toBe(
      "Queue 360 'Customer support' has no members and Join Empty is off → seat 201 'Reception'",
    );
  });

  it('no members and Join Empty on: the caller waits for nobody until the maximum wait', () => {
    const [q] = trace(support({ queueTime: 60, falloverLocation: 'seat:201' }), '360', '2026-11-24T10:00:00Z');
    expect(q?.rule.text).toBe(
      "Queue 360 'Customer support': the caller waits while it no member can answer (the queue has none)",
    );
    expect(alt(q, 'maxWait').text).toBe("If no member answers within 1 minute → seat 201 'Reception'");
  });

  it('the exit time is GMT: after it calls go to the fallover; in summer it is an hour later on the UK clock', () => {
    const estate = support({ members, exitSwitch: true, exitTime: '18:00', falloverLocation: 'seat:201' });
    const winter = trace(estate, '360', '2026-11-24T18:30:00Z');
    expect(kinds(winter)).toEqual(['queueClosed', 'seat']);
    expect(winter[0]?.rule.text).toBe(
      "Tuesday 18:30 is after the exit time of Queue 360 'Customer support' (18:00 GMT) → seat 201 'Reception'",
    );
    // 17:30 UTC in July is 18:30 BST, before 18:00 GMT (19:00 BST).
    const summer = trace(estate, '360', '2026-07-07T17:30:00Z');
    expect(summer[0]?.rule.kind).toBe('queue');
    expect(alt(summer[0], 'exit').text).toBe("If still waiting at 18:00 GMT (19:00 UK time) → seat 201 'Reception'");
    expect(trace(estate, '360', '2026-07-07T18:00:00Z')[0]?.rule.text).toContain('(18:00 GMT (19:00 UK time))');
  });

  it('each strategy in words', () => {
    const words = (strategy: string) =>
      trace(support({ strategy, members: members.slice(0, 1) }), '360', '2026-11-24T10:00:00Z')[0]?.rule.text;
    expect(words('leastrecent')).toContain(
      "rings whichever of seat 210 'Van 1' least recently took a call (Least Recent)",
    );
    expect(words('fewestcalls')).toContain('has taken the fewest calls (Fewest Calls)');
    expect(words('random')).toContain("rings one of seat 210 'Van 1' at random (Random)");
    expect(words('roundrobin')).toContain('in turn (Round Robin)');
    expect(words('rrmemory')).toContain(
      'in turn, starting after the one who took the last call (Round Robin with Memory)',
    );
    expect(words('linear')).toContain('in the listed order, from the first each time (Linear)');
  });
});

describe('seats and voicemail', () => {
  const one = (o: Parameters<typeof seat>[1]) => with_({ seats: [seat(201, { nickname: 'Reception', ...o })] });

  it('Divert All sends every call to its number at once', () => {
    const steps = trace(one({ cfwdAll: '07700900123' }), '201', '2026-11-24T10:00:00Z');
    expect(kinds(steps)).toEqual(['seatDivertAll', 'outside']);
    expect(steps[0]?.rule.text).toBe("Seat 201 'Reception' diverts all calls → 07700900123 (outside the network)");
    expect(steps[1]?.rule.text).toBe('The call leaves the network for 07700900123');
  });

  it('a divert to one of the account’s own numbers routes again from that number', () => {
    const estate = { ...one({ cfwdAll: '01214960000' }), numbers: acme().numbers };
    const steps = trace(estate, '201', '2026-11-24T10:00:00Z');
    expect(kinds(steps)).toEqual(['seatDivertAll', 'number', 'timeProfile', 'ivr']);
  });

  it('busy, do-not-disturb, no answer and unregistered each follow their divert', () => {
    const estate = one({ cfwdBusy: '07700900001', cfwdNoAnswer: '07700900002', cfwdUnavail: '07700900003' });
    const [s] = trace(estate, '201', '2026-11-24T10:00:00Z');
    expect(s?.rule.text).toBe("Seat 201 'Reception' rings its phone for 20 seconds");
    expect(s?.alternatives.map((a) => a.text)).toEqual([
      "If seat 201 'Reception' is busy, it diverts to 07700900001 → 07700900001 (outside the network)",
      "If seat 201 'Reception' is set to do-not-disturb (treated as busy), it diverts to 07700900001 → 07700900001 (outside the network)",
      "If seat 201 'Reception' does not answer within its ring time, it diverts to 07700900002 → 07700900002 (outside the network)",
      "If no phone of seat 201 'Reception' is registered, it diverts to 07700900003 → 07700900003 (outside the network)",
    ]);
    expect(alt(s, 'noAnswer').steps.map((x) => x.rule.kind)).toEqual(['outside']);
  });

  it('no divert and voicemail off: each condition ends the call its own way', () => {
    const [s] = trace(one({ vmMode: 0, ringTime: 30 }), '201', '2026-11-24T10:00:00Z');
    expect(s?.rule.text).toBe("Seat 201 'Reception' rings its phone for 30 seconds");
    expect(s?.alternatives.map((a) => a.text)).toEqual([
      "If seat 201 'Reception' is busy: the caller hears the busy tone",
      "If seat 201 'Reception' is set to do-not-disturb (treated as busy): the caller hears the busy tone",
      "If seat 201 'Reception' does not answer within its ring time: it rings until the caller hangs up",
      "If no phone of seat 201 'Reception' is registered: the caller hears that the number is unavailable",
    ]);
  });

  it('a twinned seat rings its user’s softphones too', () => {
    expect(trace(one({ userId: 5 }), '201', '2026-11-24T10:00:00Z')[0]?.rule.text).toBe(
      "Seat 201 'Reception' rings its desk phone and its user’s softphones (twinned) for 20 seconds",
    );
  });

  it('basic voicemail takes a message (emailed when an address is set)', () => {
    const [vm] = alt(trace(one({ vmEmail: 'desk@acme.test' }), '201', '2026-11-24T10:00:00Z')[0], 'noAnswer').steps;
    expect(vm?.rule.text).toBe(
      "The caller leaves a message in the mailbox of seat 201 'Reception', sent by email to desk@acme.test",
    );
  });

  it('advanced voicemail plays its prompt, then goes to its destination (or takes a message)', () => {
    const estate = with_({
      seats: [
        seat(201, { nickname: 'Reception', vmMode: 2, vmAdvancedPromptId: 7, vmAdvancedDest: 'seat:202' }),
        seat(202, { nickname: 'Accounts' }),
      ],
    });
    const steps = trace(estate, 'voicemail:201', '2026-11-24T10:00:00Z');
    expect(kinds(steps)).toEqual(['voicemailAdvanced', 'seat']);
    expect(steps[0]?.rule.text).toBe(
      "Advanced voicemail of seat 201 'Reception': the prompt 'Acme main greeting' plays, then → seat 202 'Accounts'",
    );
    const noDest = trace(one({ vmMode: 2, vmAdvancedPromptId: 7 }), 'voicemail:201', '2026-11-24T10:00:00Z');
    expect(noDest[0]?.rule.text).toBe(
      "Advanced voicemail of seat 201 'Reception': the prompt 'Acme main greeting' plays, then the caller leaves a message",
    );
  });

  it('the voicemail of a seat whose voicemail is disabled is missing', () => {
    const steps = trace(one({ vmMode: 0 }), 'voicemail:201', '2026-11-24T10:00:00Z');
    expect(steps[0]?.rule.kind).toBe('missing');
    expect(steps[0]?.rule.text).toBe(
      "The call is sent to 'voicemail:201', as the voicemail of seat 201 'Reception' is disabled: it ends there",
    );
  });
});

describe('numbers, NTS, conference, trunks, outside numbers', () => {
  it('a number with no destination: the number-unobtainable tone', () => {
    const steps = trace(with_({ numbers: [number('01214960009', '')] }), '01214960009', '2026-11-24T10:00:00Z');
    expect(steps).toEqual([
      expect.objectContaining({
        rule: {
          kind: 'nowhere',
          text: '01214960009 has no destination: callers hear the number-unobtainable tone',
          data: { destination: '', caller: null },
        },
        next: null,
      }),
    ]);
  });

  it('anonymous calls rejected: decided for a withheld caller, an alternative when the caller is not given', () => {
    const estate = with_({
      numbers: [number('01214960000', 'seat:201', { anonCallReject: true, anonCallRejectAdvanced: true })],
    });
    const withheld = trace(estate, '01214960000', '2026-11-24T10:00:00Z', { caller: 'anonymous' });
    expect(kinds(withheld)).toEqual(['numberRejected']);
    expect(withheld[0]?.rule.text).toBe(
      '01214960000: the caller withholds their number and anonymous calls are rejected',
    );
    expect(kinds(trace(estate, '01214960000', '2026-11-24T10:00:00Z', { caller: 'unavailable' }))).toEqual([
      'numberRejected',
    ]);
    expect(kinds(trace(estate, '01214960000', '2026-11-24T10:00:00Z', { caller: '07700900500' }))).toEqual([
      'number',
      'seat',
    ]);
    const unknown = trace(estate, '01214960000', '2026-11-24T10:00:00Z');
    expect(unknown[0]?.alternatives.map((a) => a.condition)).toEqual(['anonymous', 'unavailable']);
  });

  it('access-list screening: accept only the list’s callers, or reject them', () => {
    const list = { id: 9, name: 'VIPs', entries: ['07700900500'] };
    const estate = (reject: number) =>
      with_({
        accessLists: [list],
        numbers: [number('01214960000', 'seat:201', { telephoneNumberAclId: 9, telephoneNumberAclReject: reject })],
      });
    expect(kinds(trace(estate(0), '01214960000', '2026-11-24T10:00:00Z', { caller: '+447700900500' }))).toEqual([
      'number',
      'seat',
    ]);
    expect(trace(estate(0), '01214960000', '2026-11-24T10:00:00Z', { caller: '07700900501' })[0]?.rule.text).toBe(
      "01214960000: 07700900501 is not on the access list 'VIPs', the only callers accepted",
    );
    expect(kinds(trace(estate(1), '01214960000', '2026-11-24T10:00:00Z', { caller: '07700900500' }))).toEqual([
      'numberRejected',
    ]);
    expect(alt(trace(estate(1), '01214960000', '2026-11-24T10:00:00Z')[0], 'screened').text).toBe(
      "If the caller is on the access list 'VIPs' (reject callers on the list): the call is rejected",
    );
  });

  it('an NTS destination with an answer prompt', () => {
    const estate = with_({ nts: [{ id: 1, name: 'On call', destination: '07700900999', answerPromptId: 7 }] });
    expect(trace(estate, 'nts:1', '2026-11-24T10:00:00Z')[0]?.rule.text).toBe(
      "NTS 'On call' forwards the call to 07700900999, outside the network; whoever answers first hears 'Acme main greeting'",
    );
  });

  it('a SIP trunk, with its failover when it is not registered', () => {
    const estate = with_({ trunks: [{ id: 4, nickname: 'Office PBX', trunkFailOver: 'seat:201' }] });
    const [t] = trace(estate, 'trunk:4', '2026-11-24T10:00:00Z');
    expect(t?.rule.text).toBe("The call is delivered over SIP trunk 'Office PBX' to the customer’s own phone system");
    expect(alt(t, 'unregistered').text).toBe("If the trunk is not registered → seat 201 'Reception'");
  });

  it('an outside number dialled leaves the network; an unknown extension is missing', () => {
    expect(kinds(trace(acme(), '07700900123', '2026-11-24T10:00:00Z'))).toEqual(['outside']);
    expect(trace(acme(), '999', '2026-11-24T10:00:00Z')[0]?.rule.text).toBe(
      "Nothing answers '999', which is neither a number nor an extension of this account",
    );
  });

  it('a destination that is not in the estate (deleted, or another account’s) is missing', () => {
    const estate = with_({ numbers: [number('01214960000', 'callgroup:999')] });
    const steps = trace(estate, '01214960000', '2026-11-24T10:00:00Z');
    expect(kinds(steps)).toEqual(['number', 'missing']);
    expect(steps[1]?.object).toEqual({ type: 'missing', id: null, name: 'callgroup:999', value: 'callgroup:999' });
    expect(steps[0]?.rule.text).toBe("01214960000 is routed → 'callgroup:999', which does not exist");
  });
});

describe('loops end', () => {
  it('a time profile routing back to itself through an IVR', () => {
    const estate = with_({
      timeProfiles: [profile(300, 'Office hours', { inDestination: 'ivr:370', outDestination: 'ivr:370' })],
      ivrs: [ivr(370, 'Main menu', { option1: 'timeprofile:300' })],
    });
    const steps = trace(estate, '01214960000', '2026-11-24T10:00:00Z', { keys: ['1'] });
    expect(kinds(steps)).toEqual(['number', 'timeProfile', 'ivrKey', 'loop']);
    expect(last(steps).rule.text).toBe(
      "The call comes back to 'Office hours', which it has already passed: from here it goes round the same way again (a loop)",
    );
    expect(last(steps).object.value).toBe('timeprofile:300');
  });

  it('two seats diverting all calls to each other’s numbers', () => {
    const estate = with_({
      numbers: [number('01214960001', 'seat:201'), number('01214960002', 'seat:202')],
      seats: [seat(201, { cfwdAll: '01214960002' }), seat(202, { cfwdAll: '01214960001' })],
    });
    const steps = trace(estate, '01214960001', '2026-11-24T10:00:00Z');
    expect(kinds(steps)).toEqual(['number', 'seatDivertAll', 'number', 'seatDivertAll', 'loop']);
  });

  it('a group falling over to itself: the loop is in the alternative', () => {
    const estate = with_({
      callGroups: [group(350, 'Sales team', { falloverLocation: 'callgroup:350', members: [member('seat:209')] })],
    });
    const [g] = trace(estate, '350', '2026-11-24T10:00:00Z');
    expect(alt(g, 'noAnswer').steps.map((s) => s.rule.kind)).toEqual(['loop']);
  });

  it('a menu whose key returns to the menu', () => {
    const estate = with_({ ivrs: [ivr(370, 'Main menu', { option9: 'ivr:370', option1: 'seat:201' })] });
    const [menu] = trace(estate, '370', '2026-11-24T10:00:00Z');
    expect(alt(menu, 'key', '9').steps.map((s) => s.rule.kind)).toEqual(['loop']);
  });
});
