import { describe, expect, it } from 'vitest';
import { perDay } from '../time-of-day.ts';
import { acme, group, ivr, member, number, profile, queue, seat } from './estate.fixture.ts';
import type { Estate } from './estate.ts';
import { type LintKind, lintEstate, routingLoops } from './lint.ts';

const kinds = (estate: Estate) => lintEstate(estate).map((f) => f.kind);
const only = (estate: Estate, kind: LintKind) => {
  const found = lintEstate(estate);
  expect(found.map((f) => f.kind)).toEqual([kind]);
  return found[0] as (typeof found)[number];
};
const withAcme = (change: (e: Estate) => void) => {
  const e = acme();
  change(e);
  return e;
};

describe('lintEstate', () => {
  it('finds nothing wrong in a sound estate (the demo routing)', () => {
    expect(lintEstate(acme())).toEqual([]);
  });

  it('a destination pointing at nothing, or at a disabled voicemail', () => {
    const missing = only(
      withAcme((e) => {
        (e.ivrs[0] as Estate['ivrs'][number]).option3 = 'queue:999';
      }),
      'dangling',
    );
    expect(missing.object).toMatchObject({ type: 'ivr', name: '370 - Main menu' });
    expect(missing.message).toBe(
      "IVR 370 Main menu: key 3 is 'queue:999', which does not exist, so calls sent there end. Choose a destination that exists.",
    );
    expect(missing.objects[1]).toMatchObject({ type: 'missing', value: 'queue:999' });
    const disabled = only(
      withAcme((e) => {
        (e.callGroups[0] as Estate['callGroups'][number]).falloverLocation = 'voicemail:202';
        (e.seats[1] as Estate['seats'][number]).vmMode = 0;
      }),
      'dangling',
    );
    expect(disabled.message).toBe(
      "Call Group 350 Sales team: the fallover is 'voicemail:202', as the voicemail of seat 202 'Accounts' is disabled, so calls sent there end. Choose a destination that exists.",
    );
  });

  it('a loop with no way out (IVR → group → IVR), named round from its first object', () => {
    const estate: Estate = {
      ...acme(),
      ivrs: [ivr(1, 'Main', { option1: 'callgroup:2', optionTimeout: 'callgroup:2' })],
      callGroups: [
        group(2, 'Sales', { falloverLocation: 'ivr:1', members: [member('seat:201', { days: perDay(() => false) })] }),
      ],
      numbers: [number('01214960000', 'ivr:1')],
      timeProfiles: [],
      queues: [],
    };
    const found = lintEstate(estate).filter((f) => f.kind === 'loop');
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toBe(
      'A loop with no way out: Call Group 2 Sales → IVR 1 Main → Call Group 2 Sales. A call that reaches it goes round for ever, as nothing on it can answer or end the call: send one of them somewhere outside the loop.',
    );
    expect(routingLoops(estate, 'ivr:1').map((l) => l.cycle.map((o) => o.name))).toEqual([
      ['1 - Main', '2 - Sales', '1 - Main'],
    ]);
  });

  it('a loop with a way out is no finding: a member who answers, a timeout that ends the call', () => {
    const loop = (o: { members: boolean; timeout: boolean }): Estate => ({
      ...acme(),
      ivrs: [ivr(1, 'Main', { option1: 'callgroup:2', optionTimeout: o.timeout ? '' : 'callgroup:2' })],
      callGroups: [group(2, 'Sales', { falloverLocation: 'ivr:1', members: o.members ? [member('seat:201')] : [] })],
      numbers: [number('01214960000', 'ivr:1')],
      timeProfiles: [],
      queues: [],
    });
    expect(routingLoops(loop({ members: true, timeout: false }))).toEqual([]);
    expect(routingLoops(loop({ members: false, timeout: true }))).toEqual([]);
    expect(routingLoops(loop({ members: false, timeout: false }))).toHaveLength(1);
  });

  it('a loop only at some hours: time profiles closed at night sending calls round', () => {
    const estate: Estate = {
      ...acme(),
      numbers: [number('01214960000', 'timeprofile:300')],
      timeProfiles: [
        profile(300, 'Day', { inDestination: 'seat:201', outDestination: 'timeprofile:301' }),
        profile(301, 'Night', { inDestination: 'seat:202', outDestination: 'timeprofile:300' }),
      ],
      ivrs: [],
      callGroups: [],
      queues: [],
    };
    const found = lintEstate(estate).filter((f) => f.kind === 'loop');
    expect(found.map((f) => f.message)).toEqual([
      'A loop with no way out: Time Profile 300 Day → Time Profile 301 Night → Time Profile 300 Day. A call that reaches it goes round for ever, as nothing on it can answer or end the call: send one of them somewhere outside the loop.',
    ]);
  });

  it('a number routed nowhere', () => {
    const f = only(
      withAcme((e) => e.numbers.push(number('01214960001', '', { nickname: 'Spare' }))),
      'numberNowhere',
    );
    expect(f.message).toBe('Number 01214960001 (Spare) is routed nowhere: callers hear the number-unobtainable tone.');
  });

  it('a time profile whose open and closed destinations are the same', () => {
    const same = only(
      withAcme((e) => {
        (e.timeProfiles[1] as Estate['timeProfiles'][number]).outDestination = 'seat:205';
      }),
      'sameOpenClosed',
    );
    expect(same.message).toBe(
      'Time Profile 301 Weekend cover sends calls to Seat 205 Site engineer whether open or closed: its schedule changes nothing.',
    );
  });

  it('a call group with no members', () => {
    const f = only(
      withAcme((e) => e.callGroups.push(group(351, 'Spare team', { falloverLocation: 'seat:201' }))),
      'groupNoMembers',
    );
    expect(f.message).toBe(
      'Call Group 351 Spare team has no members: every call goes straight to its fallover, Seat 201 Reception. Add a member.',
    );
  });

  it('a queue with no members and no fallover (a fallover, or members, are fine)', () => {
    expect(
      only(
        withAcme((e) => e.queues.push(queue(361, 'Empty'))),
        'queueNoMembers',
      ).message,
    ).toBe(
      'Call Queue 361 Empty has no members and no fallover: nobody can answer its callers and they have nowhere to go. Add a member or a fallover.',
    );
    expect(kinds(withAcme((e) => e.queues.push(queue(361, 'Empty', { falloverLocation: 'seat:201' }))))).toEqual([]);
  });

  it('a seat diverting to itself, and seats diverting to each other in a circle', () => {
    const self = only(
      withAcme((e) => {
        e.numbers.push(number('01214960201', 'seat:201'));
        (e.seats[0] as Estate['seats'][number]).cfwdNoAnswer = '01214960201';
      }),
      'divertSelf',
    );
    expect(self.message).toBe(
      'Seat 201 Reception diverts calls to a number that rings it again: the divert can never reach anyone else. Change the divert.',
    );
    const circle = lintEstate(
      withAcme((e) => {
        e.numbers.push(number('01214960209', 'seat:209'), number('01214960210', 'seat:210'));
        (e.seats[3] as Estate['seats'][number]).cfwdBusy = '01214960210';
        (e.seats[4] as Estate['seats'][number]).cfwdNoAnswer = '01214960209';
      }),
    );
    expect(circle.map((f) => f.kind)).toEqual(['divertCycle']);
    expect(circle[0]?.objects.map((o) => o.value)).toEqual(['seat:209', 'seat:210']);
  });

  it('seats diverting all calls round each other are also a loop with no way out', () => {
    const found = kinds(
      withAcme((e) => {
        e.numbers.push(number('01214960209', 'seat:209'), number('01214960210', 'seat:210'));
        (e.seats[3] as Estate['seats'][number]).cfwdAll = '01214960210';
        (e.seats[4] as Estate['seats'][number]).cfwdAll = '01214960209';
      }),
    );
    expect(found.sort()).toEqual(['divertCycle', 'loop']);
  });

  it('an IVR whose greeting plays while no key is set', () => {
    const f = only(
      withAcme((e) => e.ivrs.push(ivr(371, 'Silent', { greetingId: 7, optionTimeout: 'seat:201' }))),
      'ivrKeysUnset',
    );
    expect(f.message).toBe(
      'IVR 371 Silent plays its greeting but no key has a destination: whatever the caller presses, the menu starts again.',
    );
  });

  it('a member that can never ring: days and hours outside the group’s schedule, or no day at all', () => {
    const nights = only(
      withAcme((e) => {
        const sales = e.callGroups[0] as Estate['callGroups'][number];
        (e.timeProfiles[0] as Estate['timeProfiles'][number]).inDestination = 'callgroup:350';
        sales.members[1] = member('seat:212', { start: '18:00', end: '23:00' });
      }),
      'memberNeverRings',
    );
    expect(nights.message).toBe(
      "Seat 212 Training never rings in Call Group 350 Sales team: its days and hours (Mon, Tue, Wed, Thu, Fri, Sat, Sun 18:00–23:00) never meet the times the group is called (the open hours of 'Office hours'), or its delay is not shorter than the ring time. Change its days or hours.",
    );
    expect(nights.objects.map((o) => o.value)).toEqual(['callgroup:350', 'seat:212']);
    const noDay = only(
      withAcme((e) => {
        (e.callGroups[0] as Estate['callGroups'][number]).members[0] = member('seat:209', {
          days: perDay(() => false),
        });
      }),
      'memberNeverRings',
    );
    expect(noDay.message).toContain('(no day 00:00–23:59)');
    // A member ringing at some of the group's hours is fine.
    const some = withAcme((e) => {
      (e.callGroups[0] as Estate['callGroups'][number]).members[1] = member('seat:212', {
        start: '12:00',
        end: '13:00',
      });
    });
    expect(kinds(some)).toEqual([]);
  });

  it('a seat is a plain seat: the same estate with many seats finds the same', () => {
    const many = withAcme((e) => {
      for (let i = 0; i < 50; i++) e.seats.push(seat(400 + i));
    });
    expect(kinds(many)).toEqual([]);
  });
});
