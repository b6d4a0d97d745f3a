/**
 * Call records (spec 3 §2 /call-records, §3, §6, §7 POST /callrecords and /callrecords/csv, §8;
 * permission cdr): a month of the account's calls, newest first by (started_at, id) — keyset paging
 * forward, and any offset read as ids from the covering index (account_no, started_at, id) before
 * the page's rows —, the cost only for sessions with retail read (left out of the reply, not hidden),
 * the month as JSON rows (POST /callrecords/csv) and as a CSV file streamed from a cursor.
 */
import {
  CALL_RECORD_CSV_COLUMNS,
  CALL_RECORD_JSON_MAX,
  CALL_RECORD_MESSAGES,
  type CallRecord,
  type CallRecordExportQuery,
  callRecordMonth,
  callRecordRoutes,
  can,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AuthContext } from '../../platform/auth.ts';
import { CURSOR_BATCH, cursorBatches, keysetBatches, streamCsv } from '../../platform/csv-export.ts';
import { HttpError, unauthorised } from '../../platform/errors.ts';
import { type FieldDef, type FieldMap, field, fieldMap } from '../../platform/fields.ts';
import { keyTextSql } from '../../platform/keyset.ts';
import { keysetBody, listBodyFor, pagedBodyFor, pagedList } from '../../platform/list.ts';
import type { Platform } from '../../platform/platform.ts';
import { openRoute, tenantRoute } from '../../platform/routes.ts';
import type { Tx } from '../../platform/tenancy.ts';
import { registerCallRecordIngestion } from './call-records.ingest.ts';
import './tables.ts';

const LONDON = `(call_records.started_at at time zone 'Europe/London')`;

/** The calls of a month in UK time: a range of their start (its index and the partitions serve it). */
export const monthRange = (month: string) =>
  sql<boolean>`call_records.started_at >= (${`${month}-01`}::timestamp at time zone 'Europe/London')
    and call_records.started_at < ((${`${month}-01`}::timestamp + interval '1 month') at time zone 'Europe/London')`;

type Stored = Omit<CallRecord, 'cost'> & { cost: string };

