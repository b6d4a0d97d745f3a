/**
 * The file store's contract, run against both stores: the local folder and an S3 bucket (s3rver,
 * started here on a free port over a temporary folder, stopped after).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chunksOf,
  closedEndpoint,
  startS3Server,
  storedBytes,
  storedKeys,
  type TestS3Server,
} from '../test/file-stores.ts';
import { copyFiles, FileMissing, type FileStore, FileStoreUnavailable, fileKey, localFileStore } from './file-store.ts';
import { s3FileStore } from './s3-file-store.ts';

const MiB = 1024 * 1024;

/** `count` chunks of `size` bytes, each made as it is asked for (never the whole file in memory). */
async function* generated(count: number, size = MiB): AsyncGenerator<Buffer> {
  for (let i = 0; i < count; i++) yield Buffer.alloc(size, i % 251);
}
async function* once(bytes: Buffer): AsyncGenerator<Buffer> {
  yield bytes;
}
/** The byte at `offset` of a generated file (its chunk's fill). */
const byteAt = (offset: number, size = MiB) => Math.floor(offset / size) % 251;

interface StoreUnderTest {
  name: string;
  start: () => Promise<{ store: FileStore; down: () => Promise<FileStore>; stop: () => Promise<void> }>;
}

const STORES: StoreUnderTest[] = [
  {
    name: 'local folder',
    start: async () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-file-store-'));
      return {
        store: localFileStore(root),
        // A "folder" that is a file: nothing can be read or written there.
        down: async () => {
          fs.writeFileSync(path.join(root, 'not-a-folder'), '');
          return localFileStore(path.join(root, 'not-a-folder'));
        },
        stop: async () => fs.rmSync(root, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'S3 bucket (s3rver)',
    start: async () => {
      const server: TestS3Server = await startS3Server();
      return {
        store: s3FileStore(server.settings),
        down: async () => s3FileStore({ ...server.settings, endpoint: await closedEndpoint() }),
        stop: server.stop,
      };
    },
  },
];

describe.each(STORES)('the file store: $name', ({ start }) => {
  let store: FileStore;
  let down: () => Promise<FileStore>;
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ store, down, stop } = await start());
  });
  afterAll(async () => stop?.());

  it('stores a stream under its key and gives it back, with its size and SHA-256', async () => {
    const bytes = crypto.randomBytes(100_000);
    const key = fileKey('prompts', 'wav');
    const stored = await store.put(key, once(bytes));
    expect(stored).toEqual({
      key,
      size: bytes.length,
      sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
    });
    expect((await storedBytes(store, key)).equals(bytes)).toBe(true);
    expect(await store.stat(key)).toEqual({ size: bytes.length, modifiedAt: expect.any(Date) });
    expect(await store.exists(key)).toBe(true);
    expect(await storedKeys(store, 'prompts/')).toContain(key);
    expect(await storedKeys(store, 'music-on-hold/')).not.toContain(key);
  });

  it('streams 30 MB in and out in chunks, and reads byte ranges of it', async () => {
    const key = fileKey('music-on-hold', 'mp3');
    const expected = crypto.createHash('sha256');
    for await (const chunk of generated(30)) expected.update(chunk);
    const stored = await store.put(key, generated(30));
    expect(stored.size).toBe(30 * MiB);
    expect(stored.sha256).toBe(expected.digest('hex'));
    expect(await store.stat(key)).toEqual({ size: 30 * MiB, modifiedAt: expect.any(Date) });

    // Read back as a stream of pieces (none of them the whole file), the same bytes in order.
    const read = crypto.createHash('sha256');
    let pieces = 0;
    let largest = 0;
    let total = 0;
    for await (const chunk of await store.get(key)) {
      pieces++;
      largest = Math.max(largest, (chunk as Buffer).length);
      total += (chunk as Buffer).length;
      read.update(chunk as Buffer);
    }
    expect(total).toBe(30 * MiB);
    expect(read.digest('hex')).toBe(stored.sha256);
    expect(pieces).toBeGreaterThanOrEqual(30);
    expect(largest).toBeLessThanOrEqual(MiB);

    // Ranges across a chunk's edge, at the start, at the very end, and one large range in pieces.
    // (From the first byte, two: s3rver answers the whole object for bytes=0-0, where S3 answers one.)
    expect(await storedRange(store, key, MiB - 2, MiB + 1)).toEqual([0, 0, 1, 1]);
    expect(await storedRange(store, key, 0, 1)).toEqual([0, 0]);
    const last = 30 * MiB - 1;
    expect(await storedRange(store, key, last - 1, last)).toEqual([byteAt(last - 1), byteAt(last)]);
    const middle = await chunksOf(await store.get(key, { start: 5 * MiB, end: 15 * MiB - 1 }));
    expect(middle.reduce((n, c) => n + c.length, 0)).toBe(10 * MiB);
    expect(middle.length).toBeGreaterThan(1);
    expect(middle[0]?.[0]).toBe(5);
    expect(middle.at(-1)?.at(-1)).toBe(14);
    await store.delete(key);
  });

  it('says a missing key is missing: FileMissing (404) to get, nothing to stat, and delete is fine', async () => {
    const key = fileKey('prompts', 'wav');
    const error = await store.get(key).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileMissing);
    expect((error as FileMissing).statusCode).toBe(404);
    await expect(store.get(key, { start: 0, end: 9 })).rejects.toBeInstanceOf(FileMissing);
    expect(await store.stat(key)).toBeUndefined();
    expect(await store.exists(key)).toBe(false);
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it('deletes a file: gone from get, stat and the list', async () => {
    const key = (await store.put(fileKey('prompts', 'wav'), once(Buffer.from('bytes')))).key;
    await store.delete(key);
    await expect(store.get(key)).rejects.toBeInstanceOf(FileMissing);
    expect(await store.exists(key)).toBe(false);
    expect(await storedKeys(store, 'prompts/')).not.toContain(key);
  });

  it('stores nothing when the chunks throw (a refused upload), and the put fails with their error', async () => {
    const key = fileKey('refused', 'mp3');
    const refusal = new Error('refused by the caller');
    async function* refusedAfter(bytes: number) {
      yield* generated(Math.ceil(bytes / MiB));
      throw refusal;
    }
    // Small (one part) and larger than a multipart upload's first parts.
    await expect(store.put(key, refusedAfter(100))).rejects.toBe(refusal);
    await expect(store.put(key, refusedAfter(12 * MiB))).rejects.toBe(refusal);
    expect(await store.exists(key)).toBe(false);
    expect(await storedKeys(store, 'refused/')).toEqual([]);
  });

  it('takes only its own keys (no path in a key)', async () => {
    await expect(store.put('../../etc/passwd', once(Buffer.from('x')))).rejects.toThrow(/Not a file-store key/);
    await expect(store.get('prompts/../../x.wav')).rejects.toThrow(/Not a file-store key/);
  });

  it('copies every file into another store under the same keys', async () => {
    const other = localFileStore(fs.mkdtempSync(path.join(os.tmpdir(), 'sb-file-copy-')));
    const key = (await other.put(fileKey('copied', 'wav'), once(Buffer.from('copied bytes')))).key;
    expect(await copyFiles(other, store)).toBe(1);
    expect((await storedBytes(store, key)).toString()).toBe('copied bytes');
  });

  it('is a 503 (FileStoreUnavailable), not a 500, when the store cannot be reached', async () => {
    const unreachable = await down();
    const key = fileKey('prompts', 'wav');
    for (const attempt of [
      () => unreachable.get(key),
      () => unreachable.put(key, once(Buffer.from('x'))),
      () => unreachable.stat(key),
      () => storedKeys(unreachable, 'prompts/'),
    ]) {
      const error = await attempt().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FileStoreUnavailable);
      expect((error as FileStoreUnavailable).statusCode).toBe(503);
    }
  });
});

/** The bytes of a small range, as numbers (its length checked first: a range ignored is not diffed whole). */
async function storedRange(store: FileStore, key: string, start: number, end: number): Promise<number[]> {
  const bytes = Buffer.concat(await chunksOf(await store.get(key, { start, end })));
  expect(bytes.length).toBe(end - start + 1);
  return [...bytes];
}
