import { describe, expect, it } from 'vitest';
import { FEATURES, MASK } from '../permissions.ts';
import {
  fromSpecSeatBody,
  maySoftphoneUser,
  parseCallerId,
  SEAT_MESSAGES,
  SOFTPHONE_USER_RESOURCES,
  seatCreateInput,
  seatInput,
} from './seats.ts';

describe('parseCallerId', () => {
  it.each([
    ['Acme Plumbing <01214960000>', 'Acme Plumbing', '01214960000'],
    ['  Acme  <  +441214960000 > ', 'Acme', '+441214960000'],
    ['<01214960000>', '', '01214960000'],
    ['Acme Plumbing <>', 'Acme Plumbing', ''],
    ['Acme Plumbing', 'Acme Plumbing', ''],
    ['01214960000', '', '01214960000'],
    ['', '', ''],
  ])('%j → name %j, number %j', (callerId, callerIdName, callerIdNumber) => {
    expect(parseCallerId(callerId)).toEqual({ callerIdName, callerIdNumber });
  });
});

describe('fromSpecSeatBody', () => {
  const spec = {
    callerId: 'Acme Plumbing <01214960000>',
    nickname: 'Kitchen',
    musicOnHold: 3,
    emergencyServiceCid: '01214960003',
    options: {
      callRecording: 1,
      allowUK118: true,
      allowInternational: true,
      internationalPIN: '4321',
      acl: 7,
      ipAcl: 'IE',
      tps: 'block',
      ctps: 'option',
      teamsCLI: '01214960002',
      channelLimit: 2,
      weekdayTimes: { mode: 'range', from: '08:00', to: '18:00' },
      weekendTimes: 'off',
      somethingElse: 'dropped',
    },
    email: 'kitchen@acmeplumbing.example',
    vmEnable: true,
    vmAdvanced: true,
    keepOnNetwork: true,
    vmAdvancedPromptId: 3,
    vmAdvancedDest: 'seat:201',
    twinSeat: true,
  };

  it('maps the spec’s shape onto the flat fields', () => {
    expect(fromSpecSeatBody(spec)).toEqual({
      callerIdName: 'Acme Plumbing',
      callerIdNumber: '01214960000',
      nickname: 'Kitchen',
      musicOnHold: 3,
      emergencyServiceCid: '01214960003',
      callRecording: 1,
      allowUK118: true,
      allowInternational: true,
      internationalPIN: '4321',
      aclId: 7,
      ipAcl: 'IE',
      tps: 'block',
      ctps: 'option',
      teamsCLI: '01214960002',
      channelLimit: 2,
      weekdayTimes: { mode: 'range', from: '08:00', to: '18:00' },
      weekendTimes: { mode: 'off' },
      vmEmail: 'kitchen@acmeplumbing.example',
      vmMode: 2,
      keepOnNetwork: true,
      vmAdvancedPromptId: 3,
      vmAdvancedDest: 'seat:201',
    });
  });

  it.each([
    [{ vmEnable: false, vmAdvanced: true }, 0],
    [{ vmEnable: false }, 0],
    [{ vmEnable: true, vmAdvanced: false }, 1],
    [{ vmEnable: true }, 1],
    [{ vmEnable: 1, vmAdvanced: 1 }, 2],
    [{ vmEnable: 'true', vmAdvanced: 'true' }, 2],
    [{ vmAdvanced: true }, 2],
  ])('voicemail %j → vmMode %i', (flags, vmMode) => {
    expect(fromSpecSeatBody(flags)).toEqual({ vmMode });
  });

  it('reads call times as off, on or a from-to range', () => {
    const times = (weekdayTimes: unknown) =>
      (fromSpecSeatBody({ options: { weekdayTimes } }) as { weekdayTimes: unknown }).weekdayTimes;
    expect(times('on')).toEqual({ mode: 'on' });
    expect(times('OFF')).toEqual({ mode: 'off' });
    expect(times('07:30-18:00')).toEqual({ mode: 'range', from: '07:30', to: '18:00' });
    // Anything else is left for the schema to refuse.
    expect(times('sometimes')).toBe('sometimes');
  });

  it('lets a field under our own name win, and leaves our shape and non-objects alone', () => {
    expect(fromSpecSeatBody({ callerId: 'Spec <01214960000>', callerIdName: 'Ours', email: 'a@b.example' })).toEqual({
      callerIdName: 'Ours',
      callerIdNumber: '01214960000',
      vmEmail: 'a@b.example',
    });
    expect(fromSpecSeatBody({ options: { tps: 'block' }, tps: 'off' })).toEqual({ tps: 'off' });
    const ours = { callerIdName: 'Acme', vmMode: 1, tps: 'block' };
    expect(fromSpecSeatBody(ours)).toBe(ours);
    expect(fromSpecSeatBody(null)).toBeNull();
    expect(fromSpecSeatBody('x')).toBe('x');
    expect(fromSpecSeatBody([1])).toEqual([1]);
  });

  it('gives a body the seat schemas validate: the same values as our own shape', () => {
    const { twinSeat: _twin, ...withoutTwin } = spec;
    const mapped = seatInput.parse(fromSpecSeatBody(withoutTwin));
    expect(mapped).toMatchObject({
      callerIdName: 'Acme Plumbing',
      callerIdNumber: '01214960000',
      vmMode: 2,
      vmEmail: 'kitchen@acmeplumbing.example',
      aclId: 7,
      weekendTimes: { mode: 'off', from: '00:00', to: '23:59' },
    });
    expect(seatInput.parse(fromSpecSeatBody(spec))).toEqual(mapped);
    // On create too: the mapped options meet the create rules (a new seat registers from GB only).
    const created = seatCreateInput.safeParse(fromSpecSeatBody({ ...spec, extension: 230, options: { ipAcl: 'IE' } }));
    expect(created.success).toBe(false);
    // A bad spec value is refused under our field name, with our message.
    const bad = seatInput.safeParse(fromSpecSeatBody({ email: 'not-an-email' }));
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['vmEmail', 'Must be a valid email address'],
    ]);
  });
});

