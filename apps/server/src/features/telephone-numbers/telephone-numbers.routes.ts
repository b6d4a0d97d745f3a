/**
 * Allocated telephone numbers (spec 2 §2, §3, §5, §7 "Telephone numbers", §8; spec 3 §2
 * /ems-errors, §7 "Emergency address"): /numbering/allocated list, read, edit and delete; the
 * emergency (EMS) address with its registry submission; the numbers with failed emergency data;
 * the account's emergency addresses (/emsaddress); caller-ID choices; Teams information.
 *
 * Numbers are not created here: they come from the store / porting (spec 3) or the provider.
 */
import {
  EMS_PLAIN_CODES,
  type EmsAddress,
  type EmsErrorRow,
  type EmsRecord,
  emsFields,
  OPTION_READERS,
  telephoneNumberRoutes as routes,
  TELEPHONE_NUMBER_MESSAGES,
  type TelephoneNumber,
  telephoneNumberFields,
  telephoneNumberLabel,
  telephoneNumberResourceRoutes,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { notify } from '../../modules/mail/index.ts';
import { destinationNames } from '../../platform/children.ts';
import { declaredFields } from '../../platform/declared-fields.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import { field, fieldMap, rowFrom, versionedFields, visibleTo } from '../../platform/fields.ts';
import {
  containsPattern,
  type ListOptions,
  listBodyFor,
  pagedBodyFor,
  pagedList,
  selectRecords,
} from '../../platform/list.ts';
import type { Platform } from '../../platform/platform.ts';
import { assertVersion, resource } from '../../platform/resources.ts';
import { type Ctx, readersOf, tenantRoute } from '../../platform/routes.ts';
import type { Tx } from '../../platform/tenancy.ts';
import { adminOnly, destination, ownRow } from '../../platform/validators.ts';
import type { EmsResultHandler } from '../../providers/ems/ems.ts';

const EMS_STATUS_SQL = `(case
  when not telephone_numbers.ems_needed then 'Not needed'
  when telephone_numbers.ems_update_pending then 'Pending'
  when coalesce(telephone_numbers.ems_error_code, 0) <> 0 then 'Error'
  when telephone_numbers.ems_postcode = '' then 'Not set'
  else 'Confirmed' end)`;
/** The registry's answer as shown (spec 2 §8): the plain codes' own message, any other 'ERROR: {message}'. */
const EMS_ERROR_TEXT = `(case when telephone_numbers.ems_error_code is null then ''
  when telephone_numbers.ems_error_code in (${EMS_PLAIN_CODES.join(', ')}) then telephone_numbers.ems_error_message
  else 'ERROR: ' || telephone_numbers.ems_error_message end)`;
const BY_NUMBER = { field: 'telephoneNumber', direction: 'asc' } as const;
const NUMBER_NAME =
  "telephone_numbers.number || case when telephone_numbers.nickname <> '' then ' (' || telephone_numbers.nickname || ')' else '' end";

// The declared fields (domain telephoneNumberFields), the ring and screening mapped to their columns,
// the fax password kept from those who may not update the number; and what the record adds.
const fields = fieldMap<TelephoneNumber>('telephone_numbers', {
  ...versionedFields,
  telephoneNumber: field.computed('telephone_numbers.number', 'text', { sortable: true, searchable: true }),
  ...declaredFields(telephoneNumberFields),
  distinctiveRing: field.mapped('distinctive_ring', "coalesce('vh-ring-' || {col}, '')", 'text', {
    filterable: true,
    toColumn: (v) => (v === '' ? null : Number(String(v).slice('vh-ring-'.length))),
  }),
  telephoneNumberAclReject: field.mapped('acl_reject', '(case when {col} then 1 else 0 end)', 'number', {
    toColumn: (v) => v === 1,
  }),
  // The fax PDF password goes only to users who may update the number (and so save it back).
  faxPassword: field.text('fax_password', { secret: visibleTo('numbers', 'update') }),
  // Filled after the query with the label of the routed-to object (only the page's destinations).
  displayDestination: field.computed("''", 'text'),
  destinationType: field.computed("split_part(telephone_numbers.destination, ':', 1)", 'text', {
    sortable: true,
    filterable: true,
  }),
  telephoneNumberAclName: field.computed('access_lists.name', 'text', { sortable: true, searchable: true }),
  emsStatus: field.computed(EMS_STATUS_SQL, 'text', { sortable: true, filterable: true }),
  accountNo: field.number('account_no'),
});

/** The emergency address's declared fields, stored after 'ems_' (ems_premises). */
const emsAddress = declaredFields(emsFields, { prefix: 'ems_' });
const emsRecordFields = fieldMap<EmsRecord>('telephone_numbers', {
  ...emsAddress,
  ...versionedFields,
  telephoneNumber: field.text('number'),
  emsNeeded: field.boolean('ems_needed'),
  updatePending: field.boolean('ems_update_pending'),
  errorCode: field.number('ems_error_code'),
  errorMessage: field.text('ems_error_message'),
  errorText: field.computed(EMS_ERROR_TEXT, 'text'),
});
const { premises, thoroughfare, locality, postcode } = emsAddress;
const addressFields = fieldMap<EmsAddress>('telephone_numbers', {
  ...{ premises, thoroughfare, locality, postcode },
  telephoneNo: field.text('number'),
});

const errorFields = fieldMap<EmsErrorRow>('telephone_numbers', {
  id: field.id(),
  telephoneNumber: field.computed('telephone_numbers.number', 'text', { sortable: true, searchable: true }),
  nickname: field.text('nickname', { sortable: true, searchable: true }),
  errorCode: field.number('ems_error_code', { sortable: true, filterable: true }),
  errorMessage: field.text('ems_error_message', { searchable: true }),
  error: field.computed(EMS_ERROR_TEXT, 'text', { sortable: true, sortSql: 'telephone_numbers.ems_error_message' }),
});

/** The lists' field maps (their sortable and filterable columns are indexed). */
export const telephoneNumberLists = [fields, errorFields];

/** The answer of the emergency registry, applied to the number it was about (its callback). */
export const applyEmsResult: EmsResultHandler = async (tx, result) => {
  const applied = await tx
    .updateTable('telephone_numbers')
    .set({
      ems_update_pending: false,
      ems_error_code: result.code === 0 ? null : result.code,
      ems_error_message: result.code === 0 ? '' : result.message.slice(0, 200),
    })
    .where('account_no', '=', result.accountNo)
    .where('number', '=', result.number)
    .where('ems_update_pending', '=', true)
    .returning('number')
    .executeTakeFirst();
  // A rejection is news the account must hear about: the number's 999 address is not what the
  // emergency services have (spec 1 §2 notifications, issue 11).
  if (applied && result.code !== 0) {
    await notify(tx, result.accountNo, {
      kind: 'ems-rejected',
      title: `Emergency address rejected: ${result.number}`,
      message: `The emergency services database rejected the address of ${result.number} (${result.code}: ${result.message}). Correct it on the EMS Errors page.`,
      icon: 'error',
      color: 'error',
    });
  }
};

export function registerTelephoneNumberRoutes(api: FastifyInstance, platform: Platform): void {
  const numbers = registerNumberResource(api, platform);
  // The registry answers through this callback (the sandbox on a short timer: the area's start).
  platform.providers.ems.onResult(applyEmsResult);
  registerEmsRoutes(api, platform, numbers);
  registerPickerRoutes(api, platform);
  registerTeamsRoute(api, platform, numbers);
}

/** The numbers as a resource: the generic calls and the spec's list (never the JSON create). */
function registerNumberResource(api: FastifyInstance, platform: Platform) {
  const destinationLabels = destinationNames<TelephoneNumber>(platform, 'destination', 'displayDestination');

  return resource(api, platform, {
    area: 'telephone-numbers',
    // The generic calls and the spec's list by POST /numbering/allocated; never the JSON create.
    routes: { ...telephoneNumberResourceRoutes, ...routes },
    table: 'telephone_numbers',
    permission: 'numbers',
    fields,
    from: (q) => q.leftJoin('access_lists', 'access_lists.id', 'telephone_numbers.acl_id'),
    defaultSort: BY_NUMBER,
    label: telephoneNumberLabel,
    usage: { type: 'Telephone Number', name: NUMBER_NAME },
    // A number routes calls: a save that would trap them is refused (platform/routing-writes.ts).
    routing: true,
    // What the values mean when stored: the advanced and warning switches only with their parent on.
    prepare: (values) => ({
      ...values,
      telephoneNumberAclReject: values.telephoneNumberAclId !== null ? values.telephoneNumberAclReject : 0,
      anonCallRejectAdvanced: values.anonCallReject && values.anonCallRejectAdvanced,
      callRecordWarn: values.callRecord !== 0 && values.callRecordWarn,
    }),
    validate: [
      // The provider's switches: refused for anyone else, not just hidden.
      adminOnly(['emsNeeded', 'cancellationAvailable']),
      destination(['destination']),
      ownRow('telephoneNumberAclId', 'access_lists'),
    ],
    // A seat or trunk presenting the number (caller ID, emergency location) keeps it.
    beforeDeleteMany: ({ db }, records) => {
      const held = records.map((n) => n.telephoneNumber);
      return platform.references.assertUnused(db, 'number', held);
    },
    decorate: ({ db }, records) => destinationLabels(db, records),
    decorated: ['displayDestination'],
    except: ['create'],
  });
}

type Numbers = ReturnType<typeof registerNumberResource>;

/** A number's emergency (EMS) data: reading and submitting its address, and the numbers the registry rejected. */
function registerEmsRoutes(api: FastifyInstance, platform: Platform, numbers: Numbers): void {
  tenantRoute(api, platform, routes.ems, {
    allow: numbers.rules('read'),
    handler: async ({ db }, { params }) => {
      const [ems] = await selectRecords(
        db.selectFrom('telephone_numbers').where('id', '=', params.id),
        emsRecordFields,
      );
      if (!ems) throw notFound();
      return ems;
    },
  });

  tenantRoute(api, platform, routes.saveEms, {
    allow: numbers.rules('update'),
    handler: async (ctx, { params: { id }, body: address }) => {
      const { db, auth } = ctx;
      const [current] = await selectRecords(
        db.selectFrom('telephone_numbers').where('id', '=', id).forUpdate(),
        emsRecordFields,
      );
      if (!current) throw notFound();
      // Based on the number as the tab loaded it (If-Match): changed since, it is refused.
      assertVersion(ctx, current);
      if (!current.emsNeeded) throw new HttpError(409, TELEPHONE_NUMBER_MESSAGES.emsNotNeeded);
      if (current.updatePending) throw new HttpError(409, TELEPHONE_NUMBER_MESSAGES.emsPending);
      await db
        .updateTable('telephone_numbers')
        .set({
          ...rowFrom(emsRecordFields, address, { create: false }),
          ems_update_pending: true,
          ems_error_code: null,
          ems_error_message: '',
          ems_submitted_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
      await platform.providers.ems.submit(db, { accountNo: auth.accountNo, number: current.telephoneNumber, address });
      await ctx.emit({ area: 'telephone-numbers', recordId: id, kind: 'ems.submit', after: { ...address } });
      // Sent, not done: the registry answers later (the number shows it pending until then).
      return { success: true, message: TELEPHONE_NUMBER_MESSAGES.emsSubmitted, id };
    },
  });

  // The numbers whose emergency state is Error (needed, answered, and rejected): paged in the path,
  // or in the body (the spec's POST .../ems/errors, all by default).
  const emsErrors = ({ db, auth }: Ctx, { accountNo, ...options }: ListOptions & { accountNo?: number }) => {
    if (accountNo !== undefined && accountNo !== auth.accountNo) throw notFound();
    const failed = db.selectFrom('telephone_numbers').where(sql.raw(EMS_STATUS_SQL), '=', 'Error');
    return pagedList(failed, errorFields, 'telephone_numbers.id', BY_NUMBER, options);
  };
  tenantRoute(api, platform, routes.emsErrors, {
    allow: numbers.rules('read'),
    readOnly: true,
    schema: { body: listBodyFor(errorFields) },
    handler: (ctx, { params, body }) => emsErrors(ctx, { ...params, ...(body ?? {}) }),
  });
  tenantRoute(api, platform, routes.emsErrorsByBody, {
    allow: numbers.rules('read'),
    readOnly: true,
    schema: { body: pagedBodyFor(errorFields) },
    handler: (ctx, { body }) => emsErrors(ctx, body),
  });
}

/** The lists other areas pick from: the numbers' emergency addresses and the caller IDs. */
function registerPickerRoutes(api: FastifyInstance, platform: Platform): void {
  // Seats, trunks and numbers pick from these.
  tenantRoute(api, platform, routes.emsAddresses, {
    allow: readersOf('seats', 'SIPTrunks', 'numbers'),
    readOnly: true,
    handler: ({ db }) => {
      const located = db.selectFrom('telephone_numbers').where('ems_needed', '=', true).where('ems_postcode', '<>', '');
      const byNumber = { field: 'telephoneNo', direction: 'asc' } as const;
      return pagedList(located, addressFields, 'telephone_numbers.id', byNumber, { offset: -1, limit: -1 });
    },
  });

  registerCallerIdRoutes(api, platform);
}

/** A number's Teams information. */
function registerTeamsRoute(api: FastifyInstance, platform: Platform, numbers: Numbers): void {
  // Teams information of a number: whether the account has Teams, the seats presenting it as their
  // outbound caller ID, and those presenting it on Teams (Teams on, and the number is the seat's
  // Teams number, or its caller ID when it has none).
  tenantRoute(api, platform, routes.teams, {
    allow: numbers.rules('read'),
    handler: async ({ db }, { params }) => {
      const { id, telephoneNumber } = await numbers.read(db, params.id);
      const seats = db.selectFrom('seats').select(['extension', 'nickname']).orderBy('extension');
      const label = (s: { extension: number; nickname: string }) =>
        s.nickname ? `${s.extension} - ${s.nickname}` : String(s.extension);
      const presenting = await seats.where('caller_id_number', '=', telephoneNumber).execute();
      const onTeams = await seats
        .where('enable_teams', '=', true)
        .where((eb) =>
          eb.or([
            eb('teams_cli', '=', telephoneNumber),
            eb.and([eb('teams_cli', '=', ''), eb('caller_id_number', '=', telephoneNumber)]),
          ]),
        )
        .execute();
      return {
        id,
        telephoneNumber,
        teamsAccountExists: await platform.providers.teams.accountExists(db),
        presentingSeats: presenting.map(label),
        seats: onTeams.map(label),
      };
    },
  });
}

/**
 * The account's numbers a seat, trunk or dial-through may present as caller ID: all of them (the
 * spec's call), and a page of them searched in the number and the name shown (a picker's).
 */
function registerCallerIdRoutes(api: FastifyInstance, platform: Platform): void {
  const callerIds = (db: Tx) => db.selectFrom('telephone_numbers').select(['number', 'nickname']).orderBy('number');
  const callerId = (n: { number: string; nickname: string }) => ({ number: n.number, name: n.nickname || n.number });
  tenantRoute(api, platform, routes.callerIds, {
    allow: readersOf(...OPTION_READERS.callerIds),
    readOnly: true,
    handler: async ({ db }) => ({ records: (await callerIds(db).execute()).map(callerId) }),
  });
  tenantRoute(api, platform, routes.callerIdsPage, {
    allow: readersOf(...OPTION_READERS.callerIds),
    readOnly: true,
    handler: async ({ db }, { params, body }) => {
      const term = body.search?.trim() ?? '';
      const pattern = containsPattern(term);
      let q = callerIds(db);
      if (term) {
        q = q.where((eb) =>
          eb.or([eb('number', 'like', pattern), eb(sql`coalesce(nullif(nickname, ''), number)`, 'ilike', pattern)]),
        );
      }
      if (params.limit === -1) return { records: (await q.execute()).map(callerId), lastPage: true };
      const rows = await q
        .offset(params.offset)
        .limit(params.limit + 1)
        .execute();
      return { records: rows.slice(0, params.limit).map(callerId), lastPage: rows.length <= params.limit };
    },
  });
}
