import { Readable } from 'node:stream';

/** A multipart/form-data body for app.inject: text fields and files, in the order given. */
export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; type: string; content: Buffer | string };

export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----sbtest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'filename' in part
        ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}`
        : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push(Buffer.from('filename' in part ? part.content : part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A few MPEG audio frames: content that file-type (and a player) takes for an MP3. */
export function mp3(frames = 20): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

/**
 * A 700-byte text file that starts with 'ID3' (as an MP3's tag does): file-type takes it for an MP3
 * by those bytes, but it has no audio frame.
 */
export function idTaggedText(): Buffer {
  return Buffer.from('ID3 these are meeting notes, not music. '.repeat(20).slice(0, 700));
}

/**
 * A body as a socket delivers it: in pieces of a few KB (app.inject would hand a Buffer over in one
 * piece, which no socket does — busboy then parses a whole large part in one write, a case no client
 * can cause, and one it mishandles: a skipped part of over 64 KB in one piece never finishes).
 */
export function streamed(payload: Buffer, piece = 4096): Readable {
  const pieces: Buffer[] = [];
  for (let at = 0; at < payload.length; at += piece) pieces.push(payload.subarray(at, at + piece));
  return Readable.from(pieces);
}

/** A file for an upload's form. */
export interface UploadFile {
  filename: string;
  type: string;
  content: Buffer;
}

/**
 * Files some upload takes: a CSV of numbers, an MP3 — each of 100 KB or more, so a body cut short
 * ends while the route is still reading the file (a smaller one is read whole before the end).
 */
export const UPLOAD_FILES: readonly UploadFile[] = [
  {
    filename: 'numbers.csv',
    type: 'text/csv',
    content: Buffer.from(
      `number\n${Array.from({ length: 8000 }, (_, i) => `0161496${String(i).padStart(4, '0')}`).join('\n')}\n`,
    ),
  },
  { filename: 'tune.mp3', type: 'audio/mpeg', content: mp3(300) },
  // A proof document (international addresses): a PDF by its first bytes, filled with comments.
  {
    filename: 'proof.pdf',
    type: 'application/pdf',
    content: Buffer.from(`%PDF-1.4\n${'% a line of a test document, a comment\n'.repeat(3000)}%%EOF\n`),
  },
];

/** A multipart body a server must refuse (400), with what is wrong with it. */
export interface MalformedMultipart {
  label: string;
  payload: Buffer;
  contentType: string;
}

/**
 * Multipart bodies broken in each way a client (or an attacker) breaks one, around an otherwise
 * good form carrying `file` in `field`: cut short anywhere (the closing boundary missing, inside a
 * part's headers, before its content), a part's headers malformed or missing, boundaries missing,
 * empty, unused or too long, bare LF line endings, the file twice with the second cut off. Every
 * upload route must answer each with a 400 and change nothing (test/security: uploads and fuzz).
 * Send them `streamed()`, with a file of 100 KB or more: a body cut short then ends while the route
 * is still reading the file, as it does from a real client.
 */
export function malformedMultipart(field: string, file: UploadFile): MalformedMultipart[] {
  const boundary = 'malformed-boundary';
  const type = (b = boundary) => `multipart/form-data; boundary=${b}`;
  const disposition = `Content-Disposition: form-data; name="${field}"; filename="${file.filename}"`;
  const head = (b = boundary) => `--${b}\r\n${disposition}\r\nContent-Type: ${file.type}\r\n\r\n`;
  const whole = (b = boundary) => Buffer.concat([Buffer.from(head(b)), file.content, Buffer.from(`\r\n--${b}--\r\n`)]);
  const raw = (...chunks: Array<string | Buffer>) =>
    Buffer.concat(chunks.map((c) => (Buffer.isBuffer(c) ? c : Buffer.from(c))));
  const unterminated = raw(head(), file.content, '\r\n');
  const long = 'b'.repeat(300);
  const cases: Array<[string, Buffer, string?]> = [
    ['no closing boundary', unterminated],
    ['no closing boundary nor line end', raw(head(), file.content)],
    ['cut inside the closing boundary', raw(head(), file.content, `\r\n--${boundary.slice(0, 5)}`)],
    ['cut inside the part headers', raw(head().slice(0, 40))],
    ['cut after the part headers', raw(head())],
    ['cut after the opening boundary', raw(`--${boundary}\r\n`)],
    ['only a preamble', raw('a preamble and nothing else')],
    ['empty', raw('')],
    ['no part at all', raw(`--${boundary}--\r\n`)],
    [
      'no blank line after the headers',
      raw(`--${boundary}\r\n${disposition}\r\n`, file.content, `\r\n--${boundary}--\r\n`),
    ],
    ['a header without a colon', raw(`--${boundary}\r\nnot a header\r\n\r\n`, file.content, `\r\n--${boundary}--\r\n`)],
    [
      'a part without Content-Disposition',
      raw(`--${boundary}\r\nContent-Type: ${file.type}\r\n\r\n`, file.content, `\r\n--${boundary}--\r\n`),
    ],
    [
      'headers of 100 KB',
      raw(
        `--${boundary}\r\nX-Pad: ${'a'.repeat(100_000)}\r\n${disposition}\r\n\r\n`,
        file.content,
        `\r\n--${boundary}--\r\n`,
      ),
    ],
    ['bare LF line endings', Buffer.from(whole().toString('latin1').replaceAll('\r\n', '\n'), 'latin1')],
    ['the file twice, the second cut short', raw(head(), file.content, '\r\n', head(), file.content.subarray(0, 10))],
    ['a boundary the body does not use', whole(), type('another-boundary')],
    ['no boundary', whole(), 'multipart/form-data'],
    ['an empty boundary', whole(), 'multipart/form-data; boundary='],
    ['a boundary of 300 characters', whole(long), type(long)],
    ['a boundary of 300 characters, cut short', raw(head(long), file.content), type(long)],
  ];
  return cases.map(([label, payload, contentType]) => ({
    label: `multipart: ${label}`,
    payload,
    contentType: contentType ?? type(),
  }));
}
