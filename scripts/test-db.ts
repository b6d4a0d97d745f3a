/**
 * The throw-away PostgreSQL database of a CI run (.ci/run).
 *   node scripts/test-db.ts wait <admin-url> [seconds]   exit 0 once the server answers, 1 if it does not within the time (default 0: one try)
 *   node scripts/test-db.ts create <admin-url>           prints the new database's URL (fails when no server answers)
 *   node scripts/test-db.ts drop <url>
 */
import crypto from 'node:crypto';
import pg from 'pg';

const [command, url, seconds] = process.argv.slice(2);
if (!command || !url || !['wait', 'create', 'drop'].includes(command)) {
  console.error('usage: test-db.ts wait <admin-url> [seconds] | create <admin-url> | drop <url>');
  process.exit(2);
}

/** Where the server is, for messages (no password). */
function where(u: string): string {
  const parsed = new URL(u);
  return `${parsed.hostname}:${parsed.port || '5432'}`;
}

async function connect(u: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: u, connectionTimeoutMillis: 3000 });
  await client.connect();
  return client;
}

if (command === 'wait') {
  const until = Date.now() + Number(seconds ?? 0) * 1000;
  let last = '';
  for (;;) {
    try {
      const client = await connect(url);
      await client.query('select 1');
      await client.end();
      process.exit(0);
    } catch (error) {
      last = (error as Error).message || String(error);
    }
    if (Date.now() >= until) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  console.error(`PostgreSQL at ${where(url)} does not answer: ${last}`);
  process.exit(1);
} else if (command === 'create') {
  const client = await connect(url);
  const name = `sb_ci_${crypto.randomBytes(5).toString('hex')}`;
  await client.query(`create database ${name}`);
  await client.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  console.log(target.toString());
} else {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^sb_ci_[0-9a-f]{10}$/.test(name)) throw new Error(`refusing to drop ${name}`);
  target.pathname = '/postgres';
  const client = await connect(target.toString());
  await client.query(`drop database if exists ${name} with (force)`);
  await client.end();
}
