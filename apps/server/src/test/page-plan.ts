/**
 * What a list's page statement reads (tests of stored, indexed list columns): the statement the app
 * sent for one request, explained in a tenant transaction, and the tables its init plans (the page's
 * ids and its total) read.
 */
import { CompiledQuery } from 'kysely';
import type { TestContext } from './harness.ts';

type Plan = { 'Parent Relationship'?: string; 'Relation Name'?: string; Plans?: Plan[] };
const walk = (plan: Plan): Plan[] => [plan, ...(plan.Plans ?? []).flatMap(walk)];

/**
 * The tables (but the kept counts, list_counts) that the init plans of the page statement `request`
 * makes read; `undefined` when the statement has no init plan.
 */
export async function pageReads(
  t: TestContext,
  account: number,
  request: () => Promise<unknown>,
): Promise<string[] | undefined> {
  const sent = await t.statements(request);
  const page = sent.find((q) => q.sql.includes('"__total"'));
  if (!page) throw new Error('no page statement');
  const plan = await t.app.platform.tenancy.tenant(account, async (tx) => {
    const explained = await tx.executeQuery<{ 'QUERY PLAN': Array<{ Plan: Plan }> }>(
      CompiledQuery.raw(`explain (format json) ${page.sql}`, [...page.parameters]),
    );
    return explained.rows[0]?.['QUERY PLAN'][0]?.Plan as Plan;
  });
  const initPlans = (plan.Plans ?? []).filter((p) => p['Parent Relationship'] === 'InitPlan');
  if (initPlans.length === 0) return undefined;
  const read = new Set(initPlans.flatMap(walk).flatMap((p) => (p['Relation Name'] ? [p['Relation Name']] : [])));
  return [...read].filter((r) => r !== 'list_counts');
}
