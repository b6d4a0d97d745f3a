/**
 * Direct debit (issue 13, spec 1 §7): the current mandate, its set-up and replacement, the bank
 * name of a sort code and account number (modulus-checked), and the addresses of a postcode. A
 * prepay account that sets up a mandate becomes postpay (its invoices are collected by it).
 */
import { DIRECT_DEBIT_MESSAGES, type DirectDebitSubmit, directDebitRoutes, mandateStatus } from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/schema.ts';
import { HttpError, validationError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { type Ctx, tenantRoute } from '../../platform/routes.ts';
import {
  type AddressLookup,
  type BankLookup,
  SandboxAddressLookup,
  SandboxBankLookup,
} from '../../providers/bank/bank.ts';

export interface DirectDebitsTable {
  id: Generated<number>;
  account_no: number;
  holder_first_name: string;
  holder_last_name: string;
  account_holder: string;
  bank_name: string;
  sort_code: string;
  account_ending: string;
  company: string;
  telephone: string;
  address: string;
  postcode: string;
  email: string;
  setup_at: Timestamp;
  superseded_at: Timestamp | null;
  created_by: number | null;
}

declare module '../../db/schema.ts' {
  interface Database {
    direct_debits: DirectDebitsTable;
  }
}

const displayDate = (d: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(d);

export function registerDirectDebitRoutes(
  api: FastifyInstance,
  platform: Platform,
  providers: { bank: BankLookup; addresses: AddressLookup } = {
    bank: new SandboxBankLookup(),
    addresses: new SandboxAddressLookup(),
  },
): void {
  const routes = directDebitRoutes;

  const current = (db: Ctx['db']) =>
    db.selectFrom('direct_debits').selectAll().where('superseded_at', 'is', null).executeTakeFirst();

  /** Sets up a mandate from `body` (superseding `replaces`), and makes a prepay account postpay. */
  const setUp = async (
    ctx: Ctx,
    body: DirectDebitSubmit & { sortCode: string; accountNumber: string },
    replaces: number | null,
  ) => {
    const bank = await providers.bank.bankName(body.sortCode, body.accountNumber);
    if (!bank) {
      throw validationError({
        accountNumber: DIRECT_DEBIT_MESSAGES.bankMismatch,
        sortCode: DIRECT_DEBIT_MESSAGES.bankMismatch,
      });
    }
    const { db, auth, emit } = ctx;
    if (replaces !== null) {
      await db.updateTable('direct_debits').set({ superseded_at: new Date() }).where('id', '=', replaces).execute();
    }
    const address = [body.line1, body.line2, body.city, body.county, body.postCode].filter(Boolean).join(', ');
    const row = await db
      .insertInto('direct_debits')
      .values({
        account_no: auth.accountNo,
        holder_first_name: body.firstName,
        holder_last_name: body.surname,
        account_holder: body.accountHolder,
        bank_name: bank,
        sort_code: body.sortCode,
        account_ending: body.accountNumber.slice(-4),
        company: body.company,
        telephone: body.telephone,
        address,
        postcode: body.postCode,
        email: body.email ?? '',
        created_by: auth.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const account = await db.selectFrom('accounts').select(['account_type', 'company']).executeTakeFirstOrThrow();
    if (account.account_type === 'prepay') {
      await db.updateTable('accounts').set({ account_type: 'postpay' }).execute();
    }
    await emit({
      area: 'direct-debit',
      recordId: row.id,
      kind: replaces === null ? 'create' : 'update',
      before: replaces === null ? null : { replaced: replaces },
      after: { bank, accountEnding: body.accountNumber.slice(-4), accountType: 'postpay' },
      label: `${bank} ****${body.accountNumber.slice(-4)}`,
    });
    return { bank, wasPrepay: account.account_type === 'prepay' };
  };

  tenantRoute(api, platform, routes.get, {
    allow: { resource: 'directDebit', action: 'read' },
    handler: async ({ db }) => {
      const r = await current(db);
      if (!r) return { record: null };
      const setup = new Date(r.setup_at);
      return {
        record: {
          status: mandateStatus(setup, new Date()),
          holder_firstname: r.holder_first_name,
          holder_lastname: r.holder_last_name,
          bank_name: r.bank_name,
          account_ending: r.account_ending,
          setup: displayDate(setup),
          customer_firstname: r.holder_first_name,
          customer_lastname: r.holder_last_name,
          company_name: r.company,
          address: r.address,
          email: r.email,
        },
      };
    },
  });

  tenantRoute(api, platform, routes.create, {
    allow: { resource: 'directDebit', action: 'create' },
    handler: async (ctx, { body }) => {
      if (await current(ctx.db)) throw new HttpError(409, DIRECT_DEBIT_MESSAGES.exists);
      await setUp(ctx, body, null);
      return { success: true, message: DIRECT_DEBIT_MESSAGES.created, accountType: 'postpay' as const };
    },
  });

  tenantRoute(api, platform, routes.update, {
    allow: { resource: 'directDebit', action: 'update' },
    handler: async (ctx, { body }) => {
      const existing = await current(ctx.db);
      if (!existing) throw new HttpError(404, DIRECT_DEBIT_MESSAGES.none);
      await setUp(ctx, body, existing.id);
      return { success: true, message: DIRECT_DEBIT_MESSAGES.updated, accountType: 'postpay' as const };
    },
  });

  tenantRoute(api, platform, routes.bankName, {
    allow: { resource: 'directDebit', action: 'read' },
    readOnly: true,
    handler: async (_ctx, { body }) => {
      const name = await providers.bank.bankName(body.sortCode, body.accountNumber);
      return name
        ? { success: true, name, message: '' }
        : { success: false, name: '', message: DIRECT_DEBIT_MESSAGES.bankMismatch };
    },
  });

  tenantRoute(api, platform, routes.addresses, {
    allow: { resource: 'directDebit', action: 'read' },
    readOnly: true,
    handler: async (_ctx, { params }) => ({ records: await providers.addresses.addresses(params.postcode) }),
  });
}
