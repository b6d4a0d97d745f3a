/**
 * The file store in an S3-compatible bucket (FILE_STORE=s3: AWS S3, MinIO, Ceph, R2, ...): a put is
 * a streamed multipart upload (@aws-sdk/lib-storage's Upload: 5 MB parts, at most two in memory,
 * one PutObject for a small file; a failed one is aborted), a get a GetObject whose body is streamed
 * on (with its Range). Several servers share the bucket. A key the bucket does not have is
 * FileMissing (404); a bucket that cannot be reached, or refuses us, FileStoreUnavailable (503).
 */
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '../config.ts';
import { checkedKey, FileMissing, type FileStore, FileStoreUnavailable, measured } from './file-store.ts';

/** The part size of a multipart upload (S3's smallest) and how many are sent at once. */
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_AT_ONCE = 2;

/** S3's answer for a key it does not have: NoSuchKey (GetObject), NotFound (HeadObject), or a bare 404. */
function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

function storeError(error: unknown, key: string): Error {
  return isMissing(error) ? new FileMissing(key) : new FileStoreUnavailable(error);
}

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    // Unset: the SDK's own chain (AWS_* variables, the instance's or task's role).
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: S3-compatible servers do not all take the SDK's
    // default trailing CRC32 of every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that is down is told quickly (a 503), not after the operating system's connect timeout.
    requestHandler: { connectionTimeout: 5_000 },
    maxAttempts: 2,
  });
}

export function s3FileStore(settings: S3Settings, client: S3Client = s3Client(settings)): FileStore {
  const Bucket = settings.bucket;
  const stat = async (key: string) => {
    const Key = checkedKey(key);
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key }));
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw new FileStoreUnavailable(error);
    }
  };
  return {
    description: `s3://${Bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ` in ${settings.region}`}`,
    async put(key, chunks) {
      const input = measured(chunks);
      const upload = new Upload({
        client,
        params: { Bucket, Key: checkedKey(key), Body: Readable.from(input.chunks) },
        partSize: PART_SIZE,
        queueSize: PARTS_AT_ONCE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        throw input.failure()?.error ?? new FileStoreUnavailable(error);
      }
      return { key, ...input.result() };
    },
    async get(key, range) {
      const Key = checkedKey(key);
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket,
            Key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        // On Node the body is the response itself (an IncomingMessage): streamed on, never read whole.
        if (!(object.Body instanceof Readable)) throw new Error('GetObject answered no stream');
        return object.Body;
      } catch (error) {
        throw storeError(error, key);
      }
    },
    stat,
    async exists(key) {
      return (await stat(key)) !== undefined;
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) })).catch((error: unknown) => {
        if (!isMissing(error)) throw new FileStoreUnavailable(error);
      });
    },
    async *list(prefix) {
      try {
        for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: prefix })) {
          for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        }
      } catch (error) {
        throw new FileStoreUnavailable(error);
      }
    },
    close: () => client.destroy(),
  };
}
