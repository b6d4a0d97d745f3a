/**
 * The billing run as a command: bills one completed month over every billable account.
 *
 *   npm run billing:run -w @switchboard/server -- --period 2026-10
 *
 * Without --period: the month just ended. Idempotent: a month billed already issues nothing new.
 * Uses the server's configuration (MIGRATION_DATABASE_URL, else DATABASE_URL, or the embedded database in DATA_DIR); the running
 * server's own schedule does the same on the 1st of each month.
 */
import { parseArgs } from 'node:util';
import { formatPence } from '@switchboard/domain';
import { migrateAll } from './areas.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { lastCompletePeriod, runBilling } from './modules/billing/index.ts';
import { createTenancy } from './platform/tenancy.ts';

const { values } = parseArgs({ options: { period: { type: 'string' } } });
const period = values.period ?? lastCompletePeriod();
const config = loadConfig();
// An operator's command: it migrates and bills as the owner (MIGRATION_DATABASE_URL), switching to
// the cross-account role for the run as the server's cross-account login would.
const handle = await openDatabase({
  databaseUrl: config.migrationDatabaseUrl ?? config.databaseUrl,
  dataDir: config.dataDir,
  sharedBuffers: config.pgliteSharedBuffers,
  statementTimeoutMs: config.dbStatementTimeoutMs,
  connectTimeoutMs: config.dbConnectTimeoutMs,
});
let code = 0;
try {
  await migrateAll(handle.db);
  const result = await runBilling({ tenancy: createTenancy(handle.db) }, { period });
  for (const i of result.issued)
    console.log(`issued ${i.invoiceNo} to account ${i.accountNo}: ${formatPence(i.totalPence)}`);
  for (const f of result.failed) console.error(`FAILED account ${f.accountNo}: ${f.error}`);
  console.log(
    `billing ${result.period}: ${result.issued.length} issued, ${result.existing} already issued, ${result.noCharges} without charges, ${result.failed.length} failed`,
  );
  if (result.failed.length > 0) code = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  code = 1;
} finally {
  await handle.close();
}
process.exit(code);
