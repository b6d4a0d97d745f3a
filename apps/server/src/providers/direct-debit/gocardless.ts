/**
 * GoCardless (gocardless-nodejs) as the Direct Debit bureau: the wizard's mandate is created as a
 * customer, its bank account and a Bacs mandate; a collection is a payment against the mandate with
 * its charge date and an Idempotency-Key; results arrive by GoCardless's webhooks, signed with the
 * endpoint's secret (Webhook-Signature: the HMAC-SHA256, hex, of the raw body).
 *
 * `apiBase` sends the client's requests to another server answering like GoCardless's API (tests);
 * the SDK has no option for it, so it is set on the client's request object, checked to exist.
 */

import { addWorkingDays } from '@switchboard/domain';
import gocardless, { Environments, type GoCardlessClient, InvalidStateError, verifySignature } from 'gocardless-nodejs';
import { z } from 'zod';
import {
  BACS_CYCLE_WORKING_DAYS,
  type CollectionAnswer,
  type CollectionEvent,
  type CollectionRequest,
  type CollectionState,
  type DirectDebitCollections,
  DirectDebitWebhookSignatureError,
  type MandateDetails,
} from './direct-debit.ts';

export interface GoCardlessConfig {
  accessToken: string;
  webhookSecret: string;
  /** GoCardless's sandbox environment unless 'live'. */
  environment: 'live' | 'sandbox';
  apiBase?: string | undefined;
}

const PAYMENT_STATES: Readonly<Record<string, CollectionState>> = {
  pending_customer_approval: 'pending_submission',
  pending_submission: 'pending_submission',
  submitted: 'submitted',
  confirmed: 'confirmed',
  paid_out: 'paid_out',
  cancelled: 'cancelled',
  customer_approval_denied: 'failed',
  failed: 'failed',
  charged_back: 'charged_back',
};

/** Payment events and what they make of the collection; other actions are ignored. */
const PAYMENT_ACTIONS: Readonly<Record<string, CollectionState>> = {
  submitted: 'submitted',
  confirmed: 'confirmed',
  paid_out: 'paid_out',
  failed: 'failed',
  customer_approval_denied: 'failed',
  charged_back: 'charged_back',
  late_failure_settled: 'charged_back',
  cancelled: 'cancelled',
};

const webhookBody = z.object({
  events: z.array(
    z.looseObject({
      id: z.string(),
      resource_type: z.string(),
      action: z.string(),
      links: z.record(z.string(), z.string()).optional(),
      details: z.looseObject({ description: z.string().optional(), reason_code: z.string().optional() }).optional(),
    }),
  ),
});

export class GoCardlessDirectDebit implements DirectDebitCollections {
  readonly name = 'gocardless' as const;
  readonly #client: GoCardlessClient;
  readonly #webhookSecret: string;

  constructor(config: GoCardlessConfig) {
    this.#client = gocardless(
      config.accessToken,
      config.environment === 'live' ? Environments.Live : Environments.Sandbox,
      {},
    );
    this.#webhookSecret = config.webhookSecret;
    if (config.apiBase) {
      const api: unknown = Reflect.get(this.#client, '_api');
      if (typeof api !== 'object' || api === null || typeof Reflect.get(api, '_baseUrl') !== 'string') {
        throw new Error(
          'This gocardless-nodejs version keeps its API base elsewhere: GOCARDLESS_API_BASE cannot be used',
        );
      }
      Reflect.set(api, '_baseUrl', config.apiBase.replace(/\/$/, ''));
    }
  }

  async createMandate(d: MandateDetails): Promise<string> {
    const key = `mandate-${d.accountNo}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const customer = await this.#client.customers.create(
      {
        given_name: d.givenName,
        family_name: d.familyName,
        company_name: d.company,
        ...(d.email ? { email: d.email } : {}),
        address_line1: d.addressLine1,
        ...(d.addressLine2 ? { address_line2: d.addressLine2 } : {}),
        city: d.city,
        postal_code: d.postalCode,
        country_code: 'GB',
        metadata: { account_no: String(d.accountNo) },
      },
      `${key}-customer`,
    );
    const bankAccount = await this.#client.customerBankAccounts.create(
      {
        account_holder_name: d.accountHolder,
        account_number: d.accountNumber,
        branch_code: d.sortCode,
        country_code: 'GB',
        links: { customer: String(customer.id) },
      },
      `${key}-bank-account`,
    );
    const mandate = await this.#client.mandates.create(
      {
        scheme: 'bacs',
        links: { customer_bank_account: String(bankAccount.id) },
        metadata: { account_no: String(d.accountNo) },
      },
      `${key}-mandate`,
    );
    if (!mandate.id) throw new Error('GoCardless answered a mandate without an id');
    return mandate.id;
  }

  async cancelMandate(mandateId: string): Promise<void> {
    try {
      await this.#client.mandates.cancel(mandateId, {});
    } catch (error) {
      // Already cancelled (or failed / expired) at GoCardless: nothing left to stop.
      if (!(error instanceof InvalidStateError)) throw error;
    }
  }

  async createCollection(r: CollectionRequest): Promise<CollectionAnswer> {
    // GoCardless refuses a charge date before the mandate's next possible one.
    const mandate = await this.#client.mandates.find(r.mandateId);
    const next = mandate.next_possible_charge_date ?? r.chargeDate;
    const chargeDate = next > r.chargeDate ? next : r.chargeDate;
    const payment = await this.#client.payments.create(
      {
        amount: r.amountPence,
        currency: 'GBP',
        charge_date: chargeDate,
        description: r.description.slice(0, 100),
        links: { mandate: r.mandateId },
        metadata: { account_no: String(r.accountNo), invoice_id: String(r.invoiceId) },
      },
      r.idempotencyKey,
    );
    if (!payment.id) throw new Error('GoCardless answered a payment without an id');
    return {
      id: payment.id,
      state: PAYMENT_STATES[String(payment.status)] ?? 'pending_submission',
      chargeDate: payment.charge_date ?? chargeDate,
    };
  }

  async cancelCollection(id: string): Promise<boolean> {
    try {
      await this.#client.payments.cancel(id, {});
      return true;
    } catch (error) {
      if (error instanceof InvalidStateError) return false;
      throw error;
    }
  }

  earliestChargeDate(today: string): string {
    return addWorkingDays(today, BACS_CYCLE_WORKING_DAYS);
  }

  parseWebhook(rawBody: string, signature: string): CollectionEvent[] {
    try {
      verifySignature(rawBody, this.#webhookSecret, signature);
    } catch {
      throw new DirectDebitWebhookSignatureError();
    }
    const body = webhookBody.parse(JSON.parse(rawBody));
    const events: CollectionEvent[] = [];
    for (const e of body.events) {
      const reason = e.details?.description ?? '';
      if (e.resource_type === 'payments' && e.links?.payment) {
        const action = PAYMENT_ACTIONS[e.action];
        if (action) events.push({ eventId: e.id, resource: 'payment', resourceId: e.links.payment, action, reason });
      } else if (e.resource_type === 'mandates' && e.links?.mandate) {
        events.push({ eventId: e.id, resource: 'mandate', resourceId: e.links.mandate, action: e.action, reason });
      }
    }
    return events;
  }
}
