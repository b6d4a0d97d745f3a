/**
 * Call records (spec 3 §2 /call-records, §3 "Call record", §6 cdr and retail, §7 POST /callrecords
 * and POST /callrecords/csv, §8): every call of the account, a month at a time, newest first; the
 * cost column only for sessions with retail read (the server leaves it out of the reply otherwise);
 * the month as CSV. The switch reports calls in batches (`ingest`, a provider server's credentials,
 * not a session), each costed at ingestion by the rating function (rating.ts).
 */
import { z } from 'zod';
import { keysetListRoute, listByBodyRoute } from '../contract.ts';
import { SORT_DIRECTIONS } from '../paging.ts';
import { taggedRoutes } from '../tagged-routes.ts';

export const CALL_RECORD_MESSAGES = {
  /** Spec 3 §8 (its wording). */
  downloadFailed: 'There was an error while attempt to get your file. Please try again or contact support.',
  /** Ours. */
  badMonth: 'Please choose a month (YYYY-MM)',
  /** Ours: the switch's batch limit. */
  batchTooLarge: (max: number) => `A batch holds at most ${max.toLocaleString('en-GB')} call records`,
  /** Ours: a row of a batch whose account the provider does not have. */
  unknownAccount: (accountNo: number) => `No account ${accountNo}`,
  /** Ours: the JSON export is for a month of moderate size; the download streams any month. */
  tooManyForJson: (max: number) =>
    `This month has more than ${max.toLocaleString('en-GB')} call records: use Download CSV`,
  /** Ours: the cost is the retail account's to see (spec 3 §6). */
  costHidden: 'Sorting by cost needs retail read permission',
} as const;

/** The most rows one ingestion batch holds. */
export const CALL_RECORD_BATCH_MAX = 10_000;
/** The most rows POST /callrecords/csv answers as JSON (the GET download streams any number). */
export const CALL_RECORD_JSON_MAX = 100_000;

export const CALL_DIRECTIONS = ['inbound', 'outbound', 'internal'] as const;
export type CallDirection = (typeof CALL_DIRECTIONS)[number];

/** A month 'YYYY-MM' (UK time: a call belongs to the month of its start in London). */
export const callRecordMonth = z
  .string({ error: CALL_RECORD_MESSAGES.badMonth })
  .regex(/^(19|20)\d{2}-(0[1-9]|1[0-2])$/, { error: CALL_RECORD_MESSAGES.badMonth });

/** One call as listed (spec 3 §3), with what the list sorts and filters by. */
export const callRecordRecord = z.object({
  id: z.number().int(),
  /** The switch's id of the call. */
  callId: z.string(),
  /** The start, ISO 8601 (UTC). */
  startedAt: z.string(),
  /** 'YYYY-MM' in UK time. */
  month: z.string(),
  /** 'DD/MM/YYYY', UK time. */
  date: z.string(),
  /** 'HH:mm:ss', UK time. */
  time: z.string(),
  source: z.string(),
  destination: z.string(),
  direction: z.enum(CALL_DIRECTIONS),
  inboundNumber: z.string(),
  answered: z.boolean(),
  seconds: z.number().int(),
  /** The duration as 'm:ss'. */
  mins: z.string(),
  tpsStatusText: z.string(),
  rejectedCallReason: z.string(),
  restrictedCallReason: z.string(),
  rateName: z.string(),
  /** Pounds with two decimals ('0.18'); only for sessions with retail read (absent otherwise). */
  cost: z.string().optional(),
});
export type CallRecord = z.infer<typeof callRecordRecord>;

/** The CSV's columns, in order: the record's field and its header (cost only with retail read). */
export const CALL_RECORD_CSV_COLUMNS = [
  { field: 'date', header: 'Date' },
  { field: 'time', header: 'Time' },
  { field: 'source', header: 'Source' },
  { field: 'destination', header: 'Destination' },
  { field: 'tpsStatusText', header: 'TPS Status' },
  { field: 'rejectedCallReason', header: 'Rejected Call Reason' },
  { field: 'restrictedCallReason', header: 'Restricted Call Reason' },
  { field: 'inboundNumber', header: 'Inbound Number' },
  { field: 'mins', header: 'Mins' },
  { field: 'cost', header: 'Cost' },
] as const satisfies ReadonlyArray<{ field: keyof CallRecord; header: string }>;

/** The month's export: the month and the list's order (the JSON export and the download alike). */
export const callRecordExportQuery = z.object({
  month: callRecordMonth,
  sortBy: z.string().max(64).optional(),
  direction: z.enum(SORT_DIRECTIONS).optional(),
});
export type CallRecordExportQuery = z.infer<typeof callRecordExportQuery>;

const text = (max: number) =>
  z
    .string()
    .max(max, { error: `At most ${max} characters` })
    .regex(/^[^\p{Cc}]*$/u, { error: 'No control characters' });

/** One call as the switch reports it. */
export const callRecordIngestRow = z.object({
  callId: text(64).regex(/^[\x21-\x7e]+$/, { error: 'A call id is 1-64 printable characters' }),
  accountNo: z.number().int().min(1).max(2_147_483_647),
  startedAt: z.iso.datetime({ offset: true, error: 'startedAt is an ISO 8601 date and time' }),
  source: text(32),
  destination: text(32),
  direction: z.enum(CALL_DIRECTIONS),
  inboundNumber: text(32).default(''),
  seconds: z.number().int().min(0).max(86_400),
  answered: z.boolean(),
  tpsStatus: text(40).default(''),
  rejectedReason: text(100).default(''),
  restrictedReason: text(100).default(''),
});
export type CallRecordIngestRow = z.infer<typeof callRecordIngestRow>;

export const callRecordIngestBody = z.object({
  records: z
    .array(callRecordIngestRow)
    .min(1, { error: 'A batch holds at least one call record' })
    .max(CALL_RECORD_BATCH_MAX, { error: CALL_RECORD_MESSAGES.batchTooLarge(CALL_RECORD_BATCH_MAX) }),
});

/** What a batch did: stored (new), duplicates (stored before), refused rows with why. */
export const callRecordIngestReply = z.object({
  stored: z.number().int(),
  duplicates: z.number().int(),
  refused: z.array(z.object({ index: z.number().int(), callId: z.string(), message: z.string() })),
});
export type CallRecordIngestReply = z.infer<typeof callRecordIngestReply>;

const tag = 'call-records';
const { get, post } = taggedRoutes(tag);

export const callRecordRoutes = {
  /** Spec 3 §7: POST /callrecords, the paging in the body (the month is the filter `month`). */
  overview: listByBodyRoute('/callrecords', callRecordRecord, tag),
  /** The page by path, newest first by (startedAt, id), with the next page's cursor (keyset paging). */
  list: keysetListRoute('/callrecords', callRecordRecord, tag),
  /** Spec 3 §7: POST /callrecords/csv: `result`, a JSON string of the month's rows. */
  csv: post('/callrecords/csv', { body: callRecordExportQuery, reply: z.object({ result: z.string() }) }),
  /** The month as a CSV file, streamed as the database yields its rows. */
  download: get('/callrecords/download', {
    query: callRecordExportQuery,
    reply: z.unknown(),
    replyTypes: ['text/csv'],
  }),
  /** The switch's batches (a provider server's credentials: `Authorization: Server {id}.{secret}`). */
  ingest: post('/callrecords/ingest', { body: callRecordIngestBody, reply: callRecordIngestReply }),
};
