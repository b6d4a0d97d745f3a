/**
 * Direct debit (issue 13, spec 1 §7): the current mandate, its set-up and replacement, the bank
 * name of a sort code and account number (modulus-checked), and the addresses of a postcode. A
 * prepay account that sets up a mandate becomes postpay (its invoices are collected by it:
 * collections.ts).
 *
 * The mandate is created at the Direct Debit bureau (platform.providers.directDebit: the sandbox,
 * or GoCardless) before the account's transaction opens — a slow bureau never holds a database
 * connection — and cancelled there again if the transaction then rolls back. A replaced mandate is
 * cancelled at the bureau once its successor is stored. The bureau's signed webhook is public.
 */
import {
  DIRECT_DEBIT_MESSAGES,
  type DirectDebitSubmit,
  directDebitRoutes,
  directDebitSubmit,
  mandateStatus,
} from '@switchboard/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/schema.ts';
import { HttpError, validationError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { ProviderUnavailableError } from '../../platform/provider-modes.ts';
import { type Ctx, openRoute, tenantRoute } from '../../platform/routes.ts';
import { webhookRoute } from '../../platform/webhooks.ts';
import {
  type AddressLookup,
  type BankLookup,
  SandboxAddressLookup,
  SandboxBankLookup,
} from '../../providers/bank/bank.ts';
import {
  type DirectDebitCollections,
  DirectDebitWebhookSignatureError,
} from '../../providers/direct-debit/direct-debit.ts';
import { applyCollectionEvent } from './collections.ts';

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
  /** The bureau holding the mandate (migration 039): 'sandbox' | 'gocardless'. */
  provider: Generated<string>;
  /** The bureau's mandate id (null: stored without the wizard, e.g. a fixture; never collected). */
  provider_mandate_id: string | null;
  /** 'active', or what the bureau reported ('cancelled', 'failed', 'expired', ...). */
  provider_status: Generated<string>;
  provider_reason: Generated<string>;
}

declare module '../../db/schema.ts' {
  interface Database {
    direct_debits: DirectDebitsTable;
  }
}

interface Prepared {
  bank: string;
  mandateId: string;
}

const displayDate = (d: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(d);

/** The bank and address look-ups the wizard asks (sandboxes unless given). */
interface Lookups {
  bank: BankLookup;
  addresses: AddressLookup;
}

/** The account's current mandate (none superseded it). */
function currentMandate(db: Ctx['db']) {
  return db.selectFrom('direct_debits').selectAll().where('superseded_at', 'is', null).executeTakeFirst();
}

/**
 * Before the transaction: the one-mandate rule, the bank check, then the mandate at the bureau.
 * Answers the bank's name and the bureau's mandate id.
 */
async function prepareMandate(
  platform: Platform,
  lookups: Lookups,
  request: FastifyRequest,
  mode: 'create' | 'update',
): Promise<Prepared> {
  const bureau = platform.providers.directDebit;
  const accountNo = request.auth?.accountNo;
  if (!accountNo) throw new HttpError(401, DIRECT_DEBIT_MESSAGES.failed);
  // No bureau (not configured, sandboxes off): no mandate is made, nothing is recorded.
  if (bureau.name === 'unavailable') throw new ProviderUnavailableError('directDebit');
  const body = directDebitSubmit.parse(request.body);
  const existing = await platform.tenancy.tenant(accountNo, (db) => currentMandate(db), { readOnly: true });
  if (mode === 'create' && existing) throw new HttpError(409, DIRECT_DEBIT_MESSAGES.exists);
  if (mode === 'update' && !existing) throw new HttpError(404, DIRECT_DEBIT_MESSAGES.none);
  const account = await lookups.bank.bankName(body.sortCode, body.accountNumber);
  if (!account) {
    throw validationError({
      accountNumber: DIRECT_DEBIT_MESSAGES.bankMismatch,
      sortCode: DIRECT_DEBIT_MESSAGES.bankMismatch,
    });
  }
  if (!account.directDebits) throw validationError({ accountNumber: DIRECT_DEBIT_MESSAGES.noDirectDebits });
  const bank = account.name;
  let mandateId: string;
  try {
    mandateId = await bureau.createMandate({
      accountNo,
      givenName: body.firstName,
      familyName: body.surname,
      company: body.company,
      email: body.email ?? '',
      addressLine1: body.line1,
      addressLine2: body.line2 ?? '',
      city: body.city,
      postalCode: body.postCode,
      accountHolder: body.accountHolder,
      sortCode: body.sortCode,
      accountNumber: body.accountNumber,
    });
  } catch (error) {
    request.log.error({ err: error }, 'the Direct Debit bureau refused the mandate');
    throw new HttpError(502, DIRECT_DEBIT_MESSAGES.failed);
  }
  return { bank, mandateId };
}

/** Cancels a mandate at the bureau (a replaced one, or one whose storing rolled back); logged when it fails. */
function cancelAtBureau(bureau: DirectDebitCollections, request: FastifyRequest, mandateId: string) {
  return async () => {
    await bureau.cancelMandate(mandateId).catch((error: unknown) => {
      request.log.error({ err: error, mandateId }, 'the Direct Debit bureau did not cancel a mandate');
    });
  };
}

/** Sets up a mandate from `body` (superseding `replaces`), and makes a prepay account postpay. */
async function setUpMandate(
  platform: Platform,
  ctx: Ctx,
  body: DirectDebitSubmit & { sortCode: string; accountNumber: string },
  replaces: { id: number; provider: string; provider_mandate_id: string | null } | null,
  prepared: Prepared,
) {
  const bureau = platform.providers.directDebit;
  const { bank } = prepared;
  ctx.afterRollback(cancelAtBureau(bureau, ctx.request, prepared.mandateId));
  if (replaces?.provider_mandate_id && replaces.provider === bureau.name) {
    ctx.afterCommit(cancelAtBureau(bureau, ctx.request, replaces.provider_mandate_id));
  }
  const { db, auth, emit } = ctx;
  if (replaces !== null) {
    await db.updateTable('direct_debits').set({ superseded_at: new Date() }).where('id', '=', replaces.id).execute();
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
      provider: bureau.name,
      provider_mandate_id: prepared.mandateId,
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
    before: replaces === null ? null : { replaced: replaces.id },
    after: { bank, accountEnding: body.accountNumber.slice(-4), accountType: 'postpay' },
    label: `${bank} ****${body.accountNumber.slice(-4)}`,
  });
  return { bank, wasPrepay: account.account_type === 'prepay' };
}

