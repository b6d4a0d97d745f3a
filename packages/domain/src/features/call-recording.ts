/**
 * Call recordings (spec 3 §2 /call-recording, /call-recording/{id}; §3 "Call recording": date, time,
 * origin, destination, inbound, mins, filesize, fileName; §5 the default from-date one month ago; §6
 * Storage settings: callRecordings read; §7 POST /callrecording, GET /callrecording/{id} and
 * /callrecording/{id}/download). Recordings come from the recording server's ingestion call (a
 * server credential, not a session); the account's storage settings (retention days, quota) decide
 * what the retention job deletes.
 */
import { z } from 'zod';
import { route } from '../contract.ts';
import { declareFields, field, flag } from '../field-declarations.ts';
import { idParam, integer, requiredText } from '../fields.ts';
import { londonClock } from '../london-clock.ts';
import { keysetListReplySchema, SORT_DIRECTIONS, saveReply } from '../paging.ts';

export const CALL_RECORDING_MESSAGES = {
  /** Ours: a from-date after the to-date. */
  dateOrder: 'The from date must be on or before the to date',
  /** Ours: a date that is not one. */
  date: 'A date is YYYY-MM-DD',
  /** Ours: a party of a call the switch would not name. */
  party: 'Please enter a number, an extension or anonymous',
  /** Ours: the storage settings saved. */
  settingsSaved: 'Storage settings saved',
  /** Ours: the ingestion's answer. */
  stored: 'Recording stored',
  /** Ours: a recording of a call already recorded (the switch's call id). */
  duplicate: 'This call already has a recording',
  /** Ours: the ingestion names an account that does not exist. */
  noAccount: 'There is no such account',
  /** The notification over quota (the bell) and its title. */
  quotaTitle: 'Call recording storage full',
  quotaMessage: (deleted: number, quota: string) =>
    `Your call recordings reached the storage quota of ${quota}: the oldest ${deleted === 1 ? 'recording was' : `${deleted} recordings were`} deleted to make room. Raise the quota in Storage Settings to keep more.`,
} as const;

/** The settings an account has until it saves its own (ours: the spec shows none). */
export const CALL_RECORDING_DEFAULTS = { retentionDays: 90, quotaGb: 10 } as const;
/** A gigabyte of storage as disks count it (the quota is given in GB, stored in bytes). */
export const BYTES_PER_GB = 1_000_000_000;
/** The longest retention (ten years) and the largest quota (100 TB). */
export const MAX_RETENTION_DAYS = 3650;
export const MAX_QUOTA_GB = 100_000;

/** A party of a call as the switch names it: a number, an extension, or 'anonymous' (withheld). */
const PARTY = /^(?:\+?\d{1,20}|anonymous)$/;
const party = requiredText({ max: 21, pattern: { pattern: PARTY, message: CALL_RECORDING_MESSAGES.party } });

/**
 * What the recording server says of a recording (its ingestion's metadata) and the list shows of it,
 * declared once: the server's columns, sort and filters, the web's columns come from here.
 */
export const callRecordingFields = declareFields({
  origin: field(party, { label: 'Origin', sortable: true, filterable: true, searchable: true, inputType: 'tel' }),
  destination: field(party, {
    label: 'Destination',
    sortable: true,
    filterable: true,
    searchable: true,
    inputType: 'tel',
  }),
  inbound: flag(false, { label: 'Inbound', sortable: true, filterable: true }),
  /** The call's length in seconds (its record's 'mins' is worked out from it). */
  seconds: field(integer(0, 86_400), { label: 'Length (seconds)', sortable: true }),
  /** The switch's id of the call, to match its call record: one recording a call. */
  callId: field(requiredText({ max: 100, pattern: { pattern: /^[\w.@:-]+$/, message: 'Not a call id' } }), {
    label: 'Call ID',
    filterable: true,
  }),
});

/** 'YYYY-MM-DD' of a real day. */
export const isoDay = z.string().refine(
  (text) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
    const day = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
  },
  { error: CALL_RECORDING_MESSAGES.date },
);

/** The list's default range (spec 3 §5, §9): from one month before today to today, UK days. */
export function defaultRecordingRange(now = new Date()): { from: string; to: string } {
  const to = londonClock(now).date;
  const [y, m, d] = to.split('-').map(Number) as [number, number, number];
  // One month back, on the last day of a shorter month (31 March → 28 or 29 February).
  const last = new Date(Date.UTC(y, m - 1, 0)).getUTCDate();
  const from = new Date(Date.UTC(y, m - 2, Math.min(d, last)));
  return { from: from.toISOString().slice(0, 10), to };
}

