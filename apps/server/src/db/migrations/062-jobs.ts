import { type Kysely, sql } from 'kysely';
import { getConstructionPlans } from 'pg-boss';

/** platform/jobs.ts's JOBS_SCHEMA (a migration keeps its own copy: it is history). */
const JOBS_SCHEMA = 'pgboss';

import { CROSS_ACCOUNT_ROLE, run, TENANT_ROLE } from '../tenancy-sql.ts';

/**
 * The job queue's schema (issue 26 item 3, platform/jobs.ts): pg-boss's own tables and functions,
 * installed here by the owner rather than by the server at start (the server's login need not
 * create schemas). pg-boss's plan is one text of many statements wrapped in BEGIN / COMMIT; here it
 * runs inside the migration's transaction, as one dynamic EXECUTE (PGlite's prepared statements
 * take one command each). A later pg-boss whose schema version differs needs a migration of ours
 * running `getMigrationPlans(JOBS_SCHEMA, version)`: the server refuses to start on another version.
 *
 * Enqueuing inside a request's transaction runs as the tenant or the cross-account role: they may
 * add a job to the shared job table and read its id back, and read the queues' settings; they
 * cannot read or change anyone's jobs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const plan = getConstructionPlans(JOBS_SCHEMA).trim();
  if (!plan.startsWith('BEGIN;') || !plan.endsWith('COMMIT;') || plan.includes('$jobs_plan$')) {
    throw new Error("pg-boss's construction plan is not in the shape this migration expects");
  }
  const body = plan.slice('BEGIN;'.length, -'COMMIT;'.length);
  await sql.raw(`do $jobs_install$ begin execute $jobs_plan$${body}$jobs_plan$; end $jobs_install$`).execute(db);
  const roles = `${TENANT_ROLE}, ${CROSS_ACCOUNT_ROLE}`;
  await run(
    db,
    `grant usage on schema ${JOBS_SCHEMA} to ${roles}`,
    `grant select on ${JOBS_SCHEMA}.queue to ${roles}`,
    `grant insert, select (id) on ${JOBS_SCHEMA}.job_common to ${roles}`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`drop schema ${JOBS_SCHEMA} cascade`).execute(db);
}
