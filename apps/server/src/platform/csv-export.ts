/**
 * Large exports streamed (issue 28: a month of call records, 1,000,000 rows in a few MB of memory):
 * the rows read from a database cursor a batch at a time, in the request's own transaction, and
 * written as CSV (csv-stringify) as they come — the client's pace holds the next batch back, so
 * neither the rows nor the file are ever whole in memory.
 */

import { randomUUID } from 'node:crypto';
import { Readable, type Transform } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { type Compilable, CompiledQuery } from 'kysely';
import type { Tx } from './tenancy.ts';

/**
 * Rows a cursor fetch reads at a time: a chunk of some 50 KB of CSV, below the 128 KB from which
 * V8 allocates a string in the old generation, and few enough that a batch in flight is little
 * memory; a fetch's round trip is still a small part of the time its rows take to send.
 */
export const CURSOR_BATCH = 500;

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
      open = rows.length === batch; // read first: the reader may empty the batch (see csvChunks)
      if (rows.length > 0) yield rows;
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
    const more = rows.length === batch;
    after = rows.at(-1); // read first: the reader may empty the batch (see csvChunks)
    if (rows.length > 0) yield rows;
    if (!more) return;
  }
}

/** How a download is sent: gzip, brotli or as it is, by the request's Accept-Encoding. */
export type DownloadEncoding = 'gzip' | 'br' | 'identity';

/**
 * The encoding of a streamed download: gzip where the client takes it (its state is a few hundred KB
 * and it flushes a batch's bytes at once), else brotli, else none. `*` stands for any not named.
 */
export function downloadEncoding(accept: string | undefined): DownloadEncoding {
  const weights = new Map<string, number>();
  for (const part of (accept ?? '').split(',')) {
    const [name = '', ...params] = part
      .toLowerCase()
      .split(';')
      .map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (name !== '') weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const takes = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (takes('gzip')) return 'gzip';
  return takes('br') ? 'br' : 'identity';
}

/**
 * The compressor of a download, flushing after every chunk written (a batch of rows): its output
 * leaves as the rows do, so the first byte is not held back until the compressor's window fills.
 */
function compressor(encoding: Exclude<DownloadEncoding, 'identity'>): Transform {
  if (encoding === 'gzip') return zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH });
  return zlib.createBrotliCompress({
    flush: zlib.constants.BROTLI_OPERATION_FLUSH,
    // A quick level and a 256 KB window (the default is 4 MB): CSV rows repeat within a few lines.
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 },
  });
}

/**
 * The file's text a chunk at a time: the header line, then one chunk of CSV (csv-stringify) a batch.
 * A batch is emptied once it is text: the driver's objects of a fetch (its query, its result) may
 * outlive it in the old generation until a full collection, and would keep every row they hold
 * alive through each young collection meanwhile — promoted, a 1,000,000-row export grew the heap
 * by 200 MB of garbage; emptied, the rows die young.
 */
async function* csvChunks<R>(csv: CsvSource<R>): AsyncGenerator<string> {
  yield stringify([csv.header]);
  for await (const batch of csv.rows) {
    const text = stringify(batch.map(csv.row));
    batch.length = 0;
    yield text;
  }
}

/** A CSV file's content: its header, its rows a batch at a time (arrays the file may empty), and a row's values. */
export interface CsvSource<R> {
  header: string[];
  rows: AsyncIterable<R[]>;
  row: (r: R) => unknown[];
}

/**
 * Sends a CSV file as `rows` yield its rows, pulled by the client's pace: the next batch is read only
 * when the one before has gone on — through the compressor, whose buffers are small, to the socket,
 * whose full buffer stops the chain (`Readable.from` with a high-water mark of one byte reads one
 * chunk ahead of its reader at most). The header leaves first, alone, so the first byte does not wait
 * for the first batch. Resolves (the reply sent) once every row is written, or the client has gone
 * (the rows' iterator is closed: a cursor with it); a failure after the first byte cuts the response
 * off (the client sees a failed download, never a short file that looks whole).
 */
export async function streamCsv<R>(reply: FastifyReply, filename: string, csv: CsvSource<R>): Promise<FastifyReply> {
  const encoding = downloadEncoding(reply.request.headers['accept-encoding']);
  const source = Readable.from(csvChunks(csv), { objectMode: false, highWaterMark: 1 });
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .header('vary', 'accept-encoding');
  let body: Readable = source;
  if (encoding !== 'identity') {
    const compressed = compressor(encoding);
    pipeline(source, compressed).catch(() => undefined); // an error destroys both: the reply is cut off
    reply.header('content-encoding', encoding);
    body = compressed;
  }
  source.once('error', (error: NodeJS.ErrnoException) => {
    // The client going away closes the stream early: not a failure of the export.
    if (error.code !== 'ERR_STREAM_PREMATURE_CLOSE')
      reply.log.error({ err: error }, 'csv export failed after its first byte');
  });
  reply.send(body);
  await finished(source).catch(() => undefined);
  return reply;
}
