/**
 * The file store: uploaded media (music on hold; prompts, voicemail greetings and documents as they
 * come) kept outside the web root under generated names, never the uploader's. The database row
 * holds the key; the bytes live in the store. Two stores answer the one interface: a folder on local
 * disk (the default: FILE_STORE_DIR, else DATA_DIR/files) and an S3-compatible bucket (FILE_STORE=s3,
 * s3-file-store.ts), which several servers behind a load balancer can share. Both stream both ways:
 * a put reads its chunks as they come, a get answers a stream (of a byte range when asked).
 * A missing file is a FileMissing (404); a store that cannot be reached a FileStoreUnavailable (503).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MESSAGES } from '@switchboard/domain';
import { HttpError, UNAVAILABLE_RETRY_AFTER_SECONDS } from './errors.ts';

export interface StoredFile {
  key: string;
  size: number;
  sha256: string;
}

/** Bytes `start` to `end` of a file, both inclusive (HTTP's Range). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface FileStore {
  /** What the store is, for the start-up log ('folder /srv/data/files', 's3://bucket at https://…'). */
  readonly description: string;
  /**
   * Stores `chunks` under `key` (fileKey's). The caller checks each chunk as it comes (a throw
   * stores nothing, and is the put's error), so nothing refused stays behind; nor does a reader
   * ever see half a file.
   */
  put(key: string, chunks: AsyncIterable<Buffer>): Promise<StoredFile>;
  /** The stored bytes of `key` (or of `range`), streamed. A missing key throws FileMissing. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /**
   * The size of `key` and when it was stored (an orphan sweep leaves files younger than a write
   * that may still be committing its row), or undefined when it is not stored.
   */
  stat(key: string): Promise<{ size: number; modifiedAt: Date } | undefined>;
  /** Whether `key` is stored (a row copied from another store, e.g. a test's template, may lack it). */
  exists(key: string): Promise<boolean>;
  /** Removes `key` (missing already is fine: a delete may be retried). */
  delete(key: string): Promise<void>;
  /** The keys starting with `prefix` ('music-on-hold/'), in key order. */
  list(prefix: string): AsyncIterable<string>;
  /** Lets go of its connections (the S3 client's), when the app closes. */
  close?(): void;
}

/** The stored file of `key` is not there: 404. */
export class FileMissing extends HttpError {
  readonly key: string;
  constructor(key: string) {
    super(404, MESSAGES.recordNotFound);
    this.key = key;
  }
}

/** The store could not be reached or refused the operation: 503 with Retry-After, the cause logged. */
export class FileStoreUnavailable extends HttpError {
  readonly retryAfterSeconds = UNAVAILABLE_RETRY_AFTER_SECONDS;
  constructor(cause: unknown) {
    super(503, MESSAGES.serviceUnavailable);
    this.cause = cause;
  }
}

const KEY = /^[a-z-]{1,40}\/[0-9a-f]{32}\.[a-z0-9]{1,8}$/;

/** A new key in the folder `kind` ('music-on-hold') with `extension`: random, never the uploader's name. */
export function fileKey(kind: string, extension: string): string {
  return checkedKey(`${kind}/${crypto.randomBytes(16).toString('hex')}.${extension}`);
}

/** `key` when it is one of fileKey's (a store never resolves anything else: no path in a key). */
export function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Not a file-store key: ${key}`);
  return key;
}

/**
 * `chunks` passed through, counted and hashed as they go: `result()` once they have all been read.
 * `failure()` is the error the chunks themselves threw (the caller's refusal), told apart from the
 * store's own.
 */
export function measured(chunks: AsyncIterable<Buffer>) {
  const hash = crypto.createHash('sha256');
  let size = 0;
  let thrown: { error: unknown } | undefined;
  return {
    chunks: (async function* () {
      try {
        for await (const chunk of chunks) {
          size += chunk.length;
          hash.update(chunk);
          yield chunk;
        }
      } catch (error) {
        thrown = { error };
        throw error;
      }
    })(),
    failure: () => thrown,
    result: () => ({ size, sha256: hash.digest('hex') }),
  };
}

/** A local error as the store's: a missing file is FileMissing; anything else, the store unavailable. */
function localError(error: unknown, key: string): HttpError {
  return (error as { code?: string }).code === 'ENOENT' ? new FileMissing(key) : new FileStoreUnavailable(error);
}

/** The default store: a folder (FILE_STORE_DIR); several servers must share it (a network folder). */
export function localFileStore(root: string): FileStore {
  const resolve = (key: string) => path.join(root, checkedKey(key));
  const stat = async (key: string) => {
    try {
      const found = await fsp.stat(resolve(key));
      return { size: found.size, modifiedAt: found.mtime };
    } catch (error) {
      const refusal = localError(error, key);
      if (refusal instanceof FileMissing) return undefined;
      throw refusal;
    }
  };
  return {
    description: `folder ${root}`,
    async put(key, chunks) {
      const file = resolve(key);
      const temporary = `${file}.part`;
      const input = measured(chunks);
      try {
        await fsp.mkdir(path.dirname(file), { recursive: true });
        await pipeline(input.chunks, fs.createWriteStream(temporary, { flags: 'wx' }));
        // Only a complete file gets its name: a reader never sees half an upload.
        await fsp.rename(temporary, file);
      } catch (error) {
        await fsp.rm(temporary, { force: true }).catch(() => undefined);
        throw input.failure()?.error ?? new FileStoreUnavailable(error);
      }
      return { key, ...input.result() };
    },
    async get(key, range) {
      // Opened first, so that a missing file is known before any reply is started.
      const handle = await fsp.open(resolve(key)).catch((error: unknown) => {
        throw localError(error, key);
      });
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    stat,
    async exists(key) {
      return (await stat(key)) !== undefined;
    },
    async delete(key) {
      await fsp.rm(resolve(key), { force: true }).catch((error: unknown) => {
        throw localError(error, key);
      });
    },
    async *list(prefix) {
      const names = await fsp.readdir(root, { recursive: true }).catch((error: unknown) => {
        if ((error as { code?: string }).code === 'ENOENT') return [];
        throw localError(error, prefix);
      });
      const keys = names.map((name) => name.split(path.sep).join('/'));
      yield* keys.filter((key) => key.startsWith(prefix) && KEY.test(key)).sort();
    },
  };
}

/** The store's folder: FILE_STORE_DIR, else DATA_DIR/files; a temporary folder for in-memory databases. */
export function fileStoreRoot(dataDir: string, configured: string | undefined): string {
  if (configured) return configured;
  if (dataDir === 'memory') return fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-files-'));
  return path.join(dataDir, 'files');
}

/** Copies every file of `from` into `to` under the same key (the build's snapshot into the server's store). */
export async function copyFiles(from: FileStore, to: FileStore): Promise<number> {
  let copied = 0;
  for await (const key of from.list('')) {
    await to.put(key, await from.get(key));
    copied++;
  }
  return copied;
}
