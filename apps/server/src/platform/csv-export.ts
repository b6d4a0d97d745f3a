/**
 * Large exports streamed (issue 28: a month of call records, 1,000,000 rows in a few MB of memory):
 * the rows read from a database cursor a batch at a time, in the request's own transaction, and
 * written as CSV (csv-stringify) as they come — the client's pace holds the next batch back, so
 * neither the rows nor the file are ever whole in memory.
 */

import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { type Compilable, CompiledQuery } from 'kysely';
import type { Tx } from './tenancy.ts';

/** Rows a cursor fetch reads at a time. */
export const CURSOR_BATCH = 2000;

/**
 * The rows of `query` in batches, read from a cursor (`declare … no scroll cursor` and `fetch`) in
 * the transaction `tx`, which must stay open while they are read. The cursor is closed at the end,
 * or when the reader stops early.
 */
export async function* cursorBatches<R>(tx: Tx, query: Compilable<unknown>, batch = CURSOR_BATCH): AsyncGenerator<R[]> {
  const name = `export_${randomUUID().replaceAll('-', '')}`;
  const compiled = query.compile();
  // A plan that starts at once (the ordered index, not a sort of every row first): the first batch,
  // and so the file's first byte, comes as soon as the first rows are read.
  await tx.executeQuery(CompiledQuery.raw('set local cursor_tuple_fraction = 0.0001'));
  await tx.executeQuery(
    CompiledQuery.raw(`declare ${name} no scroll cursor for ${compiled.sql}`, [...compiled.parameters]),
  );
  let open = true;
  try {
    while (open) {
      const { rows } = await tx.executeQuery<R>(CompiledQuery.raw(`fetch forward ${batch} from ${name}`));
      if (rows.length > 0) yield rows;
      open = rows.length === batch;
    }
  } finally {
    await tx.executeQuery(CompiledQuery.raw(`close ${name}`)).catch(() => undefined);
  }
}

/**
 * The rows of a list in batches read one after the other, each after the last row of the one before
 * (`read(after)`: a keyset page of `batch` rows, in a transaction of its own) — for PGlite, whose one
 * connection a cursor held for a whole export would keep from every other request.
 */
export async function* keysetBatches<R>(
  read: (after: R | undefined) => Promise<R[]>,
  batch = CURSOR_BATCH,
): AsyncGenerator<R[]> {
  let after: R | undefined;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
    after = rows.at(-1);
  }
}

/** Resolves when `stream` may take more ('drain'), or when it closed (the client went away). */
async function drained(stream: PassThrough): Promise<void> {
  const abort = new AbortController();
  await Promise.race([
    once(stream, 'drain', { signal: abort.signal }),
    once(stream, 'close', { signal: abort.signal }),
  ]).finally(() => abort.abort());
}

/**
 * Sends a CSV file as `rows` yield its rows: the header line, then each batch's rows as `row` gives
 * their values, written as one chunk a batch (csv-stringify's quoting; a chunk a row would cost the
 * compression of the reply a flush each). Resolves (with the reply, already sent) once every row is
 * written and read, or the client has gone; a failure after the first byte cuts the response off (the
 * client sees a failed download, never a short file that looks whole).
 */
export async function streamCsv<R>(
  reply: FastifyReply,
  filename: string,
  csv: { header: string[]; rows: AsyncIterable<R[]>; row: (r: R) => unknown[] },
): Promise<FastifyReply> {
  const out = new PassThrough();
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .send(out);
  try {
    out.write(stringify([csv.header]));
    for await (const batch of csv.rows) {
      if (out.destroyed) break;
      if (!out.write(stringify(batch.map(csv.row))) && !out.destroyed) await drained(out);
    }
    out.end();
    if (!out.destroyed) await finished(out).catch(() => undefined);
  } catch (error) {
    reply.log.error({ err: error }, 'csv export failed after its first byte');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
    reply.raw.destroy();
  }
  return reply;
}
