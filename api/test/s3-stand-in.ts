import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's own pair of keys (it checks request signatures against them). */
const KEYS = 'S3RVER:S3RVER';

/**
 * A local S3-compatible server (s3rver, objects in a temporary folder) with one bucket, for the
 * object store's tests: `url` is what S3_URL takes; `keys()` and `read()` look into the bucket
 * beside the api, with a client of the test's own.
 */
export async function startS3StandIn(bucket = 'yardly-photos') {
  const directory = mkdtempSync(join(tmpdir(), 'yardly-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    url: `http://${KEYS}@127.0.0.1:${port}/${bucket}`,
    endpoint,
    bucket,
    /** Every key in the bucket under `prefix`, sorted. */
    async keys(prefix = ''): Promise<string[]> {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (page.Contents ?? []).map((o) => o.Key ?? '').sort();
    },
    /** An object's bytes and content type. */
    async read(key: string) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return { data: Buffer.from((await object.Body?.transformToByteArray()) ?? []), type: object.ContentType };
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type S3StandIn = Awaited<ReturnType<typeof startS3StandIn>>;
