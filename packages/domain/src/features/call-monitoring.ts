/**
 * Call monitoring (spec 2: /call-monitoring, permission spy, calls on /callmonitoring): a seat (the
 * source, a supervisor) may listen in on the calls of other seats of the account (its monitors) by
 * dialling 154 and the seat's extension, authenticated by the source's PIN.
 */
import { z } from 'zod';
import { deleteBody, deleteReply, listAndReadRoutes, versionedRecordFields } from '../contract.ts';
import { declareFields, field } from '../field-declarations.ts';
import { recordId } from '../fields.ts';
import { MESSAGES } from '../messages.ts';
import { listReplySchema, pagedListBody, saveReply } from '../paging.ts';
import { taggedRoutes } from '../tagged-routes.ts';

export const CALL_MONITORING_MESSAGES = {
  self: 'A seat cannot monitor itself',
  already: (source: string) => `${source} is already monitoring calls`,
  pin: 'Please enter a 4-6 digit pin',
  selectOrDelete: 'Please select some monitors or delete current monitors',
} as const;

/** Spec 2 §4: call monitoring is dialled on 154 (then the monitored seat's extension). */
export const CALL_MONITORING_CODE = '154';

/** A seat of the account by its SIP name: '{account}*{extension}' ('30000*201'). */
export const seatName = z
  .string({ error: MESSAGES.selectOption })
  .max(20, { error: MESSAGES.selectOption })
  .regex(/^\d{1,10}\*\d{1,10}$/, { error: MESSAGES.selectOption });

/** The PIN the source dials with: 4-6 digits. */
export const monitoringPin = z
  .string({ error: CALL_MONITORING_MESSAGES.pin })
  .max(6, { error: CALL_MONITORING_MESSAGES.pin })
  .regex(/^\d{4,6}$/, { error: CALL_MONITORING_MESSAGES.pin });
/** A PIN, or '' to keep the source's current one. */
const pinOrKeep = z.union([z.literal(''), monitoringPin], { error: CALL_MONITORING_MESSAGES.pin });

/**
 * A monitor's stored fields, once (field-declarations.ts): its PIN, written and never read back
 * ('' keeps it). Its seats are named in the calls by their SIP names and stored as their ids.
 */
export const callMonitorFields = declareFields({
  password: field(pinOrKeep.default(''), { label: 'PIN', writeOnly: { keepWhenEmpty: true } }),
});

/** One monitor: the source seat, the seat it monitors (destination) and the PIN (POST /callmonitoring). */
export const callMonitorCreate = z.object({
  source: seatName,
  destination: seatName,
  password: monitoringPin,
});
export type CallMonitorCreate = z.input<typeof callMonitorCreate>;

/** PUT /callmonitoring: a monitor's seat and PIN ('' keeps the PIN); `id` names the monitor. */
export const callMonitorUpdate = z.object({
  id: recordId(MESSAGES.recordNotFound),
  destination: seatName,
  ...callMonitorFields.shape,
});
export type CallMonitorUpdate = z.input<typeof callMonitorUpdate>;

/** A monitor row (spec 2 §3: source, monitorName, password, destination, id). The PIN is never read back. */
export const callMonitorRecord = z.object({
  ...versionedRecordFields,
  /** The listening seat ('30000*201'). */
  source: z.string(),
  sourceId: z.number().int(),
  /** The source as the panel shows it ('201 - Reception'). */
  sourceName: z.string(),
  /** The monitored seat ('30000*209'). */
  destination: z.string(),
  destinationId: z.number().int(),
  /** The monitored seat as the panel shows it ('209 - Sales'). */
  monitorName: z.string(),
});
export type CallMonitor = z.infer<typeof callMonitorRecord>;

/**
 * PUT /callmonitoring/bulk/{account}*{extension}: the seats the source monitors. `delete` removes
 * its current monitors first (an edit); either monitors or delete must be given. The PIN applies to
 * all the source's monitors ('' keeps the current one when it has some).
 */
export const callMonitoringBulk = z
  .object({
    monitors: z.array(seatName).max(500).default([]),
    ...callMonitorFields.shape,
    delete: z.boolean().default(false),
  })
  .refine((b) => b.monitors.length > 0 || b.delete, {
    path: ['monitors'],
    error: CALL_MONITORING_MESSAGES.selectOrDelete,
  });
export type CallMonitoringBulk = z.input<typeof callMonitoringBulk>;

export const monitorError = z.object({ monitor: z.string(), message: z.string() });
export type MonitorError = z.infer<typeof monitorError>;
/** The bulk reply: the save reply, with a failure for each monitor that was not added. */
export const callMonitoringBulkReply = saveReply.extend({
  errors: z.array(monitorError).default([]),
  /** The monitors added (the seats' names). */
  added: z.array(z.string()).default([]),
});
export type CallMonitoringBulkReply = z.infer<typeof callMonitoringBulkReply>;

/** The bulk path's parameter: the source seat's name. */
export const monitoringSourceParam = z.object({ source: seatName });

/** A seat with the seats it monitors (POST /callmonitoring/overview). */
export const monitoringOverviewRecord = z.object({
  /** The seat's id: /call-monitoring/{id}. */
  id: z.number().int(),
  source: z.string(),
  extension: z.number().int(),
  nickname: z.string(),
  /** Whether it monitors any seat. */
  monitoring: z.boolean(),
  monitorCount: z.number().int(),
  monitors: z.array(
    z.object({ id: z.number().int(), destination: z.string(), monitorName: z.string(), extension: z.number().int() }),
  ),
});
export type MonitoringOverview = z.infer<typeof monitoringOverviewRecord>;

/** The overview's body: a list body, with offset and limit (-1/-1, the default, all). */
export const overviewBody = pagedListBody;

const tag = 'call-monitoring';
const { delete: del, post, put } = taggedRoutes(tag);
const PATH = '/callmonitoring';

/** Spec 2 §7 "Call monitoring". */
export const callMonitoringRoutes = {
  ...listAndReadRoutes(PATH, callMonitorRecord, tag),
  overview: post(`${PATH}/overview`, { body: overviewBody, reply: listReplySchema(monitoringOverviewRecord) }),
  create: post(PATH, { body: callMonitorCreate, reply: saveReply }),
  update: put(PATH, { body: callMonitorUpdate, reply: saveReply }),
  removeMany: del(PATH, { body: deleteBody, reply: deleteReply }),
  bulk: put(`${PATH}/bulk/:source`, {
    params: monitoringSourceParam,
    body: callMonitoringBulk,
    reply: callMonitoringBulkReply,
  }),
};
