/**
 * Direct Debit collections (spec 1 §9: "Direct debit changes take 3 working days; collection is
 * usually 3 days before the due date"): a DD bureau that holds the account's mandate and collects
 * an amount from it on a charge date through Bacs.
 *
 * - The **sandbox** (default) behaves like Bacs through a bureau, its state in the database (a
 *   restart loses nothing): a collection is `pending_submission` until it is submitted to Bacs two
 *   working days before its charge date (`submitted`), is `confirmed` the working day after the
 *   charge date when the payer's bank returned nothing (no ARUDD) and `paid_out` the working day
 *   after that — or `failed` on that day with the ARUDD's reason for the sandbox's failing accounts
 *   (SANDBOX_DD_ACCOUNTS): 55500011 'refer to payer', 55500022 'instruction cancelled' (and its
 *   mandate cancelled), 55500033 collected and then charged back (an indemnity claim) three working
 *   days after it was paid out.
 * - **GoCardless** (gocardless.ts) when GOCARDLESS_ACCESS_TOKEN and GOCARDLESS_WEBHOOK_SECRET are
 *   set: the mandate is created at GoCardless, collections are its payments, results arrive by its
 *   signed webhooks.
 *
 * Both answer events of one shape; the billing module's direct-debit/collections.ts applies them.
 */
import { randomBytes } from 'node:crypto';
import { addWorkingDays } from '@switchboard/domain';
import { sql } from 'kysely';
import { ProviderUnavailableError } from '../../platform/provider-modes.ts';
import type { Tenancy, Tx } from '../../platform/tenancy.ts';

export type CollectionState =
  | 'pending_submission'
  | 'submitted'
  | 'confirmed'
  | 'paid_out'
  | 'failed'
  | 'charged_back'
  | 'cancelled';

export interface MandateDetails {
  accountNo: number;
  givenName: string;
  familyName: string;
  company: string;
  email: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  postalCode: string;
  accountHolder: string;
  sortCode: string;
  accountNumber: string;
}

export interface CollectionRequest {
  mandateId: string;
  amountPence: number;
  /** 'YYYY-MM-DD', a Bacs working day no earlier than earliestChargeDate(). */
  chargeDate: string;
  description: string;
  /** The same key answers the same collection: a retry never collects twice. */
  idempotencyKey: string;
  accountNo: number;
  invoiceId: number;
}

export interface CollectionAnswer {
  id: string;
  state: CollectionState;
  chargeDate: string;
}

/** What became of a collection or a mandate (a webhook's event, or the sandbox bureau's). */
export interface CollectionEvent {
  eventId: string;
  resource: 'payment' | 'mandate';
  resourceId: string;
  /** payment: a CollectionState; mandate: 'cancelled' | 'failed' | 'expired' | 'blocked' | ... */
  action: string;
  /** The bank's reason (ARUDD / chargeback), '' when none. */
  reason: string;
}

export class DirectDebitWebhookSignatureError extends Error {
  constructor() {
    super('The webhook signature does not match');
  }
}

export interface DirectDebitCollections {
  readonly name: 'sandbox' | 'gocardless' | 'unavailable';
  /** Creates the mandate at the bureau; answers its id. */
  createMandate(details: MandateDetails): Promise<string>;
  /** Cancels a mandate (replaced): its collections not yet submitted are cancelled with it. */
  cancelMandate(mandateId: string): Promise<void>;
  createCollection(request: CollectionRequest): Promise<CollectionAnswer>;
  /** Cancels a collection not yet submitted to Bacs; false when it is too late (submitted or done). */
  cancelCollection(id: string): Promise<boolean>;
  /** The earliest charge date of a collection created `today` (the Bacs cycle: 3 working days). */
  earliestChargeDate(today: string): string;
  /** The events of a signed webhook; throws DirectDebitWebhookSignatureError when not signed by the bureau. */
  parseWebhook(rawBody: string, signature: string): CollectionEvent[];
  /** Sandbox only: the bureau's day `today` in the collection run's transaction; answers what happened. */
  advance?(tx: Tx, today: string): Promise<CollectionEvent[]>;
}

