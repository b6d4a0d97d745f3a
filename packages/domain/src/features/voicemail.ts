/**
 * Voicemail (spec 3: /voicemail, /voicemail/settings/{mailbox}, /voicemail/{mailbox}/{id};
 * permission voicemail). A mailbox is a seat with voicemail on, named by its SIP username
 * ('{account}*{extension}'); its messages (new / old), its settings (spec 3 §5) and its prerecorded
 * greetings; the media server's deposit of a message (spec 3 §7 "Voicemail").
 */
import { z } from 'zod';
import { recordField } from '../field-declarations.ts';
import { optionalText, recordId } from '../fields.ts';
import { MESSAGES } from '../messages.ts';
import { outcomeReply, saveReply } from '../paging.ts';
import { PATTERNS } from '../patterns.ts';
import { recordsReply, taggedRoutes } from '../tagged-routes.ts';
import { seatFields } from './seats.ts';

export const VOICEMAIL_MESSAGES = {
  /** Spec 3 §8. */
  greetingAdded: 'Prerecorded Voicemail added successfully',
  /** Ours: a greeting type the mailbox has no greeting of. */
  noGreeting: 'There is no greeting of this type',
  /** Ours: what deleting messages does, asked before it. */
  confirmDelete: 'The selected voicemail messages will be deleted. This cannot be undone.',
  /** Ours: what deleting a greeting does, asked before it. */
  confirmGreetingDelete: 'Callers will hear the standard greeting instead. This cannot be undone.',
  deleted: (n: number) => (n === 1 ? '1 voicemail message deleted' : `${n} voicemail messages deleted`),
  greetingDeleted: 'Prerecorded Voicemail deleted successfully',
  /** Ours: the media server deposits into a mailbox that has voicemail turned off. */
  mailboxDisabled: 'Voicemail is turned off for this mailbox',
  /** Ours: the deposit's reply to the media server. */
  deposited: 'Voicemail stored',
  /** Ours: the page when the account has no seat with voicemail on. */
  noMailboxes: 'No seat of this account has voicemail turned on.',
} as const;

/** The greetings a mailbox may hold (a voicemail system's: unavailable, busy, name, temporary). */
export const GREETING_TYPES = [
  { value: 'unavailable', label: 'Unavailable', helper: 'Played when the seat does not answer' },
  { value: 'busy', label: 'Busy', helper: 'Played when the seat is on another call' },
  { value: 'name', label: 'Name', helper: 'The mailbox owner’s name, used in the standard greetings' },
  { value: 'temporary', label: 'Temporary', helper: 'Played instead of the others while it is set (e.g. on holiday)' },
] as const;
export type GreetingType = (typeof GREETING_TYPES)[number]['value'];
const greetingValues = GREETING_TYPES.map((g) => g.value) as [GreetingType, ...GreetingType[]];
export const greetingType = z.enum(greetingValues, { error: MESSAGES.selectOption });

export const VOICEMAIL_FOLDERS = ['new', 'old'] as const;
export type VoicemailFolder = (typeof VOICEMAIL_FOLDERS)[number];

/** A mailbox's name: the seat's SIP username. */
export const mailboxName = z.string().regex(PATTERNS.accountSeat.pattern, { error: MESSAGES.recordNotFound });
const mailboxParam = z.object({ mailbox: mailboxName });

/** A mailbox of the account (a seat with voicemail on) and how many messages it holds. */
export const voicemailMailboxRecord = z.object({
  mailbox: z.string(),
  seatId: z.number().int(),
  extension: z.number().int(),
  nickname: z.string(),
  fullname: z.string(),
  newCount: z.number().int(),
  oldCount: z.number().int(),
});
export type VoicemailMailbox = z.infer<typeof voicemailMailboxRecord>;

/** A message (spec 3 §3: date, callerIdName, callerIdNumber, id; date as 'DD MM YYYY HH:mm:ss'). */
export const voicemailMessageRecord = z.object({
  id: z.number().int(),
  mailbox: z.string(),
  folder: z.enum(VOICEMAIL_FOLDERS),
  date: z.string(),
  /** The same moment as ISO 8601 (UTC), for sorting and for the browser's own formatting. */
  receivedAt: z.string(),
  callerIdName: z.string(),
  callerIdNumber: z.string(),
  /** Seconds. */
  duration: z.number().int(),
  fileSize: z.number().int(),
  /** 'wav' or 'mp3': the download's extension. */
  format: z.string(),
});
export type VoicemailMessage = z.infer<typeof voicemailMessageRecord>;

/** POST /voicemail/messages: a mailbox's messages, newest first; one folder or both. */
export const voicemailListBody = z.object({
  mailbox: mailboxName,
  folder: z.enum(VOICEMAIL_FOLDERS).optional(),
});
export const voicemailListReply = z.object({
  records: z.array(voicemailMessageRecord),
  totalRecords: z.number().int(),
});

