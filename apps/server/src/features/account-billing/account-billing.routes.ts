/**
 * Account money (issue 13): the account transactions page's calls (prepay read), the provider
 * admin's ledger adjustment, the balance alert (spec 1 §9, hidden for wholesale) and its save
 * (PUT /account/{no}), notifications (spec 1 §7) and the sandbox e-mail outbox (provider admins).
 */
import {
  type AccountFormBody,
  type AccountTransaction,
  accountBillingRoutes,
  BALANCE_ALERT_PENCE,
  balanceAlertLabel,
  can,
  formatPence,
  isProviderAdmin,
  isWholesale,
  MESSAGES,
  OUTBOX_MESSAGES,
  type OutboxMail,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { sql, type Updateable } from 'kysely';
import type { AccountsTable } from '../../db/schema.ts';
import { postToLedger } from '../../modules/billing/index.ts';
import { identityNeedsNewCheck } from '../../modules/identity/index.ts';
import { forbidden, HttpError, notFound, validationError } from '../../platform/errors.ts';
import { field, fieldMap } from '../../platform/fields.ts';
import { listBodyFor, pagedList, selectRecords } from '../../platform/list.ts';
import { sendStoredFile } from '../../platform/media.ts';
import { recordAct } from '../../platform/outbox.ts';
import type { Platform } from '../../platform/platform.ts';
import { type Guard, openRoute, tenantRoute } from '../../platform/routes.ts';

const LONDON = `at time zone 'Europe/London'`;

const transactionFields = fieldMap<AccountTransaction>('ledger_entries', {
  id: field.id(),
  date: field.computed(`to_char(ledger_entries.created_at ${LONDON}, 'DD/MM/YYYY HH24:MI')`, 'text', {
    sortable: true,
    sortSql: 'ledger_entries.created_at',
  }),
  month: field.computed(`to_char(ledger_entries.created_at ${LONDON}, 'YYYY-MM')`, 'text', { filterable: true }),
  kind: field.text('kind', { sortable: true, filterable: true }),
  description: field.text('description', { sortable: true, searchable: true }),
  reference: field.text('reference', { searchable: true }),
  amountPence: field.number('amount_pence', { sortable: true }),
  balancePence: field.number('balance_after_pence'),
});

const outboxFields = fieldMap<OutboxMail>('mail_outbox', {
  id: field.id(),
  accountNo: field.number('account_no', { filterable: true, sortable: true }),
  template: field.text('template', { filterable: true, sortable: true }),
  to: field.text('to_address', { searchable: true, sortable: true }),
  subject: field.text('subject', { searchable: true, sortable: true }),
  text: field.text('text_body'),
  status: field.text('status', { filterable: true, sortable: true }),
  created: field.computed(`to_char(mail_outbox.created_at ${LONDON}, 'DD/MM/YYYY HH24:MI')`, 'text', {
    sortable: true,
    sortSql: 'mail_outbox.created_at',
  }),
  // Each attachment's name, type and size (what the transport read, else what was queued); not its key.
  attachments: field.computed(
    `coalesce((select jsonb_agg(jsonb_build_object('filename', a->>'filename', 'contentType', a->>'contentType',
      'bytes', coalesce((a->'sent'->>'bytes')::bigint, (a->>'bytes')::bigint)) order by n)
      from jsonb_array_elements(mail_outbox.attachments) with ordinality as e(a, n)), '[]'::jsonb)`,
    'json',
  ),
});

/**
 * The lists' field maps (their sortable and filterable columns are indexed): the account's ledger.
 * The outbox is a provider admin's list across the accounts, which an index led by the account
 * would not serve: it is not declared.
 */
export const accountBillingLists = [transactionFields];

/** The account form's fields (PUT /account/{no}) and their columns. */
const ACCOUNT_COLUMNS = {
  firstName: 'first_name',
  surname: 'surname',
  company: 'company',
  address_line1: 'address_line1',
  address_line2: 'address_line2',
  address_city: 'address_city',
  address_county: 'address_county',
  address_country: 'address_country',
  address_postcode: 'address_postcode',
  telephone: 'telephone',
  fax: 'fax',
  mobile: 'mobile',
  email: 'email',
  endUserType: 'end_user_type',
  vulnerablePerson: 'vulnerable_person',
  alert: 'alert',
} as const satisfies Record<Exclude<keyof AccountFormBody, 'version'>, string>;

/** The transactions page: prepay accounts only (the account-type mask; admin rights never stand in). */
const prepayRead = { resource: 'prepay', action: 'read' } as const;
/** This month in London, as YYYY-MM. */
function currentMonth(now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit' })
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, p) => {
      acc[p.type] = p.value;
      return acc;
    }, {});
  return `${parts.year}-${parts.month}`;
}

export function registerAccountBillingRoutes(api: FastifyInstance, platform: Platform): void {
  registerTransactionRoutes(api, platform);
  registerAdjustmentRoutes(api, platform);
  registerAccountFormRoutes(api, platform);
  registerNotificationRoutes(api, platform);
  registerOutboxRoute(api, platform);
}

