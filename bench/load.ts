/**
 * The load generators of bench/throughput.bench.ts, each run in a process of its own (so the load
 * does not share the measured server's event loop): `concurrency` loops, each sending its next
 * request as soon as the last was answered, for `seconds`. Prints one JSON line: requests, errors,
 * seconds and the latencies' median and 99th percentile.
 *   node load.ts http '<json: url, headers, body>' 64 10
 *   node load.ts sql '<json: databaseUrl, statements>' 64 10
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
}

export interface HttpTarget {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** A statement as the app sent it: its text and parameters. */
export interface Statement {
  sql: string;
  parameters: readonly unknown[];
}

export interface SqlTarget {
  databaseUrl: string;
  /** The tenant's setting as the app sends it, with BEGIN in the same message (db/begin-coalescing.ts). */
  setup: string;
  /** The page's statement as the app sent it. */
  page: Statement;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** `concurrency` loops of `once` for `seconds`: what they did, and how long each took. */
async function drive(concurrency: number, seconds: number, once: () => Promise<boolean>): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      const t = performance.now();
      const ok = await once().catch(() => false);
      latencies.push(performance.now() - t);
      if (!ok) errors++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  const elapsed = (performance.now() - start) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    seconds: elapsed,
    perSecond: latencies.length / elapsed,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
  };
}

function httpLoad(target: HttpTarget, concurrency: number, seconds: number): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const url = new URL(target.url);
  const headers = {
    ...target.headers,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(target.body)),
  };
  const once = () =>
    new Promise<boolean>((resolve, reject) => {
      const req = http.request(url, { method: 'POST', agent, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200));
      });
      req.on('error', reject);
      req.end(target.body);
    });
  return drive(concurrency, seconds, once).finally(() => agent.destroy());
}

async function sqlLoad(target: SqlTarget, concurrency: number, seconds: number): Promise<LoadResult> {
  const pool = new pg.Pool({ connectionString: target.databaseUrl, max: concurrency });
  // Every connection opened before the clock starts (as the app's pool is warm).
  const clients = await Promise.all(Array.from({ length: concurrency }, () => pool.connect()));
  for (const c of clients) c.release();
  const once = async () => {
    const client = await pool.connect();
    try {
      await client.query(`begin; ${target.setup}`);
      await client.query(target.page.sql, [...target.page.parameters]);
      await client.query('commit');
      return true;
    } finally {
      client.release();
    }
  };
  try {
    return await drive(concurrency, seconds, once);
  } finally {
    await pool.end();
  }
}

if (import.meta.main) {
  const [kind, json, concurrency, seconds] = process.argv.slice(2);
  const c = Number(concurrency);
  const s = Number(seconds);
  const result =
    kind === 'http'
      ? await httpLoad(JSON.parse(json ?? '{}') as HttpTarget, c, s)
      : await sqlLoad(JSON.parse(json ?? '{}') as SqlTarget, c, s);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
