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

/** Reads one text file field (CSV and the like): named or typed as allowed, and really text. */
export async function readTextUpload(request: FastifyRequest, field: string, rule: TextUploadRule): Promise<string> {
  if (!request.isMultipart()) throw new HttpError(400, MESSAGES.csvRequired, { [field]: MESSAGES.csvRequired });
  const file = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
  if (!file || file.fieldname !== field) {
    throw new HttpError(400, MESSAGES.csvRequired, { [field]: MESSAGES.csvRequired });
  }
  const named = rule.extensions.some((ext) => file.filename.toLowerCase().endsWith(ext));
  const typed = rule.mimeTypes.includes(file.mimetype);
  const buffer = await file.toBuffer().catch((error: unknown) => {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      const message = MESSAGES.fileTooLarge(
        formatBytes(UPLOAD_MAX_BYTES),
        `more than ${formatBytes(UPLOAD_MAX_BYTES)}`,
      );
      throw new HttpError(413, message, { [field]: message });
    }
    throw error;
  });
  if (!named && !typed) throw new HttpError(400, MESSAGES.invalidFileFormat, { [field]: MESSAGES.invalidFileFormat });
  // Content check: text has no NUL bytes and decodes as UTF-8 (binary files with a .csv name fail here).
  let text: string;
  try {
    if (buffer.includes(0)) throw new Error('binary');
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    throw new HttpError(400, MESSAGES.invalidFileFormat, { [field]: MESSAGES.invalidFileFormat });
  }
  return text;
}
