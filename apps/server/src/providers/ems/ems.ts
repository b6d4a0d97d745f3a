/**
 * The emergency-services address registry (the 999 / 112 database the provider keeps each
 * number's address in). An update is a submission the registry answers later: accepted (code 0)
 * or rejected with a code and a message. Until it answers, the number's address is pending and
 * cannot be edited (spec 2 §4, spec 3 §4).
 *
 * The sandbox is the default: it queues submissions in the database (so any API process may
 * answer them), and a short timer decides the ones older than `delayMs`, deterministically:
 * - a postcode that is not a UK postcode: 33; no premises: 37; no name: 40;
 * - the test postcodes of SANDBOX_EMS_POSTCODES give their code (ZZ1 1AD: 39, ZZ1 1AF: 2...);
 * - anything else is accepted.
 * `settle()` decides every open submission at once (tests).
 */
import { PATTERNS } from '@switchboard/domain';
import { sql } from 'kysely';
import { ProviderUnavailableError } from '../../platform/provider-modes.ts';
import type { Tenancy, Tx } from '../../platform/tenancy.ts';

export interface EmsAddressData {
  title: string;
  forename: string;
  name: string;
  businessSuffix: string;
  premises: string;
  thoroughfare: string;
  locality: string;
  postcode: string;
}

export interface EmsSubmission {
  accountNo: number;
  number: string;
  address: EmsAddressData;
}

export interface EmsResult {
  accountNo: number;
  number: string;
  /** 0 accepted; any other code is a rejection. */
  code: number;
  message: string;
}

/** Applies an answer (the registry's callback), inside the transaction that records it. */
export type EmsResultHandler = (tx: Tx, result: EmsResult) => Promise<void>;

export interface EmergencyRegistry {
  /** There is no real registry integrated yet: the sandbox, or none. */
  readonly kind: 'sandbox' | 'unavailable';
  /** Queues an update as part of the caller's change (its tenant transaction). */
  submit(tx: Tx, submission: EmsSubmission): Promise<void>;
  /** Registers the callback answers are delivered to. */
  onResult(handler: EmsResultHandler): void;
  /** Answers the submissions that are due; returns how many. */
  process(now?: Date): Promise<number>;
  /** Answers every open submission now; returns how many. */
  settle(): Promise<number>;
  /** Runs `process` every interval until the returned stop function is called. */
  start(intervalMs?: number): () => void;
}

/** The sandbox's test postcodes and the answer each one gets. */
export const SANDBOX_EMS_POSTCODES: Readonly<Record<string, { code: number; message: string }>> = {
  'ZZ1 1AA': { code: 33, message: 'Postcode not recognised by the registry' },
  'ZZ1 1AB': { code: 37, message: 'Premises not recognised at the postcode' },
  'ZZ1 1AC': { code: 38, message: 'Locality does not match the postcode' },
  'ZZ1 1AD': { code: 39, message: 'Thoroughfare not recognised for the postcode' },
  'ZZ1 1AE': { code: 56, message: 'Address already held for another customer' },
  'ZZ1 1AF': { code: 2, message: 'Record rejected: malformed submission' },
  'ZZ1 1AG': { code: 73, message: 'Number not active on the network' },
};

/** '  b12jr ' -> 'B1 2JR': upper case with one space before the inward code. */
export function normalisePostcode(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

/** The sandbox's answer to an address. */
export function sandboxDecision(address: EmsAddressData): { code: number; message: string } {
  const postcode = normalisePostcode(address.postcode);
  if (!PATTERNS.ukPostcode.pattern.test(postcode))
    return { code: 33, message: 'Postcode not recognised by the registry' };
  if (address.premises.trim() === '') return { code: 37, message: 'Premises not recognised at the postcode' };
  if (address.name.trim() === '') return { code: 40, message: 'Name missing from the record' };
  return SANDBOX_EMS_POSTCODES[postcode] ?? { code: 0, message: '' };
}

export class SandboxEmsRegistry implements EmergencyRegistry {
  readonly kind = 'sandbox' as const;
  readonly #tenancy: Tenancy;
  readonly #delayMs: number;
  readonly #handlers: EmsResultHandler[] = [];

  constructor(tenancy: Tenancy, options: { delayMs?: number } = {}) {
    this.#tenancy = tenancy;
    this.#delayMs = options.delayMs ?? Number(process.env.EMS_SANDBOX_DELAY_MS ?? 2000);
  }

  async submit(tx: Tx, submission: EmsSubmission): Promise<void> {
    await tx
      .insertInto('ems_submissions')
      .values({
        account_no: submission.accountNo,
        number: submission.number,
        address: JSON.stringify(submission.address),
      })
      .execute();
  }

  onResult(handler: EmsResultHandler): void {
    this.#handlers.push(handler);
  }

  process(now = new Date()): Promise<number> {
    return this.#decide(new Date(now.getTime() - this.#delayMs));
  }

  settle(): Promise<number> {
    return this.#decide(null);
  }

  start(intervalMs = 1000): () => void {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      this.process()
        .catch(() => undefined)
        .finally(() => {
          running = false;
        });
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** Decides the open submissions made before `before` (all when null), each in its transaction. */
  async #decide(before: Date | null): Promise<number> {
    let decided = 0;
    for (;;) {
      // The registry answers for any account: the escape hatch, one submission per transaction.
      const done = await this.#tenancy.crossAccount('provider-callback', async (trx) => {
        let query = trx
          .selectFrom('ems_submissions')
          .select(['id', 'account_no', 'number', 'address'])
          .where('decided_at', 'is', null)
          .orderBy('id')
          .limit(1);
        if (before) query = query.where('submitted_at', '<=', before);
        const row = await query.forUpdate().skipLocked().executeTakeFirst();
        if (!row) return false;
        const raw = row.address;
        const address = (typeof raw === 'string' ? JSON.parse(raw) : raw) as EmsAddressData;
        const { code, message } = sandboxDecision(address);
        await trx
          .updateTable('ems_submissions')
          .set({ decided_at: sql<Date>`now()`, code, message })
          .where('id', '=', row.id)
          .execute();
        for (const handler of this.#handlers) {
          await handler(trx, { accountNo: row.account_no, number: row.number, code, message });
        }
        return true;
      });
      if (!done) return decided;
      decided++;
    }
  }
}

/**
 * No registry (sandboxes off; no real one is integrated yet): an emergency address is never said
 * to be submitted or accepted — its update is refused, and nothing is pending to answer.
 */
export class UnavailableEmsRegistry implements EmergencyRegistry {
  readonly kind = 'unavailable' as const;
  async submit(): Promise<void> {
    throw new ProviderUnavailableError('ems');
  }
  onResult(): void {}
  async process(): Promise<number> {
    return 0;
  }
  async settle(): Promise<number> {
    return 0;
  }
  start(): () => void {
    return () => undefined;
  }
}
