/**
 * The audit log (issue 13): the account's writes and sign-ins, newest first, for those who administer
 * the account (account update). Rows come from the change-event outbox's audit consumer
 * (features/audit/audit-consumer.ts: record changes and acts such as sign-ins); row-level security keeps
 * each account to its own.
 */
import {
  type AuditRecord,
  auditRoutes,
  CONFERENCING_DESTINATION,
  isProviderAdmin,
  parseDestination,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { userLabelSql } from '../../modules/identity/index.ts';
import { field, fieldMap } from '../../platform/fields.ts';
import { keysetBody, listBodyFor, pagedList } from '../../platform/list.ts';
import type { Platform } from '../../platform/platform.ts';
import { openRoute, tenantRoute } from '../../platform/routes.ts';
import type { Tx } from '../../platform/tenancy.ts';

/** 'seats.update' → area 'seats', action 'update'; a bare 'login' is the session's. */
const AREA = `case when position('.' in audit_log.action) > 0 then split_part(audit_log.action, '.', 1) else 'session' end`;
const ACTION = `case when position('.' in audit_log.action) > 0
  then substr(audit_log.action, position('.' in audit_log.action) + 1) else audit_log.action end`;
/** Who, as stored when the change was recorded, else the account's own user (row-level security hides others). */
const USER = `coalesce(audit_log.details->>'user',
  (select ${userLabelSql('u')} from users u where u.id = audit_log.user_id), '')`;

/** An entry as stored; its destinations' names are added as it is read (see named). */
type StoredEntry = Omit<AuditRecord, 'labels'>;

const fields = fieldMap<StoredEntry>('audit_log', {
  id: field.id(),
  at: field.computed(`to_char(audit_log.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`, 'text', {
    sortable: true,
    sortSql: 'audit_log.at',
  }),
  user: field.computed(USER, 'text', { sortable: true, searchable: true }),
  actingAs: field.computed(`coalesce(audit_log.details->>'actingAs', '')`, 'text', { searchable: true }),
  area: field.computed(AREA, 'text', { sortable: true, filterable: true }),
  action: field.computed(ACTION, 'text', { sortable: true, filterable: true, searchable: true }),
  recordId: field.computed(`(audit_log.details->>'recordId')::int`, 'number'),
  record: field.computed(`coalesce(audit_log.details->>'label', '')`, 'text', { sortable: true, searchable: true }),
  changes: field.computed(`coalesce(audit_log.details->'changes', '{}'::jsonb)`, 'json'),
  ip: field.computed(`coalesce(audit_log.ip, '')`, 'text'),
});

/** The lists' field maps (every column of the log's is computed: none is indexed by them). */
export const auditLists = [fields];

/** The destination values ('timeprofile:300') anywhere in a change's values. */
function destinationsIn(value: unknown): string[] {
  if (typeof value === 'string') return value === CONFERENCING_DESTINATION || parseDestination(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(destinationsIn);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(destinationsIn);
  return [];
}

/**
 * The entries with the names of the destinations their changes hold, as the destination picker names
 * them (one look-up per page, within the account).
 */
async function named(db: Tx, platform: Platform, entries: StoredEntry[]): Promise<AuditRecord[]> {
  const held = entries.map((e) => destinationsIn(Object.values(e.changes).flatMap((c) => [c.from, c.to])));
  const found = await platform.destinations.find(db, held.flat());
  return entries.map((entry, i) => ({
    ...entry,
    labels: Object.fromEntries(
      (held[i] ?? []).flatMap((value) => {
        const option = found.get(value);
        return option ? [[value, option.label]] : [];
      }),
    ),
  }));
}

/** The change events' consumers, each with its lag, failures and dead events (provider admins). */
function registerConsumersRoute(api: FastifyInstance, platform: Platform): void {
  openRoute(api, platform, auditRoutes.consumers, {
    allow: (auth) => isProviderAdmin(auth),
    changesState: false,
    handler: async () => ({
      consumers: (await platform.outbox.status()).map((c) => ({ ...c, retryAt: c.retryAt?.toISOString() ?? null })),
    }),
  });
}

export function registerAuditRoutes(api: FastifyInstance, platform: Platform): void {
  registerConsumersRoute(api, platform);
  tenantRoute(api, platform, auditRoutes.list, {
    allow: [{ resource: 'account', action: 'update' }],
    readOnly: true,
    schema: { body: listBodyFor(fields, keysetBody) },
    handler: async ({ db }, { params, body }) => {
      const page = await pagedList(
        db.selectFrom('audit_log'),
        fields,
        'audit_log.id',
        // Keyset paging (issue 26): newest first by (at, id) on audit_log_account_at_idx.
        { field: 'at', direction: 'desc', keyset: 'timestamptz' },
        { ...params, ...(body ?? {}) },
      );
      return { ...page, records: await named(db, platform, page.records) };
    },
  });
}
