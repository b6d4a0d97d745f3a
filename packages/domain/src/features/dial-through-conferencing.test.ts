import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { CONFERENCE_MESSAGES, conferenceCreate, conferenceInput } from './conferencing.ts';
import { DIAL_THROUGH_CHANNELS, dialThroughCliInput, dialThroughInput } from './dial-through.ts';

const firstMessage = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  r.error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('dial-through schema', () => {
  it('needs a name of at most 50, a PIN while enabled, and a channel count of the spec’s list', () => {
    expect(firstMessage(dialThroughInput.safeParse({ name: ' ', pin: '1234' }))).toEqual([['name', MESSAGES.required]]);
    expect(firstMessage(dialThroughInput.safeParse({ name: 'x'.repeat(51), pin: '1234' }))).toEqual([
      ['name', MESSAGES.maxLength(50)],
    ]);
    expect(firstMessage(dialThroughInput.safeParse({ name: 'A' }))).toEqual([['pin', MESSAGES.required]]);
    expect(dialThroughInput.safeParse({ name: 'A', pinEnabled: false }).success).toBe(true);
    for (const pin of ['123', '1234567', '12a4']) {
      expect(firstMessage(dialThroughInput.safeParse({ name: 'A', pin }))).toEqual([['pin', MESSAGES.pin]]);
    }
    for (const channels of DIAL_THROUGH_CHANNELS) {
      expect(dialThroughInput.safeParse({ name: 'A', pin: '1234', channels }).success).toBe(true);
    }
    for (const channels of [0, 6, 25, 60]) {
      expect(firstMessage(dialThroughInput.safeParse({ name: 'A', pin: '1234', channels }))).toEqual([
        ['channels', MESSAGES.selectOption],
      ]);
    }
  });

  it('takes caller-ID numbers of the telephone pattern', () => {
    const parse = (number: string) => dialThroughCliInput.safeParse({ dialThroughId: 1, number });
    expect(parse('07700900123').success).toBe(true);
    expect(parse('+447700900123').success).toBe(true);
    expect(firstMessage(parse(''))).toEqual([['number', MESSAGES.enterTelephone]]);
    expect(firstMessage(parse('12ab'))).toEqual([['number', MESSAGES.telephone]]);
  });
});

describe('conference schema', () => {
  it('needs both PINs (PIN pattern, at most 20), different from each other', () => {
    const ok = { pin: '1234', adminPin: '4321' };
    expect(conferenceInput.safeParse(ok).success).toBe(true);
    expect(firstMessage(conferenceInput.safeParse({ ...ok, pin: '' }))).toEqual([['pin', MESSAGES.required]]);
    expect(firstMessage(conferenceInput.safeParse({ ...ok, adminPin: '12' }))).toEqual([['adminPin', MESSAGES.pin]]);
    expect(firstMessage(conferenceInput.safeParse({ ...ok, pin: '1'.repeat(21) }))).toEqual([
      ['pin', MESSAGES.maxLength(20)],
    ]);
    expect(firstMessage(conferenceInput.safeParse({ ...ok, adminPin: '1234' }))).toEqual([
      ['adminPin', CONFERENCE_MESSAGES.samePins],
    ]);
    expect(firstMessage(conferenceInput.safeParse({ ...ok, nickname: 'x'.repeat(51) }))).toEqual([
      ['nickname', MESSAGES.maxLength(50)],
    ]);
    expect(firstMessage(conferenceInput.safeParse({ ...ok, maxParticipants: 101 }))).toEqual([
      ['maxParticipants', MESSAGES.maxValue(100)],
    ]);
  });

  it('numbers a room 200-998 on create', () => {
    const ok = { pin: '1234', adminPin: '4321' };
    expect(conferenceCreate.safeParse({ ...ok, confNumber: 200 }).success).toBe(true);
    expect(firstMessage(conferenceCreate.safeParse({ ...ok, confNumber: 999 }))).toEqual([
      ['confNumber', CONFERENCE_MESSAGES.invalidNumber],
    ]);
    expect(firstMessage(conferenceCreate.safeParse({ ...ok, confNumber: '' }))).toEqual([
      ['confNumber', MESSAGES.required],
    ]);
  });
});
