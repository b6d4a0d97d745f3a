/**
 * The file stores in tests: a local S3-compatible server (s3rver), started on a free port over a temporary
 * folder with one empty bucket, and stopped (its folder removed) by `stop`; reading a store whole.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import type { S3Settings } from '../config.ts';
import type { FileStore } from '../platform/file-store.ts';

export interface TestS3Server {
  /** The settings of a store in its bucket (FILE_STORE=s3 with S3_ENDPOINT and the rest). */
  settings: S3Settings & { kind: 's3' };
  stop: () => Promise<void>;
}

/** s3rver's fixed credentials: it checks the signature against them. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startS3Server(bucket = 'switchboard-files'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  let stopped = false;
  return {
    settings: {
      kind: 's3',
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      ...CREDENTIALS,
      forcePathStyle: true,
    },
    // Once (a test may stop it early, to see the store down; its afterAll stops it again).
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** An address nothing listens on (a port taken and given back): a store that is down. */
export async function closedEndpoint(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** A stream's chunks, kept apart (to see that a file came in pieces). */
export async function chunksOf(stream: Readable): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return chunks;
}

/** The stored bytes of `key`, whole (small files). */
export async function storedBytes(files: FileStore, key: string): Promise<Buffer> {
  return Buffer.concat(await chunksOf(await files.get(key)));
}

/** The keys `files` holds under `prefix`. */
export async function storedKeys(files: FileStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of files.list(prefix)) keys.push(key);
  return keys;
}
