/**
 * The estate: an account's routing objects in the shape the engine reads, each a pick of the
 * area's own record type (no parallel model), and the look-ups the engine makes in it.
 */
import type { z } from 'zod';
import { accessListRecord } from '../features/access-lists.ts';
import { callGroupMemberRecord, callGroupRecord } from '../features/call-groups.ts';
import { callQueueRecord, queueMemberRecord } from '../features/call-queues.ts';
import { conferenceRecord } from '../features/conferencing.ts';
import { type DestinationType, parseDestination } from '../features/destinations.ts';
import { IVR_KEYS, type IvrKeyField, ivrRecord } from '../features/ivrs.ts';
import { ntsRecord } from '../features/nts.ts';
import { promptRecord } from '../features/prompts.ts';
import { seatRecord } from '../features/seats.ts';
import { sipTrunkRecord } from '../features/sip-trunks.ts';
import { telephoneNumberRecord } from '../features/telephone-numbers.ts';
import { calendarRecord, timeProfileRecord } from '../features/time-profiles.ts';
import type { Ref } from './steps.ts';

const ivrKeys = Object.fromEntries(IVR_KEYS.map((k) => [k.field, true])) as Record<IvrKeyField, true>;

/**
 * Each object's fields the engine reads: a pick of its area's record schema (the server reads
 * exactly these fields of each area's records and checks them with these schemas).
 */
export const estateSchemas = {
  numbers: telephoneNumberRecord.pick({
    id: true,
    telephoneNumber: true,
    nickname: true,
    destination: true,
    anonCallReject: true,
    anonCallRejectAdvanced: true,
    telephoneNumberAclId: true,
    telephoneNumberAclReject: true,
  }),
  timeProfiles: timeProfileRecord.pick({
    id: true,
    extension: true,
    name: true,
    bankHoliday: true,
    mode: true,
    inPromptId: true,
    inDestination: true,
    outPromptId: true,
    outDestination: true,
    days: true,
  }),
  calendars: calendarRecord.pick({
    id: true,
    timeProfileId: true,
    description: true,
    destination: true,
    start: true,
    end: true,
  }),
  ivrs: ivrRecord.pick({ id: true, name: true, description: true, greetingId: true, invalidPrompt: true, ...ivrKeys }),
  callGroups: callGroupRecord.pick({
    id: true,
    groupNo: true,
    customName: true,
    ringType: true,
    ringTime: true,
    falloverLocation: true,
    ignoreCfwd: true,
  }),
  groupMembers: callGroupMemberRecord.pick({
    groupId: true,
    name: true,
    days: true,
    start: true,
    end: true,
    penalty: true,
  }),
  queues: callQueueRecord.pick({
    id: true,
    displayName: true,
    customName: true,
    strategy: true,
    queueTime: true,
    maxLength: true,
    exitSwitch: true,
    exitTime: true,
    falloverLocation: true,
    joinEmpty: true,
    falloverLocationEmpty: true,
    timeout: true,
    welcomeId: true,
    queueFullMessageId: true,
  }),
  queueMembers: queueMemberRecord.pick({ queueId: true, memberName: true, penalty: true }),
  seats: seatRecord.pick({
    id: true,
    extension: true,
    nickname: true,
    ringTime: true,
    vmMode: true,
    vmEmail: true,
    vmAdvancedPromptId: true,
    vmAdvancedDest: true,
    cfwdAll: true,
    cfwdBusy: true,
    cfwdNoAnswer: true,
    cfwdUnavail: true,
    userId: true,
  }),
  nts: ntsRecord.pick({ id: true, name: true, destination: true, answerPromptId: true }),
  conferences: conferenceRecord.pick({ id: true, confNumber: true, nickname: true, waitForMarked: true }),
  trunks: sipTrunkRecord.pick({ id: true, nickname: true, trunkFailOver: true }),
  accessLists: accessListRecord.pick({ id: true, name: true }),
  prompts: promptRecord.pick({ id: true, name: true }),
};
type Of<K extends keyof typeof estateSchemas> = z.infer<(typeof estateSchemas)[K]>;

export type EstateNumber = Of<'numbers'>;
export type EstateCalendarEntry = Omit<Of<'calendars'>, 'timeProfileId'>;
export type EstateTimeProfile = Of<'timeProfiles'> & {
  /** Its calendar entries, by start. */
  calendars: EstateCalendarEntry[];
};
export type EstateIvr = Of<'ivrs'>;
export type EstateGroupMember = Omit<Of<'groupMembers'>, 'groupId'>;
export type EstateCallGroup = Of<'callGroups'> & { members: EstateGroupMember[] };
export type EstateQueueMember = Omit<Of<'queueMembers'>, 'queueId'>;
export type EstateQueue = Of<'queues'> & { members: EstateQueueMember[] };
export type EstateSeat = Of<'seats'>;
export type EstateNts = Of<'nts'>;
export type EstateConference = Of<'conferences'>;
export type EstateTrunk = Of<'trunks'>;
export type EstateAccessList = Of<'accessLists'> & { entries: string[] };
export type EstatePrompt = Of<'prompts'>;

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
    /**
     * Each destination value's (or number target's) reference and key once worked out (refs.ts):
     * an estate is read-only once indexed, and the lint asks for the same few hundred thousands of times.
     */
    refs: new Map<string, Ref>(),
    keys: new Map<string, string>(),
    /** Each target's node key in the lint's transitions (transitions.ts). */
    nodeKeys: new Map<string, string>(),
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
