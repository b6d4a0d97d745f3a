/**
 * Allocated telephone numbers (spec 2 §2, §3, §5, §7 "Telephone numbers", §8; spec 3 §2
 * /ems-errors, §7 "Emergency address"): /numbering/allocated list, read, edit and delete; the
 * emergency (EMS) address with its registry submission; the numbers with failed emergency data;
 * the account's emergency addresses (/emsaddress); caller-ID choices; Teams information.
 *
 * Numbers are not created here: they come from the store / porting (spec 3) or the provider.
 * Every query starts from `scoped()`: the effective account's numbers and nothing else.
 */
import {
  can,
  emsAddressRecord,
  emsErrorRecord,
  emsErrorText,
  emsInput,
  emsRecord,
  filtersSchema,
  idParam,
  isProviderAdmin,
  listParams,
  MESSAGES,
  numberTeamsRecord,
  recordId,
  SORT_DIRECTIONS,
  saveReply,
  TELEPHONE_NUMBER_MESSAGES,
  type TelephoneNumber,
  telephoneNumberInput,
  telephoneNumberLabel,
  telephoneNumberRecord,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type Transaction } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { type AuthContext, requireAuth, requirePermission } from '../../platform/auth.ts';
import { forbidden, HttpError, notFound, validationError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { type ColumnDef, pagedList } from '../../platform/resource.ts';
import type { EmsResultHandler } from '../../providers/ems/ems.ts';

const tags = ['telephone-numbers'];
const PATH = '/numbering/allocated';

const EMS_STATUS_SQL = `(case
  when not telephone_numbers.ems_needed then 'Not needed'
  when telephone_numbers.ems_update_pending then 'Pending'
  when coalesce(telephone_numbers.ems_error_code, 0) <> 0 then 'Error'
  when telephone_numbers.ems_postcode = '' then 'Not set'
  else 'Confirmed' end)`;

const columns: Record<keyof TelephoneNumber, ColumnDef> = {
  id: { sql: 'telephone_numbers.id', kind: 'number' },
  telephoneNumber: { sql: 'telephone_numbers.number', kind: 'text', sortable: true, searchable: true },
  nickname: { sql: 'telephone_numbers.nickname', kind: 'text', sortable: true, searchable: true },
  distinctiveRing: {
    sql: "coalesce('vh-ring-' || telephone_numbers.distinctive_ring, '')",
    kind: 'text',
    filterable: true,
  },
  destination: { sql: 'telephone_numbers.destination', kind: 'text', sortable: true, filterable: true },
  // Filled from the destination registry after the query (the label of the routed-to object).
  displayDestination: { sql: "''", kind: 'text' },
  destinationType: {
    sql: "split_part(telephone_numbers.destination, ':', 1)",
    kind: 'text',
    sortable: true,
    filterable: true,
  },
  cidPrefix: { sql: 'telephone_numbers.cid_prefix', kind: 'text', searchable: true },
  cidCalledNumber: { sql: 'telephone_numbers.cid_called_number', kind: 'boolean' },
  cidOnDivert: { sql: 'telephone_numbers.cid_on_divert', kind: 'boolean' },
  telephoneNumberAclId: { sql: 'telephone_numbers.acl_id', kind: 'number', filterable: true },
  telephoneNumberAclName: { sql: 'access_lists.name', kind: 'text', sortable: true, searchable: true },
  telephoneNumberAclReject: { sql: '(case when telephone_numbers.acl_reject then 1 else 0 end)', kind: 'number' },
  anonCallReject: { sql: 'telephone_numbers.anon_call_reject', kind: 'boolean', filterable: true },
  anonCallRejectAdvanced: { sql: 'telephone_numbers.anon_call_reject_advanced', kind: 'boolean' },
  callRecord: { sql: 'telephone_numbers.call_record', kind: 'number', sortable: true, filterable: true },
  callRecordWarn: { sql: 'telephone_numbers.call_record_warn', kind: 'boolean' },
  faxContact: { sql: 'telephone_numbers.fax_contact', kind: 'boolean', filterable: true },
  faxAddress: { sql: 'telephone_numbers.fax_address', kind: 'text', searchable: true },
  faxPassword: { sql: 'telephone_numbers.fax_password', kind: 'text' },
  emsNeeded: { sql: 'telephone_numbers.ems_needed', kind: 'boolean', filterable: true },
  cancellationAvailable: { sql: 'telephone_numbers.cancellation_available', kind: 'boolean' },
  emsStatus: { sql: EMS_STATUS_SQL, kind: 'text', sortable: true, filterable: true },
  accountNo: { sql: 'telephone_numbers.account_no', kind: 'number' },
};

/** The account's numbers (with their access list): the only way these routes read numbers. */
function scoped(db: DB | Transaction<Database>, accountNo: number) {
  return db
    .selectFrom('telephone_numbers')
    .leftJoin('access_lists', (j) =>
      j
        .onRef('access_lists.id', '=', 'telephone_numbers.acl_id')
        .onRef('access_lists.account_no', '=', 'telephone_numbers.account_no'),
    )
    .where('telephone_numbers.account_no', '=', accountNo);
}

const selectRecord = (query: ReturnType<typeof scoped>) =>
  query.select(Object.entries(columns).map(([field, col]) => sql.raw(col.sql).as(field)));

function normalise(row: Record<string, unknown>): TelephoneNumber {
  const out: Record<string, unknown> = {};
  for (const [field, col] of Object.entries(columns)) {
    const v = row[field];
    out[field] =
      col.kind === 'number' && v !== null && v !== undefined ? Number(v) : col.kind === 'boolean' ? Boolean(v) : v;
  }
  return out as TelephoneNumber;
}

/** The answer of the emergency registry, applied to the number it was about (its callback). */
export const applyEmsResult: EmsResultHandler = async (trx, result) => {
  await trx
    .updateTable('telephone_numbers')
    .set({
      ems_update_pending: false,
      ems_error_code: result.code === 0 ? null : result.code,
      ems_error_message: result.code === 0 ? '' : result.message.slice(0, 200),
    })
    .where('account_no', '=', result.accountNo)
    .where('number', '=', result.number)
    .where('ems_update_pending', '=', true)
    .execute();
};

const listBodyWithAccount = z
  .object({
    sortBy: z.string().max(64).optional(),
    direction: z.enum(SORT_DIRECTIONS).optional(),
    search: z.string().max(100).optional(),
    filters: filtersSchema.optional(),
    /** The dashboard sends its account; it must be the session's. */
    accountNo: recordId().optional(),
  })
  .nullish();

export function registerTelephoneNumberRoutes(app: FastifyInstance, platform: Platform): void {
  const { db, references, destinations } = platform;
  const ems = platform.providers.ems;
  const r = app.withTypeProvider<ZodTypeProvider>();

  references.add({
    kind: 'destination',
    table: 'telephone_numbers',
    column: 'destination',
    type: 'Telephone Number',
    name: "telephone_numbers.number || case when telephone_numbers.nickname <> '' then ' (' || telephone_numbers.nickname || ')' else '' end",
  });

  // The registry answers through this callback; the sandbox answers on a short timer.
  ems.onResult(applyEmsResult);
  let stopEms: (() => void) | null = null;
  app.addHook('onReady', async () => {
    stopEms = ems.start();
  });
  app.addHook('onClose', async () => {
    stopEms?.();
  });

  /** Fills each record's destination label and type from the account's destinations. */
  const withDestinations = async (accountNo: number, records: TelephoneNumber[]) => {
    if (!records.some((n) => n.destination !== '')) return records;
    const options = new Map((await destinations.list(db, accountNo)).map((o) => [o.value, o]));
    return records.map((n) => ({ ...n, displayDestination: options.get(n.destination)?.label ?? n.destination }));
  };

  /**
   * The fax PDF password goes only to users who may update the number (and so save it back);
   * others get '' (the field stays, so the record keeps its shape).
   */
  const withSecrets = (auth: AuthContext, records: TelephoneNumber[]) =>
    can(auth, 'numbers', 'update') ? records : records.map((n) => ({ ...n, faxPassword: '' }));

  const readOne = async (auth: AuthContext, id: number): Promise<TelephoneNumber> => {
    const row = await selectRecord(scoped(db, auth.accountNo))
      .where('telephone_numbers.id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound();
    const [record] = await withDestinations(
      auth.accountNo,
      withSecrets(auth, [normalise(row as Record<string, unknown>)]),
    );
    return record as TelephoneNumber;
  };

  const listReply = z.object({
    records: z.array(telephoneNumberRecord),
    totalRecords: z.number(),
    lastPage: z.boolean(),
  });

  // ---- list, read, edit, delete -------------------------------------------------------------

  r.post(
    `${PATH}/:offset/:limit`,
    { schema: { tags, params: listParams, body: listBodyWithAccount, response: { 200: listReply } } },
    async (request) => {
      const auth = requirePermission(request, { resource: 'numbers', action: 'read' });
      const { accountNo, ...body } = request.body ?? {};
      if (accountNo !== undefined && accountNo !== auth.accountNo) throw notFound();
      const page = await pagedList<TelephoneNumber>(
        scoped(db, auth.accountNo),
        columns,
        { field: 'telephoneNumber', direction: 'asc' },
        { ...request.params, ...body },
      );
      return { ...page, records: await withDestinations(auth.accountNo, withSecrets(auth, page.records)) };
    },
  );

  r.get(
    `${PATH}/:id`,
    { schema: { tags, params: idParam, response: { 200: telephoneNumberRecord } } },
    async (request) => {
      const auth = requirePermission(request, { resource: 'numbers', action: 'read' });
      return readOne(auth, request.params.id);
    },
  );

  r.put(
    `${PATH}/:id`,
    { schema: { tags, params: idParam, body: telephoneNumberInput, response: { 200: saveReply } } },
    async (request) => {
      const auth = requirePermission(request, { resource: 'numbers', action: 'update' });
      const input = request.body;
      const id = request.params.id;
      const label = await db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('telephone_numbers')
          .select(['number', 'ems_needed', 'cancellation_available'])
          .where('id', '=', id)
          .where('account_no', '=', auth.accountNo)
          .forUpdate()
          .executeTakeFirst();
        if (!current) throw notFound();
        // The provider's switches: refused for anyone else, not just hidden.
        if (
          !isProviderAdmin(auth) &&
          (input.emsNeeded !== current.ems_needed || input.cancellationAvailable !== current.cancellation_available)
        ) {
          throw new HttpError(403, TELEPHONE_NUMBER_MESSAGES.adminOnly);
        }
        const problems: Record<string, string> = {
          ...(await destinations.check(trx, auth.accountNo, 'destination', input.destination)),
        };
        if (input.telephoneNumberAclId !== null) {
          const acl = await trx
            .selectFrom('access_lists')
            .select('id')
            .where('id', '=', input.telephoneNumberAclId)
            .where('account_no', '=', auth.accountNo)
            .executeTakeFirst();
          if (!acl) problems.telephoneNumberAclId = MESSAGES.selectOption;
        }
        if (Object.keys(problems).length > 0) throw validationError(problems);
        await trx
          .updateTable('telephone_numbers')
          .set({
            nickname: input.nickname,
            destination: input.destination,
            distinctive_ring: input.distinctiveRing === '' ? null : Number(input.distinctiveRing.slice(8)),
            cid_prefix: input.cidPrefix,
            cid_called_number: input.cidCalledNumber,
            cid_on_divert: input.cidOnDivert,
            acl_id: input.telephoneNumberAclId,
            acl_reject: input.telephoneNumberAclId !== null && input.telephoneNumberAclReject === 1,
            anon_call_reject: input.anonCallReject,
            anon_call_reject_advanced: input.anonCallReject && input.anonCallRejectAdvanced,
            call_record: input.callRecord,
            call_record_warn: input.callRecord !== 0 && input.callRecordWarn,
            fax_contact: input.faxContact,
            fax_address: input.faxAddress,
            fax_password: input.faxPassword,
            ems_needed: input.emsNeeded,
            cancellation_available: input.cancellationAvailable,
          })
          .where('id', '=', id)
          .where('account_no', '=', auth.accountNo)
          .execute();
        return telephoneNumberLabel({ telephoneNumber: current.number, nickname: input.nickname });
      });
      return { success: true, message: MESSAGES.updated(label), id };
    },
  );

  r.delete(`${PATH}/:id`, { schema: { tags, params: idParam, response: { 200: saveReply } } }, async (request) => {
    const auth = requirePermission(request, { resource: 'numbers', action: 'delete' });
    const id = request.params.id;
    const label = await db.transaction().execute(async (trx) => {
      const number = await trx
        .selectFrom('telephone_numbers')
        .select(['number', 'nickname'])
        .where('id', '=', id)
        .where('account_no', '=', auth.accountNo)
        .forUpdate()
        .executeTakeFirst();
      if (!number) throw notFound();
      // A seat or trunk presenting the number (caller ID, emergency location) keeps it.
      await references.assertUnused(trx, auth.accountNo, 'number', number.number);
      await trx.deleteFrom('telephone_numbers').where('id', '=', id).where('account_no', '=', auth.accountNo).execute();
      return telephoneNumberLabel({ telephoneNumber: number.number, nickname: number.nickname });
    });
    return { success: true, message: MESSAGES.successfullyDeleted(label), id };
  });

  // ---- emergency (EMS) data -----------------------------------------------------------------

  const readEms = async (auth: AuthContext, id: number) => {
    const row = await db
      .selectFrom('telephone_numbers')
      .select([
        'id',
        'number',
        'ems_title',
        'ems_forename',
        'ems_name',
        'ems_business_suffix',
        'ems_premises',
        'ems_thoroughfare',
        'ems_locality',
        'ems_postcode',
        'ems_needed',
        'ems_update_pending',
        'ems_error_code',
        'ems_error_message',
      ])
      .where('id', '=', id)
      .where('account_no', '=', auth.accountNo)
      .executeTakeFirst();
    if (!row) throw notFound();
    return {
      id: row.id,
      telephoneNumber: row.number,
      title: row.ems_title,
      forename: row.ems_forename,
      name: row.ems_name,
      businessSuffix: row.ems_business_suffix,
      premises: row.ems_premises,
      thoroughfare: row.ems_thoroughfare,
      locality: row.ems_locality,
      postcode: row.ems_postcode,
      emsNeeded: row.ems_needed,
      updatePending: row.ems_update_pending,
      errorCode: row.ems_error_code,
      errorMessage: row.ems_error_message,
      errorText: emsErrorText(row.ems_error_code, row.ems_error_message),
    };
  };

  r.get(`${PATH}/:id/ems`, { schema: { tags, params: idParam, response: { 200: emsRecord } } }, async (request) => {
    const auth = requirePermission(request, { resource: 'numbers', action: 'read' });
    return readEms(auth, request.params.id);
  });

  // An update goes to the registry: the address is pending (edits refused) until it answers.
  r.put(
    `${PATH}/:id/ems`,
    { schema: { tags, params: idParam, body: emsInput, response: { 200: saveReply } } },
    async (request) => {
      const auth = requirePermission(request, { resource: 'numbers', action: 'update' });
      const id = request.params.id;
      const address = request.body;
      await db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('telephone_numbers')
          .select(['number', 'ems_needed', 'ems_update_pending'])
          .where('id', '=', id)
          .where('account_no', '=', auth.accountNo)
          .forUpdate()
          .executeTakeFirst();
        if (!current) throw notFound();
        if (!current.ems_needed) throw new HttpError(409, TELEPHONE_NUMBER_MESSAGES.emsNotNeeded);
        if (current.ems_update_pending) throw new HttpError(409, TELEPHONE_NUMBER_MESSAGES.emsPending);
        await trx
          .updateTable('telephone_numbers')
          .set({
            ems_title: address.title,
            ems_forename: address.forename,
            ems_name: address.name,
            ems_business_suffix: address.businessSuffix,
            ems_premises: address.premises,
            ems_thoroughfare: address.thoroughfare,
            ems_locality: address.locality,
            ems_postcode: address.postcode,
            ems_update_pending: true,
            ems_error_code: null,
            ems_error_message: '',
            ems_submitted_at: new Date(),
          })
          .where('id', '=', id)
          .where('account_no', '=', auth.accountNo)
          .execute();
        await ems.submit({ accountNo: auth.accountNo, number: current.number, address }, trx);
      });
      return { success: true, message: TELEPHONE_NUMBER_MESSAGES.emsUpdated, id };
    },
  );

  // The numbers whose emergency data the registry rejected (/ems-errors; the dashboard's count).
  const errorColumns: Record<string, ColumnDef> = {
    id: { sql: 'telephone_numbers.id', kind: 'number' },
    telephoneNumber: { sql: 'telephone_numbers.number', kind: 'text', sortable: true, searchable: true },
    nickname: { sql: 'telephone_numbers.nickname', kind: 'text', sortable: true, searchable: true },
    errorCode: { sql: 'telephone_numbers.ems_error_code', kind: 'number', sortable: true, filterable: true },
    errorMessage: { sql: 'telephone_numbers.ems_error_message', kind: 'text', searchable: true },
    error: { sql: 'telephone_numbers.ems_error_message', kind: 'text', sortable: true },
  };
  r.post(
    `${PATH}/ems/errors/:offset/:limit`,
    {
      schema: {
        tags,
        params: listParams,
        body: listBodyWithAccount,
        response: {
          200: z.object({ records: z.array(emsErrorRecord), totalRecords: z.number(), lastPage: z.boolean() }),
        },
      },
    },
    async (request) => {
      const auth = requirePermission(request, { resource: 'numbers', action: 'read' });
      const { accountNo, ...body } = request.body ?? {};
      if (accountNo !== undefined && accountNo !== auth.accountNo) throw notFound();
      const query = db
        .selectFrom('telephone_numbers')
        .where('telephone_numbers.account_no', '=', auth.accountNo)
        .where('telephone_numbers.ems_needed', '=', true)
        .where('telephone_numbers.ems_update_pending', '=', false)
        .where('telephone_numbers.ems_error_code', 'is not', null)
        .where('telephone_numbers.ems_error_code', '<>', 0);
      const page = await pagedList<z.infer<typeof emsErrorRecord>>(
        query,
        errorColumns,
        { field: 'telephoneNumber', direction: 'asc' },
        { ...request.params, ...body },
      );
      return {
        ...page,
        records: page.records.map((e) => ({ ...e, error: emsErrorText(e.errorCode, e.errorMessage) })),
      };
    },
  );

  // The account's emergency addresses (the seat-location dialog picks one by its number).
  r.post(
    '/emsaddress',
    {
      schema: {
        tags,
        response: {
          200: z.object({ records: z.array(emsAddressRecord), totalRecords: z.number(), lastPage: z.boolean() }),
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (!(['seats', 'SIPTrunks', 'numbers'] as const).some((res) => can(auth, res, 'read'))) throw forbidden();
      const rows = await db
        .selectFrom('telephone_numbers')
        .select(['number', 'ems_premises', 'ems_thoroughfare', 'ems_locality', 'ems_postcode'])
        .where('account_no', '=', auth.accountNo)
        .where('ems_needed', '=', true)
        .where('ems_postcode', '<>', '')
        .orderBy('number')
        .execute();
      const records = rows.map((n) => ({
        premises: n.ems_premises,
        thoroughfare: n.ems_thoroughfare,
        locality: n.ems_locality,
        postcode: n.ems_postcode,
        telephoneNo: n.number,
      }));
      return { records, totalRecords: records.length, lastPage: true };
    },
  );

  // ---- caller IDs and Teams -----------------------------------------------------------------

  // The account's numbers a seat or trunk may present (spec 2 §7: records of name and number).
  r.post(
    `${PATH}/callerids`,
    {
      schema: {
        tags,
        response: { 200: z.object({ records: z.array(z.object({ name: z.string(), number: z.string() })) }) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (!(['seats', 'SIPTrunks', 'numbers'] as const).some((res) => can(auth, res, 'read'))) throw forbidden();
      const rows = await db
        .selectFrom('telephone_numbers')
        .select(['number', 'nickname'])
        .where('account_no', '=', auth.accountNo)
        .orderBy('number')
        .execute();
      return { records: rows.map((n) => ({ number: n.number, name: n.nickname || n.number })) };
    },
  );

  // Teams information of a number: whether the account has Teams, and the seats presenting it on
  // Teams (Teams on, and the number is the seat's Teams number, or its caller ID when it has none).
  r.get(
    `${PATH}/msteams/:id`,
    { schema: { tags, params: idParam, response: { 200: numberTeamsRecord } } },
    async (request) => {
      const auth = requirePermission(request, { resource: 'numbers', action: 'read' });
      const number = await db
        .selectFrom('telephone_numbers')
        .select(['id', 'number'])
        .where('id', '=', request.params.id)
        .where('account_no', '=', auth.accountNo)
        .executeTakeFirst();
      if (!number) throw notFound();
      const seats = await db
        .selectFrom('seats')
        .select(['extension', 'nickname'])
        .where('account_no', '=', auth.accountNo)
        .where('enable_teams', '=', true)
        .where((eb) =>
          eb.or([
            eb('teams_cli', '=', number.number),
            eb.and([eb('teams_cli', '=', ''), eb('caller_id_number', '=', number.number)]),
          ]),
        )
        .orderBy('extension')
        .execute();
      return {
        id: number.id,
        telephoneNumber: number.number,
        teamsAccountExists: await platform.providers.teams.accountExists(auth.accountNo),
        seats: seats.map((s) => (s.nickname ? `${s.extension} - ${s.nickname}` : String(s.extension))),
      };
    },
  );
}
