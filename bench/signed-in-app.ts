/** The app the benchmarks time: the real server on a benchmark's database, signed in as the demo's retail user. */
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { DatabaseHandle } from '../apps/server/src/db/database.ts';
import { DEMO_PASSWORD } from '../apps/server/src/demo/seed.ts';

/** The app (quiet, no web files) and the headers of a session of the demo account 30000's retail user. */
export async function signedInApp(database: DatabaseHandle) {
  // A benchmark's database is its superuser's (the development override: one login does everything).
  const config = { logLevel: 'silent', webDist: undefined, sandboxProviders: true, allowPrivilegedDatabaseLogin: true };
  const app = await buildApp(loadConfig({}, config), {
    database,
    logger: false,
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/users/auth/login',
    payload: { username: 'retail', password: DEMO_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`sign-in: ${login.statusCode} ${login.body}`);
  return { app, headers: { authorization: `Bearer ${login.json().token}` } };
}
