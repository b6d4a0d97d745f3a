/**
 * Direct debit (issue 13, spec 1 §7): the current mandate, its set-up and replacement, the bank
 * name of a sort code and account number (modulus-checked), and the addresses of a postcode. A
 * prepay account that sets up a mandate becomes postpay (its invoices are collected by it: the
 * billing module's collections).
 *
 * The mandate is created at the Direct Debit bureau (platform.providers.directDebit: the sandbox,
 * or GoCardless) before the account's transaction opens — a slow bureau never holds a database
 * connection — and cancelled there again if the transaction then rolls back. A replaced mandate is
 * cancelled at the bureau once its successor is stored. The bureau's signed webhook is public.
 */
import { DIRECT_DEBIT_MESSAGES, directDebitRoutes, directDebitSubmit } from '@switchboard/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  applyCollectionEvent,
  currentMandate,
  type Mandate,
  mandateRecord,
  storeMandate,
} from '../../modules/billing/index.ts';
import { HttpError, validationError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { ProviderUnavailableError } from '../../platform/provider-modes.ts';
import { authorise, openRoute, tenantRoute } from '../../platform/routes.ts';
import type { Tx } from '../../platform/tenancy.ts';
import { webhookRoute } from '../../platform/webhooks.ts';
import { DirectDebitWebhookSignatureError } from '../../providers/direct-debit/direct-debit.ts';

type Mode = 'create' | 'update';
const mandateGuard = (action: Mode) => ({ resource: 'directDebit', action }) as const;

/** The one-mandate rule: a set-up when there is none, a replacement of the one there is. */
async function mandateFor(db: Tx, mode: Mode): Promise<Mandate | undefined> {
  const existing = await currentMandate(db);
  if (mode === 'create' && existing) throw new HttpError(409, DIRECT_DEBIT_MESSAGES.exists);
  if (mode === 'update' && !existing) throw new HttpError(404, DIRECT_DEBIT_MESSAGES.none);
  return existing;
}

/**
 * Before the transaction: the one-mandate rule, the bank check, then the mandate at the bureau.
 * Answers the bank's name and the bureau's mandate id.
 */
async function prepareMandate(platform: Platform, request: FastifyRequest, mode: Mode) {
  const bureau = platform.providers.directDebit;
  const { accountNo } = authorise(request, mandateGuard(mode));
  // No bureau (not configured, sandboxes off): no mandate is made, nothing is recorded.
  if (bureau.name === 'unavailable') throw new ProviderUnavailableError('directDebit');
  const body = directDebitSubmit.parse(request.body);
  await platform.tenancy.tenant(accountNo, (db) => mandateFor(db, mode), { readOnly: true });
  const account = await platform.providers.bank.bankName(body.sortCode, body.accountNumber);
  if (!account) {
    const mismatch = DIRECT_DEBIT_MESSAGES.bankMismatch;
    throw validationError({ accountNumber: mismatch, sortCode: mismatch });
  }
  if (!account.directDebits) throw validationError({ accountNumber: DIRECT_DEBIT_MESSAGES.noDirectDebits });
  try {
    const mandateId = await bureau.createMandate({
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
    return { bank: account.name, provider: bureau.name, mandateId };
  } catch (error) {
    request.log.error({ err: error }, 'the Direct Debit bureau refused the mandate');
    throw new HttpError(502, DIRECT_DEBIT_MESSAGES.failed);
  }
}

export function registerDirectDebitRoutes(api: FastifyInstance, platform: Platform): void {
  for (const register of [registerMandateRoutes, registerBureauWebhook, registerLookupRoutes]) register(api, platform);
}

/** The account's mandate: reading it, setting one up, replacing it. */
function registerMandateRoutes(api: FastifyInstance, platform: Platform): void {
  const bureau = platform.providers.directDebit;
  tenantRoute(api, platform, directDebitRoutes.get, {
    allow: { resource: 'directDebit', action: 'read' },
    handler: async ({ db }) => {
      const r = await currentMandate(db);
      return { record: r ? mandateRecord(r) : null };
    },
  });

  for (const mode of ['create', 'update'] as const) {
    tenantRoute(api, platform, directDebitRoutes[mode], {
      allow: mandateGuard(mode),
      receive: (request) => prepareMandate(platform, request, mode),
      handler: async (ctx, { body, received }) => {
        /** Cancels a mandate at the bureau (a replaced one, or one whose storing rolled back); logged when it fails. */
        const cancelAtBureau = (mandateId: string) => async () => {
          await bureau.cancelMandate(mandateId).catch((error: unknown) => {
            ctx.request.log.error({ err: error, mandateId }, 'the Direct Debit bureau did not cancel a mandate');
          });
        };
        ctx.afterRollback(cancelAtBureau(received.mandateId));
        // Checked again in the transaction: another set-up may have won meanwhile (then this one's
        // bureau mandate is cancelled by the rollback).
        const replaces = await mandateFor(ctx.db, mode);
        if (replaces?.provider_mandate_id && replaces.provider === bureau.name) {
          ctx.afterCommit(cancelAtBureau(replaces.provider_mandate_id));
        }
        await storeMandate(ctx, body, replaces, received);
        const message = mode === 'create' ? DIRECT_DEBIT_MESSAGES.created : DIRECT_DEBIT_MESSAGES.updated;
        return { success: true, message, accountType: 'postpay' as const };
      },
    });
  }
}

/** The bureau's webhook (collections and mandates' news). */
function registerBureauWebhook(api: FastifyInstance, platform: Platform): void {
  const bureau = platform.providers.directDebit;
  // The bureau's webhook: public (the bureau calls it), believed only with a good signature over
  // the body exactly as received; each of its events stored once and applied once (collections).
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
function registerLookupRoutes(api: FastifyInstance, platform: Platform): void {
  const { providers } = platform;
  // The look-ups ask a provider over the network: open routes with the permission guard, so no
  // database connection is held while the provider answers (up to its timeout).
  openRoute(api, platform, directDebitRoutes.bankName, {
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

  openRoute(api, platform, directDebitRoutes.addresses, {
    allow: { resource: 'directDebit', action: 'read' },
    handler: async (_ctx, { params }) => ({ records: await providers.addresses.addresses(params.postcode) }),
  });
}
