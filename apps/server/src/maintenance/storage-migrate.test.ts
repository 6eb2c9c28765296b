import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackS3, type LoopbackS3 } from '../../test/s3-server.js';
import { readStored } from '../../test/storage.js';
import { loadConfig } from '../config.js';
import { createStorage } from '../storage/create-storage.js';
import { LocalStorage } from '../storage/local-storage.js';
import type { Storage } from '../storage/storage.js';
import { copyStorage } from './storage-migrate.js';

const UPLOAD = 'photos/2026/11/6f1c0a52-1111-4c3e-9d55-0a7f2b9c1d01';
const DOCUMENT = 'documents/2026/11/6f1c0a52-2222-4c3e-9d55-0a7f2b9c1d02';
const FILES: Record<string, Buffer> = {
  [`${UPLOAD}/320.webp`]: Buffer.from('small picture'),
  [`${UPLOAD}/1280.webp`]: Buffer.alloc(6 * 1024 * 1024, 3),
  [`${DOCUMENT}/order-of-service.pdf`]: Buffer.from('%PDF-1.4 …'),
  [`quarantine/2026-11-01/${UPLOAD}/640.webp`]: Buffer.from('kept in quarantine'),
};

/** The stored bytes as a SHA-256 (comparing megabytes byte by byte in expect is slow). */
async function digestOf(storage: Storage, key: string): Promise<string | null> {
  const body = await readStored(storage, key);
  return body && createHash('sha256').update(body).digest('hex');
}
const digest = (body: Buffer) => createHash('sha256').update(body).digest('hex');

let s3: LoopbackS3;
let scratch: string;
let local: LocalStorage;
let bucket: Storage;
beforeAll(async () => {
  s3 = await startLoopbackS3();
  scratch = await mkdtemp(path.join(os.tmpdir(), 'rips-migrate-'));
  local = new LocalStorage(path.join(scratch, 'uploads'));
  for (const [key, body] of Object.entries(FILES)) await local.put(key, body);
  await local.put(`${UPLOAD}/640.webp.0b1c.tmp`, Buffer.from('half-written'));
  bucket = createStorage(loadConfig({}, { DATA_DIR: scratch, ...s3.env }));
});
afterAll(async () => {
  bucket?.close?.();
  await s3?.close();
  await rm(scratch, { recursive: true, force: true });
});

describe('storage-migrate: local disk to S3', () => {
  it('copies every upload and the quarantine, verified, and leaves the disk as it was', async () => {
    const report = await copyStorage(local, bucket);
    expect(report).toEqual({
      copied: 4,
      alreadyThere: 0,
      bytes: Object.values(FILES).reduce((sum, body) => sum + body.length, 0),
      mismatched: [],
    });
    for (const [key, body] of Object.entries(FILES)) {
      expect(await digestOf(bucket, key), key).toBe(digest(body));
      expect(await digestOf(local, key), key).toBe(digest(body));
    }
    expect(await readStored(bucket, `${UPLOAD}/640.webp.0b1c.tmp`)).toBeNull();
    expect(await readdir(path.join(scratch, 'uploads', ...UPLOAD.split('/')))).toHaveLength(3);
  });

  it('skips what the bucket already holds identically, and copies again what differs', async () => {
    await bucket.put(`${UPLOAD}/320.webp`, Buffer.from('something else'));
    const report = await copyStorage(local, bucket);
    expect(report).toMatchObject({ copied: 1, alreadyThere: 3, mismatched: [] });
    expect(await readStored(bucket, `${UPLOAD}/320.webp`)).toEqual(FILES[`${UPLOAD}/320.webp`]);
  });

  it('reports a copy that does not read back as the original', async () => {
    const key = `${DOCUMENT}/order-of-service.pdf`;
    await bucket.delete(key);
    // A target that loses the last byte of what it is given.
    const lossy: Storage = {
      ...bucket,
      list: (prefix) => bucket.list(prefix),
      get: (k) => bucket.get(k),
      async put(k, body) {
        const chunks: Buffer[] = [];
        for await (const chunk of body instanceof Readable ? body : Readable.from([body]))
          chunks.push(chunk as Buffer);
        await bucket.put(k, Buffer.concat(chunks).subarray(0, -1));
      },
    };
    const report = await copyStorage(local, lossy);
    expect(report.mismatched).toEqual([key]);
    expect(report.copied).toBe(0);
  });
});
