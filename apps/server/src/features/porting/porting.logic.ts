/**
 * Advice of transfer (issue 27): the link's key, a request as the page reads it, and the holder's
 * answer. A key is 32 random bytes (base64url); only its sha-256 is stored, and a request answers
 * only before its expiry — a wrong key and an expired one are the same "not found".
 */
import crypto from 'node:crypto';
import {
  AOT_KEY_VALID_DAYS,
  AOT_MESSAGES,
  type AotRecord,
  type AotResponseBody,
  aotPageState,
  type PortingRequestRecord,
} from '@switchboard/domain';
import { sql } from 'kysely';
import { addInvoiceNote } from '../../modules/billing/index.ts';
import { HttpError, validationError } from '../../platform/errors.ts';
import { recordChange } from '../../platform/outbox.ts';
import type { Tx } from '../../platform/tenancy.ts';
import './tables.ts';

export const hashKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

/** A new link key: 256 random bits. */
export const newKey = () => crypto.randomBytes(32).toString('base64url');

/** When a key made now stops answering. */
export const keyExpiry = (from = new Date()) => new Date(from.getTime() + AOT_KEY_VALID_DAYS * 86_400_000);

/** A timestamp column as its UK date ('YYYY-MM-DD'), or null. */
const londonDate = (column: string) =>
  sql<string | null>`to_char(${sql.ref(column)} at time zone 'Europe/London', 'YYYY-MM-DD')`;

/** The request's columns as the page and the provider admin read them. */
function selectRequest(tx: Tx) {
  return tx
    .selectFrom('porting_requests as p')
    .select([
      'p.id',
      'p.version',
      'p.account_no',
      'p.number',
      'p.status',
      'p.aot_response',
      'p.reason',
      sql<string>`to_char(p.date_porting, 'YYYY-MM-DD')`.as('date_porting'),
      londonDate('p.aot_date_response').as('aot_date_response'),
      londonDate('p.date_rejected').as('date_rejected'),
      londonDate('p.date_cancelled').as('date_cancelled'),
      sql<string>`to_char(p.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('expires_at'),
    ]);
}
type RequestRow = Awaited<ReturnType<ReturnType<typeof selectRequest>['executeTakeFirstOrThrow']>>;

function stateFieldsOf(r: RequestRow) {
  const fields = {
    number: r.number,
    datePorting: r.date_porting,
    status: r.status,
    aotDateResponse: r.aot_date_response,
    dateRejected: r.date_rejected,
    dateCancelled: r.date_cancelled,
    aotResponse: r.aot_response,
  };
  return { ...fields, state: aotPageState(fields) };
}

/** The request a live key names (locked when `forUpdate`), with its account's kind; null for any other key. */
export async function requestByKey(tx: Tx, key: string, forUpdate = false) {
  let query = selectRequest(tx)
    .innerJoin('accounts as a', 'a.account_no', 'p.account_no')
    .select(['a.account_kind'])
    .where('p.key_hash', '=', hashKey(key))
    .where('p.expires_at', '>', sql<Date>`now()`);
  if (forUpdate) query = query.forUpdate('p');
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const record: AotRecord = {
    ...stateFieldsOf(row),
    accountNo: row.account_no,
    wholesale: row.account_kind === 'wholesale',
  };
  return { id: row.id, record, retail: row.account_kind === 'retail' };
}

/** A number's requests as the provider admin sees them, newest first. */
export async function requestsOfNumber(tx: Tx, telephoneNumberId: number): Promise<PortingRequestRecord[]> {
  const rows = await selectRequest(tx)
    .where('p.telephone_number_id', '=', telephoneNumberId)
    .orderBy('p.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    expiresAt: r.expires_at,
    reason: r.reason,
    ...stateFieldsOf(r),
  }));
}

/**
 * The holder's answer (spec 3 §4, §5), in the escape hatch's transaction: only while the request
 * is open; the reseller's declaration for a wholesale account; an acceptance by a retail account
 * leaves a note for its next invoice. Recorded as the account's change (no user: the link's holder).
 */
export async function respond(
  tx: Tx,
  found: NonNullable<Awaited<ReturnType<typeof requestByKey>>>,
  body: AotResponseBody,
  ip: string,
): Promise<string> {
  const { id, record } = found;
  if (record.state !== 'open') throw new HttpError(409, AOT_MESSAGES.notOpen);
  if (record.wholesale && !body.resellerExport)
    throw validationError({ resellerExport: AOT_MESSAGES.resellerRequired });
  const rejected = body.response === 'reject';
  const after = await tx
    .updateTable('porting_requests')
    .set({
      aot_response: body.response,
      aot_date_response: sql<Date>`now()`,
      date_rejected: rejected ? sql<Date>`now()` : null,
      reason: body.reason,
      responder_name: body.name,
      company_name: body.companyName,
      reseller_export: body.resellerExport,
    })
    .where('id', '=', id)
    .returning([londonDate('aot_date_response').as('responded')])
    .executeTakeFirstOrThrow();
  if (!rejected && found.retail) {
    await addInvoiceNote(tx, record.accountNo, AOT_MESSAGES.invoiceNote(record.number, after.responded ?? ''));
  }
  await recordChange(tx, { accountNo: record.accountNo, userId: null }, ip, {
    area: 'porting',
    recordId: id,
    kind: rejected ? 'aot.reject' : 'aot.accept',
    before: { aotResponse: null },
    after: { aotResponse: body.response, reason: body.reason, name: body.name, companyName: body.companyName },
    label: record.number,
  });
  return rejected ? AOT_MESSAGES.rejectedByHolder : AOT_MESSAGES.accepted;
}