/**
 * No bureau (not configured, sandboxes off): no mandate is made and nothing is collected (the
 * collection run finds no mandate of this bureau); a webhook is refused.
 */
export class UnavailableDirectDebit implements DirectDebitCollections {
  readonly name = 'unavailable' as const;
  async createMandate(): Promise<string> {
    throw new ProviderUnavailableError('directDebit');
  }
  async cancelMandate(): Promise<void> {
    throw new ProviderUnavailableError('directDebit');
  }
  async createCollection(): Promise<CollectionAnswer> {
    throw new ProviderUnavailableError('directDebit');
  }
  async cancelCollection(): Promise<boolean> {
    throw new ProviderUnavailableError('directDebit');
  }
  earliestChargeDate(): string {
    throw new ProviderUnavailableError('directDebit');
  }
  parseWebhook(): CollectionEvent[] {
    throw new ProviderUnavailableError('directDebit');
  }
}

/** Working days from creating a collection to its earliest charge date (Bacs: input, processing, debit). */
export const BACS_CYCLE_WORKING_DAYS = 3;

/** The sandbox's failing bank accounts (any sort code the bank check accepts, e.g. 20-00-00). */
export const SANDBOX_DD_ACCOUNTS = {
  '55500011': { outcome: 'failed', reason: 'refer to payer (ARUDD 0)' },
  '55500022': { outcome: 'failed', reason: 'instruction cancelled (ARUDD 1)' },
  '55500033': { outcome: 'charged_back', reason: 'indemnity claim (DDICA)' },
} as const;

type SandboxOutcome = 'paid' | 'failed' | 'charged_back';

const id = (prefix: string) => `${prefix}${randomBytes(7).toString('hex').toUpperCase()}`;

interface SandboxPaymentRow {
  id: string;
  mandate_id: string;
  status: CollectionState;
  charge_date: string;
  outcome: SandboxOutcome;
  reason: string;
}

/** The sandbox bureau: mandates and collections in its own tables, moved on by advance(). */
export class SandboxDirectDebit implements DirectDebitCollections {
  readonly name = 'sandbox' as const;
  readonly #tenancy: Tenancy;

  constructor(tenancy: Tenancy) {
    this.#tenancy = tenancy;
  }

