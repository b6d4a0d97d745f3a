/**
 * CSV uploads, read with csv-parse's streaming parser: the delimiter found from the file (comma,
 * semicolon or tab), a byte order mark dropped, CRLF, LF or CR line ends, quoted fields that hold the
 * delimiter or a line break, and every record with the line it starts on (for the per-line failure
 * report). The source may be the whole text or a stream of chunks (a multipart file stream, say).
 */
import { pipeline, Readable } from 'node:stream';
import { MESSAGES } from '@switchboard/domain';
import { CsvError, parse } from 'csv-parse';
import { z } from 'zod';
import { HttpError } from './errors.ts';

export type CsvDelimiter = ',' | ';' | '\t';
export type CsvSource = string | Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>;
/** One record: its fields, and the line of the file it starts on (from 1). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

const DELIMITERS: readonly CsvDelimiter[] = [',', ';', '\t'];
/** How much of the start of a file decides its delimiter. */
const SAMPLE_CHARS = 64 * 1024;
const SAMPLE_LINES = 50;

/**
 * The delimiter of a CSV from its start: the one of comma, semicolon and tab found most often outside
 * quotes in the first lines. A file of one column (none of them) is read with the comma.
 */
export function detectDelimiter(sample: string): CsvDelimiter {
  const counts: Record<CsvDelimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  let lines = 0;
  for (const char of sample) {
    if (char === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (char === '\n' && ++lines >= SAMPLE_LINES) break;
    else if (char === ',' || char === ';' || char === '\t') counts[char]++;
  }
  return DELIMITERS.reduce((best, d) => (counts[d] > counts[best] ? d : best), DELIMITERS[0] ?? ',');
}

/** Text chunks with every line end as LF (csv-parse counts lines right for one kind of line end). */
async function* lfText(source: CsvSource): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  let carriageReturn = false;
  for await (const chunk of typeof source === 'string' ? [source] : source) {
    const decoded: string = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let text: string = (carriageReturn ? '\r' : '') + decoded;
    // A CR at the end of a chunk may be the first half of a CRLF: it waits for the next chunk.
    carriageReturn = text.endsWith('\r');
    if (carriageReturn) text = text.slice(0, -1);
    yield text.replace(/\r\n?/g, '\n');
  }
  const rest = decoder.decode();
  if (rest !== '' || carriageReturn) yield (carriageReturn ? '\n' : '') + rest;
}

/** The start of a text (a sample's worth of chunks), and the whole text again, read on demand. */
async function sampled(chunks: AsyncGenerator<string>): Promise<{ sample: string; text: AsyncGenerator<string> }> {
  const head: string[] = [];
  let size = 0;
  while (size < SAMPLE_CHARS) {
    const next = await chunks.next();
    if (next.done) break;
    head.push(next.value);
    size += next.value.length;
  }
  async function* text() {
    yield* head;
    yield* chunks;
  }
  return { sample: head.join(''), text: text() };
}

/** What csv-parse gives per record with the info and raw options. */
const parsedRecord = z.object({ record: z.array(z.string()), raw: z.string(), info: z.object({ lines: z.number() }) });

/**
 * The records of a CSV, as they are parsed (a stream is read as it comes). Blank lines are skipped;
 * records may have different numbers of fields. A file that is no CSV (an unclosed quote, text after
 * a closing quote) throws csv-parse's CsvError.
 */
export async function* readCsv(source: CsvSource): AsyncGenerator<CsvRecord> {
  const { sample, text } = await sampled(lfText(source));
  const parser = parse({
    bom: true,
    delimiter: detectDelimiter(sample),
    record_delimiter: '\n',
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: true,
    info: true,
    raw: true,
  });
  // Errors of either side end the iteration below; leaving it early ends the source.
  pipeline(Readable.from(text), parser, () => {});
  for await (const item of parser) {
    const { record, raw, info } = parsedRecord.parse(item);
    // info.lines is the line a record ends on: a quoted line break inside it moves its start back.
    const inside = trimNewlines(raw).split('\n').length - 1;
    yield { line: info.lines - inside, fields: record };
  }
}

/** `text` without its leading and trailing line breaks (no pattern: linear on any input). */
function trimNewlines(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === '\n') start++;
  while (end > start && text[end - 1] === '\n') end--;
  return text.slice(start, end);
}

/** The first column of each record, with its line. */
export async function* firstColumn(records: AsyncIterable<CsvRecord>): AsyncGenerator<{ line: number; value: string }> {
  for await (const { line, fields } of records) yield { line, value: fields[0] ?? '' };
}

/**
 * A CSV of telephone numbers (an access list's upload): the first column of each record, spaces
 * removed; an empty one is skipped, and so is a first record without digits (a header). A file that
 * is no CSV is refused with 'Invalid file format' (under `field`, the upload's form field).
 */
export async function readNumbersCsv(
  source: CsvSource,
  field: string,
  options: { maxRows?: number; tooMany?: string } = {},
): Promise<Array<{ line: number; number: string }>> {
  const rows: Array<{ line: number; number: string }> = [];
  let first = true;
  try {
    for await (const { line, value } of firstColumn(readCsv(source))) {
      const number = value.replace(/\s+/g, '');
      const header = first && !/\d/.test(number);
      first = false;
      if (number !== '' && !header) rows.push({ line, number });
      // Past the limit the rest is not read at all.
      if (options.maxRows !== undefined && rows.length > options.maxRows) {
        const message = options.tooMany ?? MESSAGES.invalidFileFormat;
        throw new HttpError(400, message, { [field]: message });
      }
    }
  } catch (error) {
    if (error instanceof CsvError) {
      throw new HttpError(400, MESSAGES.invalidFileFormat, { [field]: MESSAGES.invalidFileFormat });
    }
    throw error;
  }
  return rows;
}
