/**
 * Uploads: the size limit is enforced while streaming (20,000,000 bytes, by @fastify/multipart's
 * fileSize limit), and the type is checked on the content, not by the name alone.
 */
import { formatBytes, MESSAGES, UPLOAD_MAX_BYTES } from '@switchboard/domain';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { HttpError } from './errors.ts';
import { type FileStore, fileKey, type StoredFile } from './file-store.ts';

/**
 * An upload route declares the field it reads (tenantRoute's `upload`, `x-upload` in the OpenAPI
 * document), so the security suite finds it and sends it malformed bodies; one that does not is a
 * programming error, found by the route's first test.
 */
function assertDeclared(request: FastifyRequest, field: string): void {
  const declared = (request.routeOptions.schema as { 'x-upload'?: unknown } | undefined)?.['x-upload'];
  if (declared !== field)
    throw new Error(
      `${request.routeOptions.url} reads the upload '${field}' without declaring it (tenantRoute's upload)`,
    );
}

/**
 * An error of reading a multipart body as the upload's refusal: a body cut short or not well-formed
 * (busboy's errors: 'Part terminated early...', a boundary it cannot use) is the client's, a 400
 * under the field; our own refusals and the size limit's stay as they are.
 */
function malformed(error: unknown, refusal: () => HttpError, field: string, max = UPLOAD_MAX_BYTES): unknown {
  if (error instanceof HttpError) return error;
  if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(field, max);
  return refusal();
}

/** The upload's size limit refusal (413), under the field. */
function tooLarge(field: string, max = UPLOAD_MAX_BYTES): HttpError {
  const message = MESSAGES.fileTooLarge(formatBytes(max), `more than ${formatBytes(max)}`);
  return new HttpError(413, message, { [field]: message });
}

interface TextUploadRule {
  extensions: string[];
  mimeTypes: string[];
}

/**
 * One text file field (CSV and the like) as a stream of checked chunks: named or typed as allowed,
 * within the size limit, and really text (no NUL byte, valid UTF-8), each checked as it arrives so
 * a large upload is never held whole in memory. A failure of any check throws the field's 4xx.
 */
export async function textUploadStream(
  request: FastifyRequest,
  field: string,
  rule: TextUploadRule,
): Promise<AsyncGenerator<string>> {
  const required = () => new HttpError(400, MESSAGES.csvRequired, { [field]: MESSAGES.csvRequired });
  const invalid = () => new HttpError(400, MESSAGES.invalidFileFormat, { [field]: MESSAGES.invalidFileFormat });
  assertDeclared(request, field);
  if (!request.isMultipart()) throw required();
  const part = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } }).catch((error: unknown) => {
    throw malformed(error, invalid, field);
  });
  if (!part || part.fieldname !== field) throw required();
  const file = part;
  const named = rule.extensions.some((ext) => file.filename.toLowerCase().endsWith(ext));
  const typed = rule.mimeTypes.includes(file.mimetype);
  if (!named && !typed) {
    file.file.resume();
    throw invalid();
  }
  async function* chunks(): AsyncGenerator<string> {
    try {
      yield* decoded();
    } catch (error) {
      // The body ended inside the part (no closing boundary) or is otherwise not multipart.
      throw malformed(error, invalid, field);
    } finally {
      // A reader that stops early (a refused file) leaves the rest of the upload to be drained.
      file.file.resume();
    }
  }
  async function* decoded(): AsyncGenerator<string> {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    for await (const chunk of file.file as AsyncIterable<Buffer>) {
      if (chunk.includes(0)) throw invalid();
      try {
        yield decoder.decode(chunk, { stream: true });
      } catch {
        throw invalid();
      }
    }
    if (file.file.truncated) throw tooLarge(field);
    try {
      const rest = decoder.decode();
      if (rest) yield rest;
    } catch {
      throw invalid();
    }
  }
  return chunks();
}

/** Reads one text file field whole (small files); see textUploadStream for the checks. */
export async function readTextUpload(request: FastifyRequest, field: string, rule: TextUploadRule): Promise<string> {
  let text = '';
  for await (const chunk of await textUploadStream(request, field, rule)) text += chunk;
  return text;
}

interface MediaUploadRule {
  /** The types the content may be (by its bytes: file-type's detection) and their stored extensions. */
  types: Record<string, string>;
  /** The file store's folder. */
  kind: string;
  /** The largest file taken (default UPLOAD_MAX_BYTES: 20,000,000 bytes, spec 3 §9). */
  maxBytes?: number;
}

export interface MediaUpload {
  /** The uploader's file name (shown, never used as a path). */
  filename: string;
  /** The type found in the content ('audio/mpeg'). */
  type: string;
  stored: StoredFile;
  /** The form's text fields, wherever they came in the body. */
  fields: Record<string, string>;
}

/** The bytes file-type needs to tell a type (its own reader takes at most 4,100). */
const SNIFF_BYTES = 4100;

/**
 * One media file field (music, prompts, greetings) streamed into the file store: the type found in
 * its first bytes, the size limit while it streams, and the form's text fields kept. A refused
 * upload leaves nothing stored. The caller removes the stored file if it later refuses.
 */
export async function mediaUpload(
  request: FastifyRequest,
  field: string,
  rule: MediaUploadRule,
  files: FileStore,
): Promise<MediaUpload> {
  const invalid = () => new HttpError(400, MESSAGES.invalidFileFormat, { [field]: MESSAGES.invalidFileFormat });
  assertDeclared(request, field);
  if (!request.isMultipart()) throw new HttpError(400, MESSAGES.required, { [field]: MESSAGES.required });
  const fields: Record<string, string> = {};
  const max = rule.maxBytes ?? UPLOAD_MAX_BYTES;
  let upload: MediaUpload | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: max, files: 1, fields: 20 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== field || upload) {
        part.file.resume();
        continue;
      }
      const chunks = (part.file as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
      const head: Buffer[] = [];
      let headSize = 0;
      let done = false;
      while (headSize < SNIFF_BYTES && !done) {
        const next = await chunks.next();
        if (next.done) done = true;
        else {
          head.push(next.value);
          headSize += next.value.length;
        }
      }
      const found = headSize > 0 ? await fileTypeFromBuffer(Buffer.concat(head)) : undefined;
      const extension = found ? rule.types[found.mime] : undefined;
      if (!found || !extension) {
        part.file.resume();
        throw invalid();
      }
      const rest = async function* () {
        yield* head;
        if (!done) yield* { [Symbol.asyncIterator]: () => chunks };
      };
      const stored = await files.put(fileKey(rule.kind, extension), rest());
      if (part.file.truncated) {
        await files.delete(stored.key);
        throw tooLarge(field, max);
      }
      upload = { filename: part.filename, type: found.mime, stored, fields };
    }
  } catch (error) {
    if (upload) await files.delete(upload.stored.key);
    throw malformed(error, invalid, field, max);
  }
  if (!upload || upload.stored.size === 0) throw new HttpError(400, MESSAGES.required, { [field]: MESSAGES.required });
  return upload;
}