  async createMandate(d: MandateDetails): Promise<string> {
    const failing = SANDBOX_DD_ACCOUNTS[d.accountNumber as keyof typeof SANDBOX_DD_ACCOUNTS];
    const mandateId = id('SBMD');
    await this.#tenancy.crossAccount('direct-debit', (tx) =>
      sql`insert into direct_debit_sandbox_mandates (id, account_no, outcome, reason)
        values (${mandateId}, ${d.accountNo}, ${failing?.outcome ?? 'paid'}, ${failing?.reason ?? ''})`.execute(tx),
    );
    return mandateId;
  }

  async cancelMandate(mandateId: string): Promise<void> {
    await this.#tenancy.crossAccount('direct-debit', async (tx) => {
      await sql`update direct_debit_sandbox_mandates set status = 'cancelled' where id = ${mandateId}`.execute(tx);
      await sql`update direct_debit_sandbox_payments set status = 'cancelled', reason = 'mandate cancelled',
          updated = true
        where mandate_id = ${mandateId} and status = 'pending_submission'`.execute(tx);
    });
  }

  async createCollection(r: CollectionRequest): Promise<CollectionAnswer> {
    if (r.chargeDate < this.earliestChargeDate(londonDate())) {
      throw new Error(`charge_date ${r.chargeDate} is before the earliest possible charge date`);
    }
    return this.#tenancy.crossAccount('direct-debit', async (tx) => {
      const { rows: mandates } = await sql<{ status: string }>`
        select status from direct_debit_sandbox_mandates where id = ${r.mandateId}`.execute(tx);
      const mandate = mandates[0];
      if (!mandate) throw new Error(`No sandbox mandate ${r.mandateId}`);
      if (mandate.status !== 'active') throw new Error(`The mandate ${r.mandateId} is ${mandate.status}`);
      await sql`insert into direct_debit_sandbox_payments
          (id, account_no, mandate_id, amount_pence, charge_date, idempotency_key)
        values (${id('SBPM')}, ${r.accountNo}, ${r.mandateId}, ${r.amountPence}, ${r.chargeDate}::date,
          ${r.idempotencyKey})
        on conflict (idempotency_key) do nothing`.execute(tx);
      const { rows } = await sql<{ id: string; status: CollectionState; charge_date: string }>`
        select id, status, to_char(charge_date, 'YYYY-MM-DD') as charge_date
        from direct_debit_sandbox_payments where idempotency_key = ${r.idempotencyKey}`.execute(tx);
      const row = rows[0];
      if (!row) throw new Error('The sandbox collection was not recorded');
      return { id: row.id, state: row.status, chargeDate: row.charge_date };
    });
  }

  async cancelCollection(paymentId: string): Promise<boolean> {
    return this.#tenancy.crossAccount('direct-debit', async (tx) => {
      const { rows } = await sql<{ status: string }>`
        update direct_debit_sandbox_payments set status = 'cancelled', reason = 'cancelled by the creditor'
        where id = ${paymentId} and status in ('pending_submission', 'cancelled')
        returning status`.execute(tx);
      return rows.length > 0;
    });
  }

  earliestChargeDate(today: string): string {
    return addWorkingDays(today, BACS_CYCLE_WORKING_DAYS);
  }

  parseWebhook(): CollectionEvent[] {
    // The sandbox bureau sends no webhooks: its events come from advance().
    throw new DirectDebitWebhookSignatureError();
  }

  async advance(tx: Tx, today: string): Promise<CollectionEvent[]> {
    const events: CollectionEvent[] = [];
    const { rows: cancelled } = await sql<{ id: string; reason: string }>`
      update direct_debit_sandbox_payments set updated = false where updated and status = 'cancelled'
      returning id, reason`.execute(tx);
    for (const c of cancelled) {
      events.push({
        eventId: `${c.id}:cancelled`,
        resource: 'payment',
        resourceId: c.id,
        action: 'cancelled',
        reason: c.reason,
      });
    }
    const { rows } = await sql<SandboxPaymentRow>`
      select p.id, p.mandate_id, p.status, to_char(p.charge_date, 'YYYY-MM-DD') as charge_date, m.outcome, m.reason
      from direct_debit_sandbox_payments p join direct_debit_sandbox_mandates m on m.id = p.mandate_id
      where p.status in ('pending_submission', 'submitted', 'confirmed', 'paid_out')
      order by p.charge_date, p.id
      for update of p`.execute(tx);
    for (const p of rows) {
      let status = p.status;
      const move = async (to: CollectionState, reason = '') => {
        status = to;
        await sql`update direct_debit_sandbox_payments set status = ${to}, reason = ${reason} where id = ${p.id}`.execute(
          tx,
        );
        events.push({ eventId: `${p.id}:${to}`, resource: 'payment', resourceId: p.id, action: to, reason });
      };
      if (status === 'pending_submission' && addWorkingDays(p.charge_date, -2) <= today) await move('submitted');
      if (status === 'submitted' && addWorkingDays(p.charge_date, 1) <= today) {
        if (p.outcome === 'failed') {
          await move('failed', p.reason);
          if (p.reason.startsWith('instruction cancelled')) {
            await sql`update direct_debit_sandbox_mandates set status = 'cancelled' where id = ${p.mandate_id}`.execute(
              tx,
            );
            events.push({
              eventId: `${p.mandate_id}:cancelled`,
              resource: 'mandate',
              resourceId: p.mandate_id,
              action: 'cancelled',
              reason: p.reason,
            });
          }
        } else await move('confirmed');
      }
      if (status === 'confirmed' && addWorkingDays(p.charge_date, 2) <= today) await move('paid_out');
      if (status === 'paid_out' && p.outcome === 'charged_back' && addWorkingDays(p.charge_date, 5) <= today) {
        await move('charged_back', p.reason);
      }
    }
    return events;
  }
}

/** Today in London, 'YYYY-MM-DD'. */
function londonDate(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now);
}
