import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { Env } from '../src/config.js';

export interface LoopbackS3 {
  /** The S3_* settings that point the app at this server's bucket. */
  env: Partial<Record<keyof Env, string>>;
  close(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver) on a free loopback port, keeping its objects in a temporary
 * folder, with one empty bucket. Each caller gets a server and a bucket of its own.
 */
export async function startLoopbackS3(bucket = 'rips-test'): Promise<LoopbackS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'rips-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      // s3rver's fixed credentials; it checks the signature made with them.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
