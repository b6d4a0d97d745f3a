/**
 * Every server area, in registration order. A new area adds one line here; everything else it
 * needs (migrations, tables, routes, destinations, references) lives in its own folder.
 */
import type { Migration } from 'kysely/migration';
import type { DB } from './db/database.ts';
import { migrate } from './db/database.ts';
import * as m001 from './db/migrations/001-foundation.ts';
import * as m007 from './db/migrations/007-teams.ts';
import * as m009 from './db/migrations/009-tenancy.ts';
import * as m010 from './db/migrations/010-sign-in-throttle.ts';
import * as m011 from './db/migrations/011-versions-dial-plan.ts';
import * as m013 from './db/migrations/013-scale-indexes.ts';
import * as m022 from './db/migrations/022-ledger.ts';
import * as m023 from './db/migrations/023-audit-log.ts';
import * as m029 from './db/migrations/029-duplicate-indexes.ts';
import * as m040 from './db/migrations/040-session-lookup.ts';
import * as m041 from './db/migrations/041-indexed-search.ts';
import * as m042 from './db/migrations/042-emergency-location-index.ts';
import * as m043 from './db/migrations/043-list-counts.ts';
import * as m044 from './db/migrations/044-search-text.ts';
import * as m047 from './db/migrations/047-list-indexes.ts';
import * as m048 from './db/migrations/048-disabled-user-sessions.ts';
import * as m052 from './db/migrations/052-seat-search-index.ts';
import * as m054 from './db/migrations/054-dial-plan-blocks.ts';
import * as m058 from './db/migrations/058-search-ids-bitmap.ts';
import * as m060 from './db/migrations/060-audit-log-counts.ts';
import * as m062 from './db/migrations/062-jobs.ts';
import * as m064 from './db/migrations/064-change-event-guard.ts';
import * as m065 from './db/migrations/065-change-consumers.ts';
import * as m066 from './db/migrations/066-row-events.ts';
import * as m067 from './db/migrations/067-tenant-money-and-grants.ts';
import * as m068 from './db/migrations/068-search-by-construction.ts';
import * as m069 from './db/migrations/069-owner-default-privileges.ts';
import * as m070 from './db/migrations/070-inbound-events.ts';
import * as m076 from './db/migrations/076-change-event-actors.ts';
import * as m090 from './db/migrations/090-account-key.ts';
import * as m091 from './db/migrations/091-account-once-per-query.ts';
import * as m095 from './db/migrations/095-platform-servers.ts';
import * as m104 from './db/migrations/104-list-count-parts.ts';
import { area as accessLists } from './features/access-lists/area.ts';
import { area as account } from './features/account/area.ts';
import { area as accountBilling } from './features/account-billing/area.ts';
import { area as audit } from './features/audit/area.ts';
import { area as bundles } from './features/bundles/area.ts';
import { area as buyNumbers } from './features/buy-numbers/area.ts';
import { area as callFlow } from './features/call-flow/area.ts';
import { area as callGroups } from './features/call-groups/area.ts';
import { area as callMonitoring } from './features/call-monitoring/area.ts';
import { area as callQueues } from './features/call-queues/area.ts';
import { area as callRecording } from './features/call-recording/area.ts';

import { area as callRecords } from './features/call-records/area.ts';
import { area as changeEvents } from './features/change-events/area.ts';
import { area as conferencing } from './features/conferencing/area.ts';
import { area as customers } from './features/customers/area.ts';
import { area as destinations } from './features/destinations/area.ts';
import { area as dialThrough } from './features/dial-through/area.ts';
import { area as directDebit } from './features/direct-debit/area.ts';
import { area as identity } from './features/identity/area.ts';
import { area as internationalAddresses } from './features/international-addresses/area.ts';
import { area as invoices } from './features/invoices/area.ts';
import { area as ivrs } from './features/ivrs/area.ts';
import { area as jobs } from './features/jobs/area.ts';
import { area as mobile } from './features/mobile/area.ts';
import { area as musicOnHold } from './features/music-on-hold/area.ts';
import { area as nts } from './features/nts/area.ts';
import { area as outboundClis } from './features/outbound-clis/area.ts';
import { area as payments } from './features/payments/area.ts';
import { area as pickupGroups } from './features/pickup-groups/area.ts';
import { area as platformServers } from './features/platform-servers/area.ts';
import { area as porting } from './features/porting/area.ts';
import { area as prompts } from './features/prompts/area.ts';
import { area as routingHealth } from './features/routing-health/area.ts';
import { area as seats } from './features/seats/area.ts';
import { area as session } from './features/session/area.ts';
import { area as sipTrunks } from './features/sip-trunks/area.ts';
import { area as sms } from './features/sms/area.ts';
import { area as support } from './features/support/area.ts';
import { area as tariff } from './features/tariff/area.ts';
import { area as teams } from './features/teams/area.ts';
import { area as telephoneNumbers } from './features/telephone-numbers/area.ts';
import { area as timeProfiles } from './features/time-profiles/area.ts';
import { area as users } from './features/users/area.ts';
import { area as voicemail } from './features/voicemail/area.ts';
import type { ServerArea } from './platform/area.ts';
import { ensureListIndexes, listIndexes } from './platform/list-indexes.ts';