/** The ingestion's metadata (a multipart form's fields beside the audio): the account and the call. */
export const callRecordingIngest = z.object({
  accountNo: z.coerce.number().int().min(1).max(2_147_483_647),
  /** When the call started (ISO 8601 with its offset). */
  startedAt: z.iso.datetime({ offset: true }),
  ...callRecordingFields.createShape,
  /** The recorded seat's extension, when the switch knows it. */
  seat: z
    .string()
    .regex(/^\d{1,10}$/)
    .optional(),
  inbound: z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true'),
});
export type CallRecordingIngest = z.input<typeof callRecordingIngest>;

export const callRecordingRecord = z.object({
  id: z.number().int(),
  ...callRecordingFields.recordShape,
  /** ISO 8601 (UTC); `date` and `time` are its UK day (DD/MM/YYYY) and time (HH:mm:ss). */
  startedAt: z.string(),
  date: z.string(),
  time: z.string(),
  /** The length as 'm:ss'. */
  mins: z.string(),
  filesize: z.number().int(),
  fileName: z.string(),
  /** The recorded seat ('201 - Reception'), or '' when the switch did not say. */
  seat: z.string(),
});
export type CallRecording = z.infer<typeof callRecordingRecord>;

/** POST /callrecording: a page (never every row: the table is the product's largest), a UK date range. */
export const callRecordingListBody = z
  .object({
    sortBy: z.string().max(64).optional(),
    direction: z.enum(SORT_DIRECTIONS).optional(),
    search: z.string().max(100).optional(),
    filters: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
    cursor: z.string().max(800).optional(),
    offset: z.number().int().min(0).default(0),
    limit: z.number().int().min(1).max(200).default(50),
    /** Inclusive UK days; from defaults to one month before today, to to today. */
    from: isoDay.optional(),
    to: isoDay.optional(),
  })
  .refine((b) => !b.from || !b.to || b.from <= b.to, { error: CALL_RECORDING_MESSAGES.dateOrder, path: ['from'] })
  .default({ offset: 0, limit: 50 });
export type CallRecordingListBody = z.input<typeof callRecordingListBody>;

/** The storage settings as saved (the modal). */
export const callRecordingSettingsFields = declareFields({
  retentionDays: field(integer(1, MAX_RETENTION_DAYS), {
    label: 'Retention (days)',
    inputType: 'number',
    helper: 'Recordings older than this are deleted',
  }),
  quotaGb: field(
    z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      z
        .number({ error: 'Please enter a number of GB' })
        .min(0.001, { error: 'The quota is at least 0.001 GB' })
        .max(MAX_QUOTA_GB, { error: `The quota is at most ${MAX_QUOTA_GB} GB` })
        .refine((gb) => Math.abs(gb * 1000 - Math.round(gb * 1000)) < 1e-6, {
          error: 'Give the quota to at most 3 decimal places',
        }),
    ),
    {
      label: 'Quota (GB)',
      inputType: 'number',
      helper: 'Over it, the oldest recordings are deleted first',
      record: z.number(),
    },
  ),
});
export const callRecordingSettingsInput = z.object(callRecordingSettingsFields.shape);
export type CallRecordingSettingsInput = z.input<typeof callRecordingSettingsInput>;

export const callRecordingSettingsRecord = z.object({
  ...callRecordingSettingsFields.recordShape,
  version: z.number().int(),
  /** The account's recordings: how many, and their bytes (the used storage). */
  recordings: z.number().int(),
  usedBytes: z.number().int(),
  quotaBytes: z.number().int(),
});
export type CallRecordingSettings = z.infer<typeof callRecordingSettingsRecord>;

const tag = 'call-recording';

export const callRecordingRoutes = {
  /** Spec 3 §7: POST /callrecording, a page of the range (keyset: `cursor` answers `nextCursor`). */
  list: route({
    method: 'POST',
    path: '/callrecording',
    body: callRecordingListBody,
    reply: keysetListReplySchema(callRecordingRecord),
    tag,
  }),
  settings: route({ method: 'GET', path: '/callrecording/settings', reply: callRecordingSettingsRecord, tag }),
  saveSettings: route({
    method: 'PUT',
    path: '/callrecording/settings',
    body: callRecordingSettingsInput,
    reply: saveReply,
    tag,
  }),
  read: route({ method: 'GET', path: '/callrecording/:id', params: idParam, reply: callRecordingRecord, tag }),
  /** The audio, whole or the Range asked for (206). */
  download: route({
    method: 'GET',
    path: '/callrecording/:id/download',
    params: idParam,
    /** download=1: as an attachment named by its fileName (the Download button); else inline (the player). */
    query: z.object({ download: z.enum(['1']).optional() }),
    reply: z.unknown(),
    replyTypes: ['audio/*'],
    tag,
  }),
  /** The recording server's ingestion (multipart: the metadata's fields and `audio`; a server credential). */
  ingest: route({
    method: 'POST',
    path: '/callrecording/ingest',
    reply: saveReply,
    tag,
  }),
};
