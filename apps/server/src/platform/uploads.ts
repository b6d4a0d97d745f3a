/**
 * Uploads: the size limit is enforced while streaming (20,000,000 bytes, by @fastify/multipart's
 * fileSize limit), and the type is checked on the content, not by the name alone.
 */
import { formatBytes, MESSAGES, UPLOAD_MAX_BYTES } from '@switchboard/domain';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

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
  if (!request.isMultipart()) throw required();
  const part = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
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
    if (file.file.truncated) {
      const message = MESSAGES.fileTooLarge(
        formatBytes(UPLOAD_MAX_BYTES),
        `more than ${formatBytes(UPLOAD_MAX_BYTES)}`,
      );
      throw new HttpError(413, message, { [field]: message });
    }
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
