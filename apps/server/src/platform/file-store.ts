/**
 * The file store: uploaded media (music on hold; prompts, voicemail greetings and documents as they
 * come) kept outside the web root under generated names, never the uploader's. The database row
 * holds the key; the bytes live here. One folder on local disk (FILE_STORE_DIR, default
 * DATA_DIR/files); several servers behind a load balancer must share it (a network folder).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

export interface StoredFile {
  key: string;
  size: number;
  sha256: string;
}

export interface FileStore {
  /** Where the files are (the folder of a local store). */
  readonly root: string;
  /**
   * Writes `chunks` under a new key in the folder `kind`. The caller checks each chunk as it comes
   * (a throw removes what was written), so nothing refused stays behind.
   */
  put(kind: string, extension: string, chunks: AsyncIterable<Buffer>): Promise<StoredFile>;
  /** The stored bytes of `key` (or of its bytes `start` to `end`, inclusive), streamed. */
  open(key: string, range?: { start: number; end: number }): fs.ReadStream;
  /** Whether `key` is stored (a row copied from another store, e.g. a test's template, may lack it). */
  has(key: string): Promise<boolean>;
  /** Removes `key` (missing already is fine: a delete may be retried). */
  remove(key: string): Promise<void>;
}

const KEY = /^[a-z-]{1,40}\/[0-9a-f]{32}\.[a-z0-9]{1,8}$/;

export function localFileStore(root: string): FileStore {
  const resolve = (key: string) => {
    if (!KEY.test(key)) throw new Error(`Not a file-store key: ${key}`);
    return path.join(root, key);
  };
  return {
    root,
    async put(kind, extension, chunks) {
      const key = `${kind}/${crypto.randomBytes(16).toString('hex')}.${extension}`;
      const file = resolve(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const hash = crypto.createHash('sha256');
      let size = 0;
      const temporary = `${file}.part`;
      try {
        await pipeline(
          async function* () {
            for await (const chunk of chunks) {
              size += chunk.length;
              hash.update(chunk);
              yield chunk;
            }
          },
          fs.createWriteStream(temporary, { flags: 'wx' }),
        );
        // Only a complete file gets its name: a reader never sees half an upload.
        await fsp.rename(temporary, file);
      } catch (error) {
        await fsp.rm(temporary, { force: true });
        throw error;
      }
      return { key, size, sha256: hash.digest('hex') };
    },
    open(key, range) {
      return fs.createReadStream(resolve(key), range);
    },
    async has(key) {
      return fsp.access(resolve(key)).then(
        () => true,
        () => false,
      );
    },
    async remove(key) {
      await fsp.rm(resolve(key), { force: true });
    },
  };
}

/** The store's folder: FILE_STORE_DIR, else DATA_DIR/files; a temporary folder for in-memory databases. */
export function fileStoreRoot(dataDir: string, configured: string | undefined): string {
  if (configured) return configured;
  if (dataDir === 'memory') return fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-files-'));
  return path.join(dataDir, 'files');
}