const fields = fieldMap<Stored>('call_records', {
  id: field.id(),
  callId: field.text('call_id'),
  startedAt: field.computed(
    `to_char(call_records.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
    'text',
    { sortable: true, sortSql: 'call_records.started_at' },
  ),
  month: field.computed(`to_char(${LONDON}, 'YYYY-MM')`, 'text', {
    filterable: true,
    filterBy: {
      value: callRecordMonth,
      message: CALL_RECORD_MESSAGES.badMonth,
      where: monthRange,
      // The month's total is kept (migration 105: the count's part is the month in UK time).
      keptPart: (month) => month,
    },
  }),
  date: field.computed(`to_char(${LONDON}, 'DD/MM/YYYY')`, 'text', {
    sortable: true,
    sortSql: 'call_records.started_at',
  }),
  time: field.computed(`to_char(${LONDON}, 'HH24:MI:SS')`, 'text'),
  source: field.text('source', { sortable: true }),
  destination: field.text('destination', { sortable: true }),
  direction: field.text('direction'),
  inboundNumber: field.text('inbound_number', { sortable: true }),
  answered: field.boolean('answered'),
  seconds: field.number('seconds', { sortable: true }),
  mins: field.computed(
    `(call_records.seconds / 60)::text || ':' || lpad((call_records.seconds % 60)::text, 2, '0')`,
    'text',
    { sortable: true, sortSql: 'call_records.seconds' },
  ),
  tpsStatusText: field.computed('call_records.tps_status', 'text'),
  rejectedCallReason: field.computed('call_records.rejected_reason', 'text'),
  restrictedCallReason: field.computed('call_records.restricted_reason', 'text'),
  rateName: field.computed('call_records.rate_name', 'text'),
  cost: field.computed(`to_char(call_records.cost_pence / 100.0, 'FM999999990.00')`, 'text', {
    sortable: true,
    sortSql: 'call_records.cost_pence',
  }),
});

/** The fields a session without retail read is sent: every one but the cost (spec 3 §6). */
const withoutCost = Object.fromEntries(
  (Object.entries(fields) as Array<[string, FieldDef]>).filter(([name]) => name !== 'cost'),
) as FieldMap<Stored>;

/** The lists' field maps (their indexes are migration 102's). */
export const callRecordLists = [fields];

/** Newest first by (started_at, id): the keyset of call_records_account_at_idx. */
const NEWEST_FIRST = { field: 'startedAt', direction: 'desc', keyset: 'timestamptz' } as const;

const seesCost = (auth: AuthContext) => can(auth, 'retail', 'read');

/** The fields this session reads; a sort by the cost it may not see is refused. */
function shownFor(auth: AuthContext, sortBy: string | undefined): FieldMap<Stored> {
  if (seesCost(auth)) return fields;
  if (sortBy === 'cost') throw new HttpError(403, CALL_RECORD_MESSAGES.costHidden);
  return withoutCost;
}

const allow = { resource: 'cdr', action: 'read' } as const;

/** The CSV's columns this session sees (no Cost without retail read). */
const columnsFor = (shown: FieldMap<Stored>) => CALL_RECORD_CSV_COLUMNS.filter((c) => c.field in shown);

/** The month's rows in the list's order, as the CSV columns' values (the cost only when shown). */
function exportQuery(db: Tx, auth: AuthContext, query: CallRecordExportQuery) {
  const shown = shownFor(auth, query.sortBy);
  const columns = columnsFor(shown);
  const sort =
    query.sortBy && fields[query.sortBy as keyof Stored]?.sortable ? fields[query.sortBy as keyof Stored] : undefined;
  const direction = query.direction ?? (sort ? 'asc' : 'desc');
  const sortSql = sort ? (sort.sortSql ?? sort.sql) : 'call_records.started_at';
  const rows = db
    .selectFrom('call_records')
    .select(columns.map((c) => sql.raw<string>((shown[c.field] as FieldDef).sql).as(c.field)))
    .where(monthRange(query.month))
    .orderBy(sql.raw(sortSql), direction)
    .orderBy(sql.raw('call_records.id'), sort ? 'asc' : direction);
  return { columns, rows };
}

/** A row of the download: the CSV's values by field. */
type ExportValues = Record<string, string>;
/** A row of a keyset page of the download: its values, and its key (the start to the microsecond, the id). */
type ExportRow = ExportValues & { __key: string; __id: string };

/**
 * The month newest first, as the download reads it: from a cursor in one read-only transaction on
 * PostgreSQL; on PGlite, a keyset page at a time, each in its own transaction (csv-export.ts).
 */
function downloadBatches(platform: Platform, auth: AuthContext, month: string, columns: ReturnType<typeof columnsFor>) {
  const values = columns.map((c) => sql.raw<string>((fields[c.field] as FieldDef).sql).as(c.field));
  const query = (db: Tx) =>
    db
      .selectFrom('call_records')
      .select(values)
      .where(monthRange(month))
      .orderBy('call_records.started_at', 'desc')
      .orderBy('call_records.id', 'desc');
  // The keyset pages' rows carry their key too (the start to the microsecond, the id); a cursor's need not.
  const keyed = (db: Tx) =>
    query(db).select([
      sql.raw<string>(keyTextSql('timestamptz', 'call_records.started_at')).as('__key'),
      sql.raw<string>('call_records.id').as('__id'),
    ]);
  const tenant = <T>(fn: (tx: Tx) => Promise<T>) =>
    platform.tenancy.tenant(auth.accountNo, fn, { readOnly: true, actor: auth });
  if (!platform.embedded)
    return (consume: (rows: AsyncIterable<ExportValues[]>) => Promise<unknown>) =>
      tenant((tx) => consume(cursorBatches<ExportValues>(tx, query(tx))));
  return (consume: (rows: AsyncIterable<ExportValues[]>) => Promise<unknown>) =>
    consume(
      keysetBatches<ExportRow>((after) =>
        tenant((tx) => {
          const page = after
            ? keyed(tx).where(
                sql<boolean>`(call_records.started_at, call_records.id) < (${after.__key}::timestamptz, ${after.__id}::bigint)`,
              )
            : keyed(tx);
          return page.limit(CURSOR_BATCH).execute() as Promise<ExportRow[]>;
        }),
      ),
    );
}

function registerExports(api: FastifyInstance, platform: Platform): void {
  tenantRoute(api, platform, callRecordRoutes.csv, {
    allow,
    readOnly: true,
    handler: async ({ db, auth }, { body }) => {
      const { columns, rows } = exportQuery(db, auth, body);
      const found = await rows.limit(CALL_RECORD_JSON_MAX + 1).execute();
      if (found.length > CALL_RECORD_JSON_MAX) {
        throw new HttpError(400, CALL_RECORD_MESSAGES.tooManyForJson(CALL_RECORD_JSON_MAX));
      }
      const records = found.map((row) => Object.fromEntries(columns.map((c) => [c.field, row[c.field]])));
      return { result: JSON.stringify(records) };
    },
  });
  openRoute(api, platform, callRecordRoutes.download, {
    allow,
    handler: async ({ auth, reply }, { query }) => {
      if (!auth) throw unauthorised();
      const columns = columnsFor(shownFor(auth, undefined));
      const read = downloadBatches(platform, auth, query.month, columns);
      await read((rows) =>
        streamCsv(reply, `call-records-${query.month}.csv`, {
          header: columns.map((c) => c.header),
          rows,
          row: (r) => columns.map((c) => r[c.field] ?? ''),
        }),
      );
      return reply;
    },
  });
}

export function registerCallRecordRoutes(api: FastifyInstance, platform: Platform): void {
  const page = (db: Tx, auth: AuthContext, options: Parameters<typeof pagedList>[4]) =>
    pagedList(
      db.selectFrom('call_records'),
      fields,
      'call_records.id',
      NEWEST_FIRST,
      options,
      shownFor(auth, options.sortBy),
    );
  tenantRoute(api, platform, callRecordRoutes.list, {
    allow,
    readOnly: true,
    schema: { body: listBodyFor(fields, keysetBody) },
    handler: async ({ db, auth }, { params, body }) => page(db, auth, { ...params, ...(body ?? {}) }),
  });
  tenantRoute(api, platform, callRecordRoutes.overview, {
    allow,
    readOnly: true,
    schema: { body: pagedBodyFor(fields) },
    handler: async ({ db, auth }, { body }) => {
      const options = { ...body, offset: body.offset, limit: body.limit };
      // "All" is a page of at most the JSON export's size: the download streams a larger month.
      if (options.limit === -1) {
        const reply = await page(db, auth, { ...options, offset: 0, limit: 1 });
        if (reply.totalRecords > CALL_RECORD_JSON_MAX) {
          throw new HttpError(400, CALL_RECORD_MESSAGES.tooManyForJson(CALL_RECORD_JSON_MAX));
        }
      }
      return page(db, auth, options);
    },
  });
  registerExports(api, platform);
  registerCallRecordIngestion(api, platform);
}
