/**
 * Conference rooms (spec 2: /conferencing, permission conference): a room is dialled by its number
 * (one numbering plan with seats, groups, queues...; on-net access is 155), guarded by a PIN and an
 * admin PIN, and can be a destination of numbers, menus and profiles.
 */
import { z } from 'zod';
import { resourceRoutes, versionedRecordFields } from '../contract.ts';
import { declareFields, field, flag } from '../field-declarations.ts';
import { integer, optionalText, recordId, requiredText } from '../fields.ts';
import { MESSAGES } from '../messages.ts';
import { nextNumberRoute, numberInRange } from '../numbering.ts';
import { PATTERNS } from '../patterns.ts';

export const CONFERENCE_MESSAGES = {
  /** Worded as the other numbered areas' (the spec gives rooms no number texts). */
  invalidNumber: 'Please input a valid number',
  inUse: 'Conference number is already in use. Please select a different number',
  rangeInUse:
    '1 or more of the conference rooms already has the number in this selected range. Please check the range and try again',
  /** Ours: the admin PIN gives more rights than the PIN, so they differ. */
  samePins: 'The admin PIN must be different from the PIN',
} as const;

/** Rooms are numbered as the other dialled objects (ours: the spec gives no range). */
export const CONFERENCE_NUMBER = { min: 200, max: 998 } as const;
/** Spec 2 §9: up to 100 participants. */
export const CONFERENCE_MAX_PARTICIPANTS = 100;
/** Spec 2 §4: the on-net access number. */
export const CONFERENCE_ACCESS_NUMBER = '155';
export const CONFERENCE_PIN_MAX = 20;

const pin = () => requiredText({ max: CONFERENCE_PIN_MAX, pattern: PATTERNS.pin });

export const conferenceNumber = numberInRange(CONFERENCE_NUMBER, CONFERENCE_MESSAGES.invalidNumber);

/** Every field of a room, once (field-declarations.ts): the inputs, the record, the server's map, the forms. */
export const conferenceFields = declareFields({
  confNumber: field(conferenceNumber, {
    label: 'Room Number',
    sortable: true,
    searchable: true,
    createOnly: true,
    inputType: 'number',
  }),
  nickname: field(optionalText({ max: 50 }), { label: 'Nickname', sortable: true, searchable: true }),
  /** '' in a record for a user who may not update rooms. */
  pin: field(pin(), { label: 'PIN', helper: '4-6 digits, asked of every participant' }),
  adminPin: field(pin(), {
    label: 'Admin PIN',
    helper: '4-6 digits, different from the PIN: joins as the marked (admin) user',
  }),
  /** Participants join muted. */
  listenOnly: flag(false, { label: 'Listen Only', filterable: true }),
  /** The conference starts when a marked (admin) user joins. */
  waitForMarked: flag(false, { label: 'Wait For Marked User', filterable: true }),
  /** Joining and leaving participants are announced. */
  announceUsers: flag(false, { label: 'Announce Users', filterable: true }),
  /** Music plays while one participant waits alone. */
  moh: flag(true, { label: 'Music On Hold', filterable: true }),
  /** The music (the account's or the provider's); null: the provider's default. */
  mohClass: field(recordId(MESSAGES.selectOption).nullable().default(null), {
    label: 'Music',
    column: 'moh_class_id',
    references: 'music_on_hold',
    filterable: true,
  }),
  maxParticipants: field(integer(2, CONFERENCE_MAX_PARTICIPANTS).default(CONFERENCE_MAX_PARTICIPANTS), {
    label: 'Maximum Participants',
    sortable: true,
    inputType: 'number',
    helper: `Up to ${CONFERENCE_MAX_PARTICIPANTS}`,
  }),
});

export const conferenceInput = z
  .object(conferenceFields.shape)
  .refine((v) => v.adminPin !== v.pin, { path: ['adminPin'], error: CONFERENCE_MESSAGES.samePins });
export type ConferenceInput = z.input<typeof conferenceInput>;
export type ConferenceValues = z.output<typeof conferenceInput>;

export const conferenceCreate = conferenceInput.safeExtend({ confNumber: conferenceFields.createShape.confNumber });
export type ConferenceCreate = z.input<typeof conferenceCreate>;

export const conferenceRecord = z.object({
  ...versionedRecordFields,
  ...conferenceFields.recordShape,
});
export type Conference = z.infer<typeof conferenceRecord>;

const tag = 'conferencing';

/** Spec 2 §7 "Conference": /conferencing and /conferencing/{id}, and the next free number. */
export const conferenceRoutes = {
  ...resourceRoutes('/conferencing', {
    tag,
    record: conferenceRecord,
    input: conferenceInput,
    create: conferenceCreate,
  }),
  next: nextNumberRoute('/conferencing', tag),
};
