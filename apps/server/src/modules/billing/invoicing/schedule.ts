/**
 * The scheduled billing run: the `billing-run` job checks hourly whether a completed month has not
 * been billed, and bills it — the month just ended on the 1st, and any
 * month missed while no server ran (up to 12 back from the last one finished). Single runner:
 * a period is claimed by a `billing_runs` row (a lease of an hour, so a run that died is taken up
 * again), and the run itself is idempotent, so a second server at worst finds every invoice issued.
 */
import { sql } from 'kysely';
import { type JobDefinition, type JobLog, job } from '../../../platform/jobs.ts';
import type { Tenancy, Tx } from '../../../platform/tenancy.ts';
import { lastCompletePeriod, periodsUpTo } from '../billing-periods.ts';
import { type BillingRunResult, runBilling } from './billing-run.ts';
import './tables.ts';

const LEASE = sql`interval '1 hour'`;

/** The periods the schedule should bill now: after the last finished run, up to the last complete month. */
export async function duePeriods(tenancy: Tenancy, now = new Date()): Promise<string[]> {
  const last = lastCompletePeriod(now);
  const done = await tenancy.crossAccount('billing', (tx) =>
    tx
      .selectFrom('billing_runs')
      .select('period')
      .where('finished_at', 'is not', null)
      .where('period', '<=', last)
      .orderBy('period', 'desc')
      .limit(1)
      .executeTakeFirst(),
  );
  const window = periodsUpTo(last, 12);
  // Never run before: only the month just ended (history is not billed retroactively by the job).
  if (!done) return [last];
  return window.filter((p) => p > done.period);
}

/** Records `periods` as billed already (a history seeded by hand), so the schedule leaves them be. */
export async function recordBilled(tx: Tx, periods: readonly string[]): Promise<void> {
  await tx
    .insertInto('billing_runs')
    .values(periods.map((period) => ({ period, finished_at: new Date(), issued: 1, failed: 0 })))
    .onConflict((oc) => oc.column('period').doNothing())
    .execute();
}

/** Claims `period` for this process; false when another holds a live claim or finished it. */
export async function claimPeriod(tenancy: Tenancy, period: string): Promise<boolean> {
  const row = await tenancy.crossAccount('billing', (tx) =>
    tx
      .insertInto('billing_runs')
      .values({ period, finished_at: null })
      .onConflict((oc) =>
        oc
          .column('period')
          .doUpdateSet({ started_at: sql`now()` })
          .where('billing_runs.finished_at', 'is', null)
          .where(sql<boolean>`billing_runs.started_at < now() - ${LEASE}`),
      )
      .returning('period')
      .executeTakeFirst(),
  );
  return row !== undefined;
}

/** Bills every due period this process can claim; answers what it ran. */
export async function runDueBilling(tenancy: Tenancy, now = new Date()): Promise<BillingRunResult[]> {
  const results: BillingRunResult[] = [];
  for (const period of await duePeriods(tenancy, now)) {
    if (!(await claimPeriod(tenancy, period))) continue;
    const result = await runBilling({ tenancy }, { period, now });
    await tenancy.crossAccount('billing', (tx) =>
      tx
        .updateTable('billing_runs')
        .set({
          // A run with failures stays unfinished: the next check (after the lease) tries again.
          finished_at: result.failed.length === 0 ? new Date() : null,
          issued: result.issued.length,
          failed: result.failed.length,
        })
        .where('period', '=', period)
        .execute(),
    );
    results.push(result);
  }
  return results;
}

/**
 * The hourly check on the job queue (once across processes). A run whose accounts failed fails
 * with them (kept on the Jobs page, not retried: its period stays claimed for the lease's hour,
 * and the next hour's check bills what is still due).
 */
export function billingRunJob(tenancy: Tenancy, log: JobLog): JobDefinition {
  return job(
    'billing-run',
    async () => {
      const failures: string[] = [];
      for (const r of await runDueBilling(tenancy)) {
        log.info(
          `billing run ${r.period}: ${r.issued.length} issued, ${r.existing} already issued, ${r.noCharges} without charges, ${r.failed.length} failed`,
        );
        for (const f of r.failed) failures.push(`billing ${r.period} account ${f.accountNo}: ${f.error}`);
      }
      if (failures.length > 0) throw new Error(failures.join('; '));
    },
    { schedule: '7 * * * *', singleton: true, retry: 0 },
  );
}
