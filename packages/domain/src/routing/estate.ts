/**
 * The estate: an account's routing objects in the shape the engine reads, each a pick of the
 * area's own record type (no parallel model), and the look-ups the engine makes in it.
 */
import type { AccessList } from '../features/access-lists.ts';
import type { CallGroup, CallGroupMember } from '../features/call-groups.ts';
import type { CallQueue, QueueMember } from '../features/call-queues.ts';
import type { Conference } from '../features/conferencing.ts';
import { type DestinationType, parseDestination } from '../features/destinations.ts';
import type { Ivr, IvrKeyField } from '../features/ivrs.ts';
import type { Nts } from '../features/nts.ts';
import type { PromptOption } from '../features/prompts.ts';
import type { Seat } from '../features/seats.ts';
import type { SipTrunk } from '../features/sip-trunks.ts';
import type { TelephoneNumber } from '../features/telephone-numbers.ts';
import type { CalendarEntry, TimeProfile } from '../features/time-profiles.ts';

export type EstateNumber = Pick<
  TelephoneNumber,
  | 'id'
  | 'telephoneNumber'
  | 'nickname'
  | 'destination'
  | 'anonCallReject'
  | 'anonCallRejectAdvanced'
  | 'telephoneNumberAclId'
  | 'telephoneNumberAclReject'
>;
export type EstateCalendarEntry = Pick<CalendarEntry, 'id' | 'description' | 'destination' | 'start' | 'end'>;
export type EstateTimeProfile = Pick<
  TimeProfile,
  | 'id'
  | 'extension'
  | 'name'
  | 'bankHoliday'
  | 'mode'
  | 'inPromptId'
  | 'inDestination'
  | 'outPromptId'
  | 'outDestination'
  | 'days'
> & {
  /** Its calendar entries, by start. */
  calendars: EstateCalendarEntry[];
};
export type EstateIvr = Pick<Ivr, 'id' | 'name' | 'description' | 'greetingId' | 'invalidPrompt' | IvrKeyField>;
export type EstateGroupMember = Pick<CallGroupMember, 'name' | 'days' | 'start' | 'end' | 'penalty'>;
export type EstateCallGroup = Pick<
  CallGroup,
  'id' | 'groupNo' | 'customName' | 'ringType' | 'ringTime' | 'falloverLocation' | 'ignoreCfwd'
> & { members: EstateGroupMember[] };
export type EstateQueueMember = Pick<QueueMember, 'memberName' | 'penalty'>;
export type EstateQueue = Pick<
  CallQueue,
  | 'id'
  | 'displayName'
  | 'customName'
  | 'strategy'
  | 'queueTime'
  | 'maxLength'
  | 'exitSwitch'
  | 'exitTime'
  | 'falloverLocation'
  | 'joinEmpty'
  | 'falloverLocationEmpty'
  | 'timeout'
  | 'welcomeId'
  | 'queueFullMessageId'
> & { members: EstateQueueMember[] };
export type EstateSeat = Pick<
  Seat,
  | 'id'
  | 'extension'
  | 'nickname'
  | 'ringTime'
  | 'vmMode'
  | 'vmEmail'
  | 'vmAdvancedPromptId'
  | 'vmAdvancedDest'
  | 'cfwdAll'
  | 'cfwdBusy'
  | 'cfwdNoAnswer'
  | 'cfwdUnavail'
  | 'userId'
>;
export type EstateNts = Pick<Nts, 'id' | 'name' | 'destination' | 'answerPromptId'>;
export type EstateConference = Pick<Conference, 'id' | 'confNumber' | 'nickname' | 'waitForMarked'>;
export type EstateTrunk = Pick<SipTrunk, 'id' | 'nickname' | 'trunkFailOver'>;
export type EstateAccessList = Pick<AccessList, 'id' | 'name'> & { entries: string[] };
export type EstatePrompt = Pick<PromptOption, 'id' | 'name'>;

/** An account's routing objects. */
export interface Estate {
  numbers: EstateNumber[];
  timeProfiles: EstateTimeProfile[];
  ivrs: EstateIvr[];
  callGroups: EstateCallGroup[];
  queues: EstateQueue[];
  seats: EstateSeat[];
  nts: EstateNts[];
  conferences: EstateConference[];
  trunks: EstateTrunk[];
  accessLists: EstateAccessList[];
  /** The prompts the objects play (the account's and the provider's). */
  prompts: EstatePrompt[];
}

export const emptyEstate = (): Estate => ({
  numbers: [],
  timeProfiles: [],
  ivrs: [],
  callGroups: [],
  queues: [],
  seats: [],
  nts: [],
  conferences: [],
  trunks: [],
  accessLists: [],
  prompts: [],
});

/** A number as the UK dials it nationally: '+44 121 496 0000', '0044121…' and '44121…' are '0121…'. */
export function nationalNumber(value: string): string {
  const digits = value.trim().replace(/[\s\-().]/g, '');
  if (digits.startsWith('+44')) return `0${digits.slice(3)}`;
  if (digits.startsWith('0044')) return `0${digits.slice(4)}`;
  if (/^44\d{9,10}$/.test(digits)) return `0${digits.slice(2)}`;
  return digits;
}

const byKey = <T>(items: readonly T[], key: (t: T) => string | number) =>
  new Map(items.map((t) => [String(key(t)), t]));

/** The estate with its objects looked up by their destination keys. */
export function indexEstate(estate: Estate) {
  return {
    estate,
    numbers: byKey(estate.numbers, (n) => nationalNumber(n.telephoneNumber)),
    seat: byKey(estate.seats, (s) => s.extension),
    timeprofile: byKey(estate.timeProfiles, (p) => p.extension),
    ivr: byKey(estate.ivrs, (i) => i.name),
    callgroup: byKey(estate.callGroups, (g) => g.groupNo),
    queue: byKey(estate.queues, (q) => q.displayName),
    nts: byKey(estate.nts, (n) => n.id),
    conference: byKey(estate.conferences, (c) => c.confNumber),
    trunk: byKey(estate.trunks, (t) => t.id),
    accessList: byKey(estate.accessLists, (a) => a.id),
    prompt: byKey(estate.prompts, (p) => p.id),
  };
}
export type IndexedEstate = ReturnType<typeof indexEstate>;

/** The types dialled by an extension (one numbering plan), in the order they are looked up. */
const DIALLED_TYPES = ['seat', 'timeprofile', 'ivr', 'callgroup', 'queue', 'conference'] as const;

/** The destination value an extension dials ('201' → 'seat:201'), or null when none has it. */
export function extensionValue(index: IndexedEstate, extension: string): string | null {
  const type = DIALLED_TYPES.find((t) => index[t].has(extension));
  return type ? `${type}:${extension}` : null;
}

/** Whether a destination value names an object of the estate (voicemail: a seat with voicemail on). */
export function exists(index: IndexedEstate, value: string): boolean {
  const parsed = parseDestination(value);
  if (!parsed) return false;
  if (parsed.type === 'voicemail') return (index.seat.get(parsed.key)?.vmMode ?? 0) > 0;
  return lookup(index, parsed.type, parsed.key) !== undefined;
}

export function lookup(index: IndexedEstate, type: DestinationType, key: string) {
  return type === 'voicemail' ? index.seat.get(key) : index[type].get(key);
}
