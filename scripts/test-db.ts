/**
 * Creates or drops the throw-away PostgreSQL database of a CI run.
 *   node scripts/test-db.ts create <admin-url>   prints the new database's URL, or nothing when no server answers
 *   node scripts/test-db.ts drop <url>
 */
import crypto from 'node:crypto';
import pg from 'pg';

const [command, url] = process.argv.slice(2);
if (!command || !url) {
  console.error('usage: test-db.ts create|drop <url>');
  process.exit(2);
}

if (command === 'create') {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch {
    process.exit(0); // no server: the caller prints the notice
  }
  const name = `sb_ci_${crypto.randomBytes(5).toString('hex')}`;
  await client.query(`create database ${name}`);
  await client.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  console.log(target.toString());
} else if (command === 'drop') {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^sb_ci_[0-9a-f]{10}$/.test(name)) throw new Error(`refusing to drop ${name}`);
  target.pathname = '/postgres';
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.end();
}