/** The account transactions page: the ledger, paged, and one month's entries. */
function registerTransactionRoutes(api: FastifyInstance, platform: Platform): void {
  const routes = accountBillingRoutes;
  tenantRoute(api, platform, routes.transactions, {
    allow: prepayRead,
    readOnly: true,
    schema: { body: listBodyFor(transactionFields) },
    handler: async ({ db }, { params, body }) =>
      pagedList(
        db.selectFrom('ledger_entries'),
        transactionFields,
        'ledger_entries.id',
        { field: 'date', direction: 'desc' },
        { ...params, ...(body ?? {}) },
      ),
  });

  tenantRoute(api, platform, routes.transactionsOfMonth, {
    allow: prepayRead,
    readOnly: true,
    handler: async ({ db }, { body }) => {
      const month = body.month ?? currentMonth();
      const records = await selectRecords(
        db
          .selectFrom('ledger_entries')
          .where(sql<string>`to_char(created_at at time zone 'Europe/London', 'YYYY-MM')`, '=', month)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc'),
        transactionFields,
      );
      return { records };
    },
  });
}

/** The account form's fields that `body` changes: their old and new values, and the columns to write. */
function changesOf(body: AccountFormBody, current: Record<string, unknown>) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const row: Updateable<AccountsTable> = {};
  for (const [field, column] of Object.entries(ACCOUNT_COLUMNS)) {
    const value = body[field as keyof typeof ACCOUNT_COLUMNS];
    if (value === undefined) continue;
    const stored = current[column];
    if (value === stored) continue;
    before[field] = stored;
    after[field] = value;
    Object.assign(row, { [column]: value });
  }
  return { before, after, row };
}

/** The balance alert's choices, and the account details form's save. */
function registerAccountFormRoutes(api: FastifyInstance, platform: Platform): void {
  const routes = accountBillingRoutes;
  // Wholesale accounts have no balance alert (spec 1 §2).
  tenantRoute(api, platform, routes.balanceAlert, {
    allow: (auth) => can(auth, 'account', 'read') && !isWholesale(auth),
    handler: async ({ db }) => {
      const a = await db.selectFrom('accounts').select('alert').executeTakeFirst();
      if (!a) throw notFound();
      return {
        alert: a.alert,
        options: BALANCE_ALERT_PENCE.map((value) => ({ value, label: balanceAlertLabel(value) })),
      };
    },
  });

  // The account details form (spec 1 §3 / §5): only the fields sent are written, the version the
  // form was loaded with must still be the stored one, the change is an event (the audit log).
  tenantRoute(api, platform, routes.saveAccount, {
    allow: { resource: 'account', action: 'update' },
    handler: async ({ auth, db, emit, request }, { params, body }) => {
      if (params.account_no !== auth.accountNo) throw notFound();
      if (body.alert !== undefined && isWholesale(auth))
        throw validationError({ alert: MESSAGES.alertNotForWholesale });
      const current = await db.selectFrom('accounts').selectAll().forUpdate().executeTakeFirst();
      if (!current) throw notFound();
      const header = request.headers['if-match'];
      const based = body.version ?? (header === undefined ? undefined : Number(String(header).replace(/\D/g, '')));
      if (based !== undefined && based !== current.version) throw new HttpError(409, MESSAGES.staleVersion);
      const { before, after, row } = changesOf(body, current);
      if (Object.keys(row).length > 0) {
        await db.updateTable('accounts').set(row).execute();
        await emit({
          area: 'account',
          recordId: auth.accountNo,
          kind: 'update',
          before,
          after,
          label: current.company,
        });
      }
      // A changed legal identity (name, company) of a verified account needs a new identity check.
      const verificationRequired = await identityNeedsNewCheck(db, {
        accountNo: auth.accountNo,
        userId: auth.userId,
        ip: request.ip,
        changed: Object.keys(after),
      });
      const saved = await db.selectFrom('accounts').select('version').executeTakeFirstOrThrow();
      return {
        success: true,
        message: MESSAGES.updated('Account'),
        version: saved.version,
        verificationRequired,
      };
    },
  });
}

