/**
 * Test estates: builders of each routing object with the areas' defaults, and Acme's demo routing
 * (apps/server/src/demo: the main line → 'Office hours' → the main menu, out of hours the weekend
 * cover, then the on-call engineer's mobile).
 */
import { everyDay } from '../features/call-groups.ts';
import { defaultDays } from '../features/time-profiles.ts';
import { perDay } from '../time-of-day.ts';
import {
  type Estate,
  type EstateCallGroup,
  type EstateIvr,
  type EstateNumber,
  type EstateQueue,
  type EstateSeat,
  type EstateTimeProfile,
  emptyEstate,
} from './estate.ts';

let ids = 1000;
const nextId = () => ++ids;

export const seat = (extension: number, o: Partial<EstateSeat> = {}): EstateSeat => ({
  id: nextId(),
  extension,
  nickname: '',
  ringTime: 20,
  vmMode: 1,
  vmEmail: '',
  vmAdvancedPromptId: null,
  vmAdvancedDest: '',
  cfwdAll: '',
  cfwdBusy: '',
  cfwdNoAnswer: '',
  cfwdUnavail: '',
  userId: null,
  ...o,
});

export const number = (telephoneNumber: string, destination: string, o: Partial<EstateNumber> = {}): EstateNumber => ({
  id: nextId(),
  telephoneNumber,
  nickname: '',
  destination,
  anonCallReject: false,
  anonCallRejectAdvanced: false,
  telephoneNumberAclId: null,
  telephoneNumberAclReject: 0,
  ...o,
});

export const profile = (extension: number, name: string, o: Partial<EstateTimeProfile> = {}): EstateTimeProfile => ({
  id: nextId(),
  extension,
  name,
  bankHoliday: 1,
  mode: 0,
  inPromptId: null,
  inDestination: '',
  outPromptId: null,
  outDestination: '',
  days: defaultDays(),
  calendars: [],
  ...o,
});

const NO_KEYS = {
  option1: '',
  option2: '',
  option3: '',
  option4: '',
  option5: '',
  option6: '',
  option7: '',
  option8: '',
  option9: '',
  option0: '',
  optionStar: '',
  optionHash: '',
  optionTimeout: '',
};

export const ivr = (name: number, description: string, o: Partial<EstateIvr> = {}): EstateIvr => ({
  id: nextId(),
  name,
  description,
  greetingId: -1,
  invalidPrompt: 0,
  ...NO_KEYS,
  ...o,
});

export const member = (name: string, o: Partial<EstateCallGroup['members'][number]> = {}) => ({
  name,
  days: everyDay(),
  start: '00:00',
  end: '23:59',
  penalty: 0,
  ...o,
});

export const group = (groupNo: number, customName: string, o: Partial<EstateCallGroup> = {}): EstateCallGroup => ({
  id: nextId(),
  groupNo,
  customName,
  ringType: 1,
  ringTime: 20,
  falloverLocation: '',
  ignoreCfwd: false,
  members: [],
  ...o,
});

export const queue = (displayName: number, customName: string, o: Partial<EstateQueue> = {}): EstateQueue => ({
  id: nextId(),
  displayName,
  customName,
  strategy: 'ringall',
  queueTime: 0,
  maxLength: 10,
  exitSwitch: false,
  exitTime: '18:00',
  falloverLocation: '',
  joinEmpty: true,
  falloverLocationEmpty: '',
  timeout: 20,
  welcomeId: -1,
  queueFullMessageId: -1,
  members: [],
  ...o,
});

const closed = { enabled: false, start: '09:00', end: '17:30' };
const open = (start: string, end: string) => ({ enabled: true, start, end });

/** Acme's demo routing (demo/time-profiles.ts, demo/routing.ts, demo/seats.ts). */
export function acme(): Estate {
  return {
    ...emptyEstate(),
    numbers: [number('01214960000', 'timeprofile:300', { nickname: 'Main line' })],
    timeProfiles: [
      profile(300, 'Office hours', {
        inDestination: 'ivr:370',
        outDestination: 'timeprofile:301',
        calendars: [
          {
            id: 1,
            description: 'Christmas shutdown',
            destination: 'seat:205',
            start: '24/12/2026 13:00',
            end: '04/01/2027 08:00',
          },
        ],
      }),
      profile(301, 'Weekend cover', {
        inDestination: 'seat:205',
        outDestination: 'nts:1',
        days: perDay((d) =>
          d === 'saturday' ? open('08:00', '16:00') : d === 'sunday' ? open('10:00', '14:00') : closed,
        ),
      }),
    ],
    ivrs: [
      ivr(370, 'Main menu', {
        greetingId: 7,
        option1: 'callgroup:350',
        option2: 'queue:360',
        option0: 'seat:201',
        optionTimeout: 'queue:360',
      }),
    ],
    callGroups: [
      group(350, 'Sales team', {
        falloverLocation: 'seat:201',
        members: [member('seat:209'), member('seat:212', { penalty: 5 })],
      }),
    ],
    queues: [
      queue(360, 'Customer support', {
        strategy: 'rrmemory',
        members: [
          { memberName: 'seat:210', penalty: 0 },
          { memberName: 'seat:211', penalty: 0 },
        ],
      }),
    ],
    seats: [
      seat(201, { nickname: 'Reception' }),
      seat(202, { nickname: 'Accounts' }),
      seat(205, { nickname: 'Site engineer' }),
      seat(209, { nickname: 'Estimating' }),
      seat(210, { nickname: 'Van 1' }),
      seat(211, { nickname: 'Van 2' }),
      seat(212, { nickname: 'Training' }),
    ],
    nts: [{ id: 1, name: 'Out of hours engineer', destination: '07700900999', answerPromptId: null }],
    conferences: [{ id: 1, confNumber: 380, nickname: 'Site meetings', waitForMarked: true }],
    prompts: [{ id: 7, name: 'Acme main greeting' }],
  };
}
