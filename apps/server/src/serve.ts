/** Builds the app on the configured database and listens (main.ts loads this after turning on the compile cache). */
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { describeDatabase } from './db/database.ts';
import { serversWithDemoSecret } from './demo/platform-servers.ts';
import { usersWithDemoPassword } from './demo/seed.ts';

const config = loadConfig();
// A server that must not serve (a privileged database login, db/logins.ts) says why in one line.
const app = await buildApp(config).catch((error: unknown) => {
  console.error(`[switchboard] not starting: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

// Graceful shutdown: stop taking connections, let the requests in flight finish, then exit (a
// request stuck past the grace period does not keep the process alive).
let closing = false;
const close = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: finishing the requests in flight`);
  const force = setTimeout(() => process.exit(1), 25_000);
  force.unref();
  await app.close();
  process.exit(0);
};
process.on('SIGINT', () => void close('SIGINT'));
process.on('SIGTERM', () => void close('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Switchboard on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (${describeDatabase(config.databaseUrl, config.dataDir)})`,
);
const demo = await usersWithDemoPassword(app.platform.tenancy);
if (demo.length > 0) {
  app.log.warn(
    `DEMO PASSWORD IN USE for ${demo.join(', ')}: anyone who has read the README can sign in as them. Change or remove these users before this panel holds real accounts.`,
  );
}
const demoServers = await serversWithDemoSecret(app.platform.tenancy);
if (demoServers.length > 0) {
  app.log.warn(
    `DEMO SERVER SECRET IN USE for ${demoServers.join(', ')}: anyone who has read the README can send call records, voicemail or recordings as them. Give each a new credential on Platform Servers, or delete it, before this panel holds real accounts.`,
  );
}
