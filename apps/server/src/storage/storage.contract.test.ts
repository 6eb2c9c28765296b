// One contract, two backends: local disk and a real S3-protocol server on loopback (s3rver,
// started here). Anything the app, the storage check, backup or restore rely on is asserted here.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { startLoopbackS3, type LoopbackS3 } from '../../test/s3-server.js';
import { createStorage } from './create-storage.js';
import { LocalStorage } from './local-storage.js';
import { S3Storage } from './s3-storage.js';
import type { Storage } from './storage.js';

async function bytesOf(storage: Storage, key: string): Promise<Buffer | null> {
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  expect(object.size).toBe(body.length);
  return body;
}

async function keysUnder(storage: Storage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage.list(prefix)) keys.push(key);
  return keys.sort();
}

const sha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex');

interface Backend {
  name: string;
  open(): Promise<{ storage: Storage; close(): Promise<void> }>;
}

let s3: LoopbackS3;
let scratch: string;
beforeAll(async () => {
  [s3, scratch] = await Promise.all([
    startLoopbackS3(),
    mkdtemp(path.join(os.tmpdir(), 'rips-storage-')),
  ]);
});
afterAll(async () => {
  await s3?.close();
  await rm(scratch, { recursive: true, force: true });
});

const backends: Backend[] = [
  {
    name: 'local disk',
    async open() {
      return {
        storage: new LocalStorage(await mkdtemp(path.join(scratch, 'uploads-'))),
        close: async () => undefined,
      };
    },
  },
  {
    name: 'S3 (s3rver on loopback)',
    async open() {
      const storage = createStorage(loadConfig({}, { DATA_DIR: scratch, ...s3.env }));
      expect(storage).toBeInstanceOf(S3Storage);
      return { storage, close: async () => (storage as S3Storage).close() };
    },
  },
];

for (const backend of backends) {
  describe(`storage contract: ${backend.name}`, () => {
    let storage: Storage;
    let close: () => Promise<void>;
    // Every test writes under a folder of its own, so they never see each other's keys.
    let folder = 0;
    const base = () =>
      `photos/2026/11/${String(++folder).padStart(8, '0')}-0000-4000-8000-000000000000`;

    beforeAll(async () => {
      ({ storage, close } = await backend.open());
    });
    afterAll(async () => close?.());

    it('gives back exactly the bytes put, from a Buffer and from a stream', async () => {
      const dir = base();
      const small = randomBytes(3000);
      await storage.put(`${dir}/320.webp`, small);
      expect(await bytesOf(storage, `${dir}/320.webp`)).toEqual(small);

      // Larger than one multipart part, arriving in uneven chunks as a request body would.
      const large = randomBytes(9 * 1024 * 1024 + 123);
      const chunks = [
        large.subarray(0, 1000),
        large.subarray(1000, 5_000_000),
        large.subarray(5_000_000),
      ];
      await storage.put(`${dir}/file.pdf`, Readable.from(chunks));
      expect(sha256((await bytesOf(storage, `${dir}/file.pdf`))!)).toBe(sha256(large));
    });

    it('replaces an object put again under the same key', async () => {
      const key = `${base()}/640.webp`;
      await storage.put(key, Buffer.from('first'));
      await storage.put(key, Buffer.from('second'));
      expect((await bytesOf(storage, key))!.toString()).toBe('second');
    });

    it('leaves nothing under the key when the stream fails part way', async () => {
      const key = `${base()}/broken.pdf`;
      const failing = Readable.from(
        (async function* () {
          yield randomBytes(64 * 1024);
          throw new Error('the client went away');
        })(),
      );
      await expect(storage.put(key, failing)).rejects.toThrow();
      expect(await storage.get(key)).toBeNull();
      expect(await keysUnder(storage, key.split('/').slice(0, 4).join('/'))).toEqual([]);
    });

    it('answers null for what is not there', async () => {
      const key = `${base()}/nothing.webp`;
      expect(await storage.get(key)).toBeNull();
      expect(await storage.modifiedAt(key)).toBeNull();
    });

    it('tells when an object was written', async () => {
      const key = `${base()}/320.webp`;
      const before = Date.now();
      await storage.put(key, Buffer.from('x'));
      const at = await storage.modifiedAt(key);
      expect(at).toBeInstanceOf(Date);
      // S3 keeps whole seconds.
      expect(at!.getTime()).toBeGreaterThan(before - 2000);
      expect(at!.getTime()).toBeLessThan(Date.now() + 2000);
    });

    it('lists every key under a folder and nothing beside it', async () => {
      const dir = base();
      const sibling = `${dir}-neighbour`;
      await storage.put(`${dir}/320.webp`, Buffer.from('a'));
      await storage.put(`${dir}/nested/640.webp`, Buffer.from('b'));
      await storage.put(`${sibling}/320.webp`, Buffer.from('c'));
      expect(await keysUnder(storage, dir)).toEqual([`${dir}/320.webp`, `${dir}/nested/640.webp`]);
      expect(await keysUnder(storage, 'no-such-folder')).toEqual([]);
    });

    it('deletes one object, and one upload folder without touching its neighbours', async () => {
      const dir = base();
      const sibling = `${dir}-neighbour`;
      await storage.put(`${dir}/320.webp`, Buffer.from('a'));
      await storage.put(`${dir}/640.webp`, Buffer.from('b'));
      await storage.put(`${sibling}/320.webp`, Buffer.from('c'));
      await storage.delete(`${dir}/640.webp`);
      expect(await storage.get(`${dir}/640.webp`)).toBeNull();
      await storage.deletePrefix(dir);
      expect(await keysUnder(storage, dir)).toEqual([]);
      expect((await bytesOf(storage, `${sibling}/320.webp`))!.toString()).toBe('c');
      // Deleting what is already gone is not an error.
      await storage.delete(`${dir}/640.webp`);
      await storage.deletePrefix(dir);
    });

    it('moves an object to another key, replacing what is there', async () => {
      const dir = base();
      await storage.put(`${dir}/320.webp`, Buffer.from('moving'));
      await storage.put(`quarantine/2026-11-23/${dir}/320.webp`, Buffer.from('older'));
      await storage.move(`${dir}/320.webp`, `quarantine/2026-11-23/${dir}/320.webp`);
      expect(await storage.get(`${dir}/320.webp`)).toBeNull();
      expect((await bytesOf(storage, `quarantine/2026-11-23/${dir}/320.webp`))!.toString()).toBe(
        'moving',
      );
    });

    it('refuses keys that could leave its root', async () => {
      for (const key of ['../etc/passwd', 'photos//x', '/photos/x', 'Photos/X']) {
        await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/Unsafe storage key/);
      }
    });

    it('answers a readiness ping', async () => {
      await expect(storage.ping()).resolves.toBeUndefined();
    });
  });
}

describe('S3 storage that cannot be reached', () => {
  it('fails its ping when the bucket does not exist', async () => {
    const storage = createStorage(
      loadConfig({}, { DATA_DIR: scratch, ...s3.env, S3_BUCKET: 'no-such-bucket' }),
    ) as S3Storage;
    try {
      await expect(storage.ping()).rejects.toThrow();
    } finally {
      storage.close();
    }
  });
});