export const AREAS: readonly ServerArea[] = [
  session,
  customers,
  destinations,
  accessLists,
  mobile,
  timeProfiles,
  seats,
  sipTrunks,
  sms,
  callGroups,
  callQueues,
  callRecording,
  ivrs,
  nts,
  pickupGroups,
  callMonitoring,
  dialThrough,
  conferencing,
  telephoneNumbers,
  outboundClis,
  platformServers,
  callRecords,
  buyNumbers,
  internationalAddresses,
  teams,
  // After the areas whose records use music and prompts: their 'used in' counts are made from their references.
  musicOnHold,
  prompts,
  users,
  audit,
  accountBilling,
  // Account details' delete, registration, set-password links (issue 13).
  account,
  invoices,
  payments,
  bundles,
  directDebit,
  identity,
  porting,
  support,
  jobs,
  changeEvents,
  tariff,
  voicemail,
  // The trace reads the routing areas' lists (modules/routing).
  callFlow,
  // The lint reads them too, and checks the routing areas' writes (platform/routing-writes.ts).
  routingHealth,
];

/** The platform's own migrations (accounts and users, Teams tenants, row-level security). */
const PLATFORM_MIGRATIONS: Record<string, Migration> = {
  '001-foundation': m001,
  '007-teams': m007,
  '009-tenancy': m009,
  '010-sign-in-throttle': m010,
  '011-versions-dial-plan': m011,
  '013-scale-indexes': m013,
  '023-audit-log': m023,
  '022-ledger': m022,
  '029-duplicate-indexes': m029,
  '040-session-lookup': m040,
  '041-indexed-search': m041,
  '042-emergency-location-index': m042,
  '043-list-counts': m043,
  '044-search-text': m044,
  '047-list-indexes': m047,
  '048-disabled-user-sessions': m048,
  '052-seat-search-index': m052,
  '054-dial-plan-blocks': m054,
  '058-search-ids-bitmap': m058,
  '060-audit-log-counts': m060,
  '062-jobs': m062,
  '064-change-event-guard': m064,
  '065-change-consumers': m065,
  '066-row-events': m066,
  '067-tenant-money-and-grants': m067,
  '068-search-by-construction': m068,
  '069-owner-default-privileges': m069,
  '070-inbound-events': m070,
  '076-change-event-actors': m076,
  '090-account-key': m090,
  '091-account-once-per-query': m091,
  '095-platform-servers': m095,
  '104-list-count-parts': m104,
};

/** Every migration, platform's and areas', by name (the Migrator runs them in name order). */
export function allMigrations(): Record<string, Migration> {
  const all: Record<string, Migration> = { ...PLATFORM_MIGRATIONS };
  for (const area of AREAS) {
    for (const [name, migration] of Object.entries(area.migrations ?? {})) {
      if (name in all) throw new Error(`Migration ${name} is declared twice (area ${area.name})`);
      all[name] = migration;
    }
  }
  return all;
}

/** Every area's lists (their field maps), as their areas declare them. */
export const declaredLists = () => AREAS.flatMap((area) => area.lists ?? []);

/** Migrates `db` to the latest of every area's migrations, then creates the lists' declared indexes. */
export async function migrateAll(db: DB): Promise<void> {
  await migrate(db, allMigrations());
  await ensureListIndexes(db, listIndexes(declaredLists()));
}
