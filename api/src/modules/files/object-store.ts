import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { type FileStore, isVariantOf } from './file-store';

/** Where the object store is and how to sign in to it (S3_URL and S3_REGION, config.ts). */
export interface ObjectStoreConfig {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/**
 * Photos in an S3-compatible bucket (docs/decisions/0038), under the same keys as on disk, and
 * their sizes beside them as `<name>_<w>x<h>.jpg`. Every api process and machine sees the same
 * files, so a photo uploaded through one is served by any other.
 */
export function objectFileStore(config: ObjectStoreConfig): FileStore & { check(): Promise<void> } {
  const { bucket } = config;
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // bucket in the path, not the host name: what every S3-compatible store (MinIO, Ceph, R2, ...) answers.
    forcePathStyle: true,
    // The SDK's default CRC checksums on every upload are not understood by every S3-compatible
    // store; its Content-MD5 where S3 requires one (deleting many objects) is.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  /** The sizes made from a photo: listed by the name's stem, as the disk store reads its folder. */
  async function variantsOf(key: string): Promise<string[]> {
    const stem = key.replace(/\.(jpg|png|webp)$/, '');
    const found: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: `${stem}_`, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key && isVariantOf(key, object.Key)) found.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }

  return {
    async put(key, data) {
      // One request: a reader sees the whole object or none (S3 never shows half an upload).
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: data,
          ContentLength: data.length,
          ContentType: CONTENT_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream',
        }),
      );
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async open(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        // In Node the SDK's body is the response stream itself: it is piped on, not buffered.
        return object.Body ? { body: object.Body as Readable, size: object.ContentLength ?? 0 } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      const keys = [key, ...(await variantsOf(key))];
      // A missing object is not an error for S3 either: deleting it answers "deleted".
      const answer = await client.send(
        new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
      );
      const failed = answer.Errors?.filter((e) => e.Code !== 'NoSuchKey') ?? [];
      if (failed.length > 0) {
        throw new Error(`the object store kept ${failed.map((e) => `${e.Key} (${e.Code}: ${e.Message})`).join(', ')}`);
      }
    },
    /** At start: the bucket is there and the keys may use it (a clear refusal beats a 500 at the first photo). */
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        const status = (error as S3ServiceException).$metadata?.httpStatusCode;
        const why =
          status === 404
            ? `the bucket "${bucket}" does not exist`
            : status === 403 || status === 401
              ? `the access key may not use the bucket "${bucket}"`
              : `${(error as Error).message || (error as Error).name}`;
        throw new ObjectStoreUnreachableError(`The object store at S3_URL (${config.endpoint}) refused: ${why}.`);
      }
    },
  };
}

export class ObjectStoreUnreachableError extends Error {
  override name = 'ObjectStoreUnreachableError';
}