export function registerDirectDebitRoutes(
  api: FastifyInstance,
  platform: Platform,
  providers: Lookups = {
    bank: new SandboxBankLookup(),
    addresses: new SandboxAddressLookup(),
  },
): void {
  registerMandateRoutes(api, platform, providers);
  registerBureauWebhook(api, platform);
  registerLookupRoutes(api, platform, providers);
}

/** The account's mandate: reading it, setting one up, replacing it. */
function registerMandateRoutes(api: FastifyInstance, platform: Platform, lookups: Lookups): void {
  const routes = directDebitRoutes;
  tenantRoute(api, platform, routes.get, {
    allow: { resource: 'directDebit', action: 'read' },
    handler: async ({ db }) => {
      const r = await currentMandate(db);
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
    receive: (request) => prepareMandate(platform, lookups, request, 'create'),
    handler: async (ctx, { body, received }) => {
      // Checked again in the transaction: another set-up may have won meanwhile (then this one's
      // bureau mandate is cancelled by the rollback).
      if (await currentMandate(ctx.db)) throw new HttpError(409, DIRECT_DEBIT_MESSAGES.exists);
      await setUpMandate(platform, ctx, body, null, received);
      return { success: true, message: DIRECT_DEBIT_MESSAGES.created, accountType: 'postpay' as const };
    },
  });

  tenantRoute(api, platform, routes.update, {
    allow: { resource: 'directDebit', action: 'update' },
    receive: (request) => prepareMandate(platform, lookups, request, 'update'),
    handler: async (ctx, { body, received }) => {
      const existing = await currentMandate(ctx.db);
      if (!existing) throw new HttpError(404, DIRECT_DEBIT_MESSAGES.none);
      await setUpMandate(platform, ctx, body, existing, received);
      return { success: true, message: DIRECT_DEBIT_MESSAGES.updated, accountType: 'postpay' as const };
    },
  });
}

/** The bureau's webhook (collections and mandates' news). */
function registerBureauWebhook(api: FastifyInstance, platform: Platform): void {
  const bureau = platform.providers.directDebit;
  // The bureau's webhook: public (the bureau calls it), believed only with a good signature over
  // the body exactly as received; each of its events stored once and applied once (collections.ts).
  webhookRoute(api, platform, directDebitRoutes.webhook, 'gocardless', {
    verify: ({ rawBody, headers }) => {
      try {
        return bureau.parseWebhook(rawBody, String(headers['webhook-signature'] ?? ''));
      } catch (error) {
        if (error instanceof ProviderUnavailableError) throw error;
        // GoCardless's own answer to a signature that does not match: 498 Invalid Token.
        if (error instanceof DirectDebitWebhookSignatureError)
          throw new HttpError(498, DIRECT_DEBIT_MESSAGES.badSignature);
        throw new HttpError(400, DIRECT_DEBIT_MESSAGES.badSignature);
      }
    },
    eventId: (event) => event.eventId,
    apply: (event) => platform.tenancy.crossAccount('direct-debit', (tx) => applyCollectionEvent(tx, bureau, event)),
  });
}

/** The wizard's look-ups: the bank of a sort code and account number, the addresses of a postcode. */
function registerLookupRoutes(api: FastifyInstance, platform: Platform, providers: Lookups): void {
  const routes = directDebitRoutes;
  // The look-ups ask a provider over the network: open routes with the permission guard, so no
  // database connection is held while the provider answers (up to its timeout).
  openRoute(api, platform, routes.bankName, {
    allow: { resource: 'directDebit', action: 'read' },
    // A look-up sent as a POST (spec 1 §7): it changes nothing.
    changesState: false,
    handler: async (_ctx, { body }) => {
      const account = await providers.bank.bankName(body.sortCode, body.accountNumber);
      if (!account) return { success: false, name: '', message: DIRECT_DEBIT_MESSAGES.bankMismatch };
      if (!account.directDebits)
        return { success: false, name: account.name, message: DIRECT_DEBIT_MESSAGES.noDirectDebits };
      return { success: true, name: account.name, message: '' };
    },
  });

  openRoute(api, platform, routes.addresses, {
    allow: { resource: 'directDebit', action: 'read' },
    handler: async (_ctx, { params }) => ({ records: await providers.addresses.addresses(params.postcode) }),
  });
}