describe('maySoftphoneUser (spec 2 §2: create permission for customers, wholesale or admin)', () => {
  const holder = (grants: Record<number, number>) => ({
    permissions: Object.fromEntries(Object.entries(grants).map(([id, mask]) => [String(id), mask])),
  });

  it.each([
    ['users (the account’s own) create', { [FEATURES.users]: MASK.all }, true],
    ['wholesale customers create', { [FEATURES.wholesaleCustomers]: MASK.create }, true],
    ['wholesale admin create', { [FEATURES.wholesaleAdmin]: MASK.create | MASK.read }, true],
    ['VH customers create', { [FEATURES.vhCustomers]: MASK.create }, true],
    ['admin create', { [FEATURES.admin]: MASK.create }, true],
    ['VHAdmin (read is enough: provider admins always may)', { [FEATURES.vhAdmin]: MASK.readOnly }, true],
    ['users read, update and delete only', { [FEATURES.users]: 14 }, false],
    ['seats and softphone in full', { [FEATURES.seats]: MASK.all, [FEATURES.softphone]: MASK.all }, false],
    ['the wholesale account flag alone', { [FEATURES.wholesale]: MASK.all }, false],
    ['nothing', {}, false],
  ])('%s → %s', (_label, grants, allowed) => {
    expect(maySoftphoneUser(holder(grants))).toBe(allowed);
  });

  it('names the resources it accepts', () => {
    expect([...SOFTPHONE_USER_RESOURCES]).toEqual([
      'cpUsers',
      'VHCustomers',
      'wholesaleCustomers',
      'wholesaleAdmin',
      'admin',
      'VHAdmin',
    ]);
  });
});

describe('the seats’ number messages (spec 2 §5)', () => {
  it('word the range and its limit as the spec does, the clashes as the other numbered areas', () => {
    expect(SEAT_MESSAGES).toMatchObject({
      invalidNumber: 'Please input a valid number',
      lessThanTo: 'Please ensure this number is less than the To field',
      tooMany: 'You cannot add more than 100 seats at one time, please contact your account manager to add more',
      inUse: 'Seat extension is already in use. Please select a different number',
      rangeInUse:
        '1 or more of the seats already has the number in this selected range. Please check the range and try again',
    });
  });
});
