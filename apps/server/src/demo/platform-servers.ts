/**
 * The demo's own servers: one switch, one media server and one recording server, with fixed secrets
 * (README: the full stack's servers call with them). A real install adds its servers on the Platform
 * Servers page, which shows each new credential once.
 */
import type { ServerRole } from '@switchboard/domain';
import { addPlatformServer, secretMatches } from '../platform/server-routes.ts';
import type { Tenancy, Tx } from '../platform/tenancy.ts';

export const DEMO_SERVERS: ReadonlyArray<{ name: string; role: ServerRole; secret: string }> = [
  { name: 'Demo switch', role: 'switch', secret: 'DemoSwitchSecret-NotForProduction-0001' },
  { name: 'Demo media server', role: 'media', secret: 'DemoMediaSecret-NotForProduction-0001' },
  { name: 'Demo recording server', role: 'recording', secret: 'DemoRecordingSecret-NotForProduction-01' },
];

export async function seedPlatformServers(tx: Tx): Promise<void> {
  for (const server of DEMO_SERVERS) await addPlatformServer(tx, server);
}

/** The servers still calling with a demo secret (the start warns: the README publishes them). */
export async function serversWithDemoSecret(tenancy: Tenancy): Promise<string[]> {
  const rows = await tenancy.crossAccount('startup', (tx) =>
    tx.selectFrom('platform_servers').select(['name', 'secret_sha256']).where('enabled', '=', true).execute(),
  );
  return rows
    .filter((row) => DEMO_SERVERS.some((demo) => secretMatches(row.secret_sha256, demo.secret)))
    .map((row) => row.name);
}