/** The account's notifications, and marking one read. */
function registerNotificationRoutes(api: FastifyInstance, platform: Platform): void {
  const routes = accountBillingRoutes;
  tenantRoute(api, platform, routes.notifications, {
    allow: { resource: 'notification', action: 'read' },
    handler: async ({ db }) => {
      const rows = await db
        .selectFrom('notifications')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(200)
        .execute();
      const counts = await db
        .selectFrom('notifications')
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          eb.fn.count<number>('id').filterWhere('read_at', 'is', null).as('unread'),
        ])
        .executeTakeFirstOrThrow();
      return {
        records: rows.map((n) => ({
          notification_id: n.id,
          notification_title: n.title,
          notification_message: n.message,
          notification_created: new Date(n.created_at).toISOString(),
          notification_icon: n.icon,
          notification_color: n.color,
          notification_read: n.read_at !== null,
        })),
        totalRecords: Number(counts.total),
        unread: Number(counts.unread),
      };
    },
  });

  // Marking read changes the notification: a write (update), as every other write.
  tenantRoute(api, platform, routes.markRead, {
    allow: { resource: 'notification', action: 'update' },
    handler: async ({ auth, db }, { params }) => {
      const row = await db
        .updateTable('notifications')
        .set((eb) => ({ read_at: eb.fn.coalesce('read_at', eb.fn<Date>('now')), read_by: auth.userId }))
        .where('id', '=', params.id)
        .returning('id')
        .executeTakeFirst();
      if (!row) throw new HttpError(404, MESSAGES.notificationNotMarked);
      return { success: true, message: MESSAGES.notificationMarked };
    },
  });
}

/** The sandbox e-mail outbox (provider admins): every account's mails, paged, and their attachments. */
function registerOutboxRoute(api: FastifyInstance, platform: Platform): void {
  const routes = accountBillingRoutes;
  openRoute(api, platform, routes.outboxAttachment, {
    allow: (auth) => isProviderAdmin(auth),
    changesState: false,
    handler: async ({ request, reply }, { params }) => {
      const row = await platform.tenancy.crossAccount('mail', (tx) =>
        tx.selectFrom('mail_outbox').select('attachments').where('id', '=', params.id).executeTakeFirst(),
      );
      const attachment = row?.attachments[params.index];
      if (!attachment) throw notFound();
      const stat = await platform.files.stat(attachment.key);
      if (!stat) throw new HttpError(404, OUTBOX_MESSAGES.attachmentGone);
      return sendStoredFile(
        platform,
        { request, reply },
        { key: attachment.key, size: stat.size, type: attachment.contentType, downloadName: attachment.filename },
      );
    },
  });
  openRoute(api, platform, routes.outbox, {
    allow: (auth) => isProviderAdmin(auth),
    changesState: false,
    schema: { body: listBodyFor(outboxFields) },
    handler: async (_ctx, { params, body }) =>
      platform.tenancy.crossAccount('mail', (tx) =>
        pagedList(
          tx.selectFrom('mail_outbox'),
          outboxFields,
          'mail_outbox.id',
          { field: 'created', direction: 'desc' },
          { ...params, ...(body ?? {}) },
        ),
      ),
  });
}

/**
 * A provider admin's credit or debit of any account (not while acting as a customer: the portal
 * is the admin's own), at most the configured maximum. The posting and its audit entry commit
 * together. The preview is what the panel's confirmation shows.
 */
function registerAdjustmentRoutes(api: FastifyInstance, platform: Platform): void {
  const routes = accountBillingRoutes;
  const adjuster: Guard = (auth) => isProviderAdmin(auth) && auth.puppeteer === null;
  const maxPence = platform.config.maxAdjustmentPence;
  openRoute(api, platform, routes.adjustPreview, {
    allow: adjuster,
    handler: async ({ auth }, { params }) => {
      if (!auth) throw forbidden();
      const account = await platform.tenancy.crossAccount('billing', (tx) =>
        tx
          .selectFrom('accounts')
          .select(['account_no', 'company', 'first_name', 'surname', 'balance_pence'])
          .where('account_no', '=', params.account_no)
          .executeTakeFirst(),
      );
      if (!account) throw notFound();
      return {
        accountNo: account.account_no,
        name: account.company || `${account.first_name} ${account.surname}`.trim(),
        balancePence: account.balance_pence,
        maxPence,
      };
    },
  });

  openRoute(api, platform, routes.adjust, {
    allow: adjuster,
    handler: async ({ auth, request }, { params, body }) => {
      if (!auth) throw forbidden();
      if (body.amountPence > maxPence) {
        throw validationError({ amountPence: MESSAGES.adjustmentTooLarge(formatPence(maxPence)) });
      }
      const amountPence = body.type === 'credit' ? body.amountPence : -body.amountPence;
      const posted = await platform.tenancy.crossAccount('billing', async (tx) => {
        const account = await tx
          .selectFrom('accounts')
          .select('account_no')
          .where('account_no', '=', params.account_no)
          .executeTakeFirst();
        if (!account) throw notFound();
        const entry = await postToLedger(tx, {
          accountNo: params.account_no,
          kind: 'adjustment',
          amountPence,
          description: body.reason,
          by: auth,
        });
        await recordAct(tx, {
          userId: auth.userId,
          accountNo: auth.homeAccountNo,
          action: 'ledger.adjustment',
          targetAccountNo: params.account_no,
          details: { entryId: entry.id, amountPence, reason: body.reason, balanceAfterPence: entry.balanceAfterPence },
          ip: request.ip,
        });
        return entry;
      });
      return {
        success: true,
        message: MESSAGES.adjustmentPosted,
        id: posted.id,
        balance: posted.balanceAfterPence / 100,
      };
    },
  });
}
