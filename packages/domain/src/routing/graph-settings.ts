/**
 * A graph node's key settings in a few short lines, from the engine's visit of the object (its
 * decision's data) and the object's own fields: a time profile's schedule, an IVR's keys, a
 * group's ring type and members, a seat's diverts and voicemail mode…
 */
import { BANK_HOLIDAY_OPTIONS } from '../features/time-profiles.ts';
import type { IndexedEstate } from './estate.ts';
import { refOf } from './refs.ts';
import type { RoutingObject, RuleFact } from './steps.ts';
import type { Visit } from './visit.ts';
import { duration, promptWords, scheduleWords } from './words.ts';

/** The most members named on a node before '+ n more'. */
const MEMBERS_SHOWN = 3;

const list = (v: RuleFact | undefined): string[] => (Array.isArray(v) ? v : []);

/** 'Members: 209 - Estimating, 212 - Training + 2 more' ('No members' when none). */
function membersLine(index: IndexedEstate, values: string[]): string {
  if (values.length === 0) return 'No members';
  const names = values.slice(0, MEMBERS_SHOWN).map((v) => refOf(index, v).object.name);
  const more = values.length > MEMBERS_SHOWN ? ` + ${values.length - MEMBERS_SHOWN} more` : '';
  return `Members: ${names.join(', ')}${more}`;
}

function timeProfileLines(index: IndexedEstate, key: string): string[] {
  const p = index.timeprofile.get(key);
  if (!p) return [];
  const mode = p.mode === 1 ? ['Always open'] : p.mode === 2 ? ['Always closed'] : [];
  const region = BANK_HOLIDAY_OPTIONS.find((o) => o.value === p.bankHoliday);
  const holidays = p.bankHoliday > 0 && region ? [`Closed on bank holidays (${region.label})`] : [];
  const n = p.calendars.length;
  const calendar = n > 0 ? [`${n} calendar ${n === 1 ? 'entry' : 'entries'}`] : [];
  return [...mode, scheduleWords(p.days), ...holidays, ...calendar];
}

function seatLines(v: Visit): string[] {
  const d = v.data;
  const diverts = [
    ['all', d.divertAll],
    ['busy', d.divertBusy],
    ['no answer', d.divertNoAnswer],
    ['unavailable', d.divertUnavailable],
  ].flatMap(([when, to]) => (to ? [`Divert ${when} → ${to}`] : []));
  const vm = d.voicemail === 2 ? 'Voicemail: advanced' : d.voicemail === 1 ? 'Voicemail: basic' : 'Voicemail: off';
  return [...diverts, vm, ...(d.twinned ? ['Twinned with softphones'] : [])];
}

function ivrLines(index: IndexedEstate, v: Visit): string[] {
  const keys = list(v.data.keysSet);
  const greeting = promptWords(index, Number(v.data.greetingId));
  return [
    greeting ? `Greeting ${greeting}` : 'No greeting',
    keys.length > 0 ? `Keys ${keys.join(' ')}` : 'No keys set',
  ];
}

function queueLines(index: IndexedEstate, v: Visit): string[] {
  const d = v.data;
  const wait = Number(d.maxWait) > 0 ? [`Max wait ${duration(Number(d.maxWait))}`] : [];
  const exit = d.exitTime ? [`Exit at ${d.exitTime} GMT`] : [];
  return [String(d.strategy), membersLine(index, list(d.members)), ...wait, ...exit];
}

const SCREENING: Record<string, string> = {
  anonymous: 'Withheld numbers rejected',
  unavailable: 'Unavailable numbers rejected',
  screened: 'Callers screened by an access list',
};

/** The node's settings lines (see the module's comment). */
export function nodeSettings(index: IndexedEstate, object: RoutingObject, v: Visit): string[] {
  const d = v.data;
  const key = object.value.slice(object.value.indexOf(':') + 1);
  switch (object.type) {
    case 'number':
      return [
        ...(v.kind === 'nowhere' ? ['No destination'] : []),
        ...v.alternatives.flatMap((a) => (SCREENING[a.condition] ? [SCREENING[a.condition] as string] : [])),
      ];
    case 'timeprofile':
      return timeProfileLines(index, key);
    case 'ivr':
      return ivrLines(index, v);
    case 'callgroup':
      return [
        `${d.ringType}, ${duration(Number(d.ringTime))}`,
        membersLine(index, [...list(d.ringing), ...list(d.notRinging)]),
      ];
    case 'queue':
      return queueLines(index, v);
    case 'seat':
      return seatLines(v);
    case 'voicemail':
      return [d.mode === 'advanced' ? 'Advanced: prompt, then onward' : 'Takes a message'];
    case 'nts':
      return [`Forwards to ${d.number}`];
    case 'conference':
      return [`Room ${d.room}${d.waitForMarked ? ', waits for the admin' : ''}`];
    case 'conferencing':
      return ['Asks for a room and its PIN'];
    case 'trunk':
      return [d.failover ? 'Failover when not registered' : 'No failover'];
    case 'outside':
      return ['Outside the network'];
    case 'missing':
      return ['Does not exist'];
  }
}