/** DELETE /voicemail/messages: one mailbox's messages by id (all or nothing). */
export const voicemailDeleteBody = z.object({
  mailbox: mailboxName,
  ids: z
    .array(recordId(undefined, { numberOnly: true }))
    .min(1)
    .max(500),
});

/** The mailbox PIN (spec 3 §5): digits only, at most 10. */
export const voicemailPin = optionalText({ pattern: PATTERNS.voicemailPin });

// Settings (GET / POST /voicemail/{mailbox}/settings): the seat's mailbox fields.
const seatShape = seatFields.shape;
export const voicemailSettingsInput = z.object({
  fullname: seatShape.vmFullname,
  email: seatShape.vmEmail,
  /** The PIN ('' keeps the current one). */
  password: seatShape.vmPin,
  vmDelete: seatShape.vmDelete,
});
export type VoicemailSettingsInput = z.input<typeof voicemailSettingsInput>;
const { vmFullname, vmEmail, vmDelete } = seatFields.declared;
export const voicemailSettingsRecord = z.object({
  mailbox: z.string(),
  fullname: recordField(vmFullname.schema),
  email: recordField(vmEmail.schema),
  vmDelete: recordField(vmDelete.schema),
  passwordSet: z.boolean(),
  keepOnNetwork: z.boolean(),
  /** The seat's version: a save names it (If-Match). */
  version: z.number().int(),
});
export type VoicemailSettings = z.infer<typeof voicemailSettingsRecord>;

/** A greeting type of the mailbox and whether it holds one. */
export const voicemailGreetingRecord = z.object({
  type: greetingType,
  label: z.string(),
  set: z.boolean(),
  fileSize: z.number().int(),
  uploadedAt: z.string().nullable(),
});
export type VoicemailGreeting = z.infer<typeof voicemailGreetingRecord>;

/** The media server's deposit (multipart: these fields and the audio in 'file'). */
export const voicemailDepositFields = z.object({
  mailbox: mailboxName,
  callerIdName: optionalText({ max: 80 }),
  callerIdNumber: optionalText({ max: 32 }),
  /** When the caller left it (ISO 8601); the moment of the deposit when not given. */
  date: z.iso.datetime({ offset: true }).optional(),
  /** Seconds, as the media server measured it. */
  duration: z.coerce.number().int().min(0).max(86_400).optional(),
});
export type VoicemailDeposit = z.infer<typeof voicemailDepositFields>;

const tag = 'voicemail';
const { get, post, delete: del } = taggedRoutes(tag);
const messageParams = z.object({ mailbox: mailboxName, id: recordId() });
const greetingParams = z.object({ mailbox: mailboxName, type: greetingType });
const audio = { reply: z.unknown(), replyTypes: ['audio/*'] } as const;

export const voicemailRoutes = {
  /** The account's mailboxes (ours: the page's mailbox picker). */
  mailboxes: get('/voicemail/mailboxes', { reply: recordsReply(voicemailMailboxRecord) }),
  /** Spec 3 §7: POST /voicemail/messages (mailbox). */
  list: post('/voicemail/messages', { body: voicemailListBody, reply: voicemailListReply }),
  /** Spec 3 §7: DELETE /voicemail/messages. */
  remove: del('/voicemail/messages', { body: voicemailDeleteBody, reply: saveReply }),
  /** One message's details (ours: the message page). */
  message: get('/voicemail/:mailbox/messages/:id/details', { params: messageParams, reply: voicemailMessageRecord }),
  /** Opened or played: a new message moves to old (ours). */
  markOld: post('/voicemail/:mailbox/messages/:id/old', { params: messageParams, reply: voicemailMessageRecord }),
  /** Spec 3 §7: GET /voicemail/{mailbox}/messages/{id} returns audio (Range answered; ?download=1 as a file). */
  audio: get('/voicemail/:mailbox/messages/:id', {
    params: messageParams,
    query: z.object({ download: z.enum(['0', '1']).optional() }),
    ...audio,
  }),
  settings: get('/voicemail/:mailbox/settings', { params: mailboxParam, reply: voicemailSettingsRecord }),
  saveSettings: post('/voicemail/:mailbox/settings', {
    params: mailboxParam,
    body: voicemailSettingsInput,
    reply: saveReply,
  }),
  /** Spec 3 §7: GET /voicemail/{id}/prerecorded. */
  greetings: get('/voicemail/:mailbox/prerecorded', {
    params: mailboxParam,
    reply: recordsReply(voicemailGreetingRecord),
  }),
  /** Spec 3 §7: multipart POST /voicemail/{id}/messages (file, type): a prerecorded greeting. */
  uploadGreeting: post('/voicemail/:mailbox/messages', { params: mailboxParam, reply: saveReply }),
  greetingAudio: get('/voicemail/:mailbox/prerecorded/:type', { params: greetingParams, ...audio }),
  removeGreeting: del('/voicemail/:mailbox/prerecorded/:type', { params: greetingParams, reply: saveReply }),
  /** The media server's deposit of a message (a server credential, not a session). */
  deposit: post('/voicemail/deposit', { reply: outcomeReply({ id: z.number().int() }) }),
};
