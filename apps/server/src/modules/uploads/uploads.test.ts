import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../../test/app.js';
import {
  addContributorRow,
  createMemorialCast,
  createMemorialRow,
  createUser,
  registrationRequest,
  type MemorialCast,
  type TestUser,
} from '../../../test/factories.js';
import { pdfFile, pngFile } from '../../../test/fixtures.js';
import { uploadRequest } from '../../../test/item-samples.js';
import type { FilePart } from '../../../test/multipart.js';
import type { Env } from '../../config.js';
import { photos } from '../../db/schema/index.js';
import { IMAGE_WIDTHS } from '../../media/image-store.js';
import { formatBytes, processImage } from '../../media/images.js';
import { Semaphore } from '../../lib/semaphore.js';
import { LocalStorage } from '../../storage/local-storage.js';
import { TRIBUTE_KINDS } from '../tributes/tribute-kinds.js';

// ---- Helpers ----

interface World extends MemorialCast {
  t: TestApp;
}

async function world(overrides: Partial<Record<keyof Env, string>>): Promise<World> {
  const t = await createTestApp(overrides);
  return { t, ...(await createMemorialCast(t.app)) };
}

/** The describe block's own world: built before its first test and closed after its last. */
function useWorld(overrides: Partial<Record<keyof Env, string>>): World {
  const w = {} as World;
  beforeAll(async () => {
    Object.assign(w, await world(overrides));
  });
  afterAll(async () => {
    await w.t?.close();
  });
  return w;
}

function upload(
  w: World,
  path: 'photos' | 'memorablias' | 'documents' | 'flowers',
  user: TestUser,
  file: FilePart,
  memorialId = w.memorialId,
) {
  const kind = TRIBUTE_KINDS.find((k) => k.path === path)!;
  return w.t.app.inject(uploadRequest(kind, memorialId, file, user.auth));
}

function postJson(w: World, url: string, user: TestUser, body: object) {
  return w.t.app.inject({ method: 'POST', url, payload: body, headers: user.auth });
}

async function storedKeys(w: World): Promise<string[]> {
  const keys: string[] = [];
  for (const kind of ['photos', 'memorabilia', 'documents', 'flowers', 'avatars']) {
    for await (const key of w.t.app.ctx.storage.list(kind)) keys.push(key);
  }
  return keys.sort();
}

function expectRefused(
  res: { statusCode: number; json(): unknown },
  status: number,
  code: string,
  message: string | RegExp,
) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { code: string; message: string };
  expect(body.code).toBe(code);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
}

const PHOTO_COLORS = ['#8fb8cc', '#c98f86', '#86c9a0', '#b086c9'];
const photo = (n = 0) => pngFile(900, 600, PHOTO_COLORS[n % PHOTO_COLORS.length]);

/** The bytes the server stores for `photo(n)`: every variant, as storeImage would write them. */
async function storedSize(n = 0): Promise<number> {
  const image = await processImage(
    (await photo(n)).body,
    IMAGE_WIDTHS.photos,
    { maxBytes: 10 * 1024 * 1024, maxPixels: 40_000_000 },
    { gate: new Semaphore(1) },
  );
  return image.variants.reduce((sum, v) => sum + v.body.length, 0);
}

// ---- Quotas ----

describe(`upload quotas by count (${TEST_ENGINE})`, () => {
  const w = useWorld({ MEMORIAL_UPLOAD_QUOTA_COUNT: '2', USER_UPLOAD_QUOTA_COUNT: '3' });

  it('refuses a memorial its next upload once it holds its limit, naming the limit', async () => {
    expect((await upload(w, 'photos', w.contributor, await photo(0))).statusCode).toBe(201);
    const flower = await upload(w, 'flowers', w.member, await photo(1));
    expect(flower.statusCode).toBe(201);
    // A bouquet is the product's own picture: it stores nothing and is never refused.
    const bouquet = await postJson(w, '/api/v1/flowers', w.member, {
      postId: w.memorialId,
      bouquet: 'white-lilies',
    });
    expect(bouquet.statusCode).toBe(201);

    const before = await storedKeys(w);
    const full =
      'This memorial already holds 2 uploads, its limit. Removing older uploads makes room.';
    for (const [path, user, file] of [
      ['memorablias', w.owner, await photo(2)],
      ['documents', w.owner, pdfFile()],
      ['flowers', w.member, await photo(3)],
    ] as const) {
      expectRefused(await upload(w, path, user, file), 403, 'QUOTA_EXCEEDED', full);
    }
    expect(await storedKeys(w)).toEqual(before);

    // Removing an upload makes room again.
    const flowerId = (flower.json() as { data: { _id: string } }).data._id;
    const removed = await w.t.app.inject({
      method: 'DELETE',
      url: `/api/v1/flowers/${flowerId}`,
      headers: w.owner.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect((await upload(w, 'documents', w.owner, pdfFile())).statusCode).toBe(201);
  });

  it('refuses a member their next upload once they have uploaded their limit', async () => {
    const uploader = await createUser(w.t.app);
    const memorials = await Promise.all(
      [0, 1, 2, 3].map(() => createMemorialRow(w.t.app, w.owner)),
    );
    for (const m of memorials) await addContributorRow(w.t.app, m.id, uploader);
    expect((await upload(w, 'photos', uploader, await photo(0), memorials[0]!.id)).statusCode).toBe(
      201,
    );
    expect(
      (await upload(w, 'flowers', uploader, await photo(1), memorials[1]!.id)).statusCode,
    ).toBe(201);
    expect((await upload(w, 'documents', uploader, pdfFile(), memorials[2]!.id)).statusCode).toBe(
      201,
    );
    expectRefused(
      await upload(w, 'memorablias', uploader, await photo(2), memorials[3]!.id),
      403,
      'QUOTA_EXCEEDED',
      'You have already uploaded 3 files, your limit. Removing older uploads makes room.',
    );
    // Someone else may still upload to that memorial.
    expect((await upload(w, 'photos', w.owner, await photo(3), memorials[3]!.id)).statusCode).toBe(
      201,
    );
  });
});

describe(`upload quotas by bytes (${TEST_ENGINE})`, () => {
  let size: number;
  let memorialWorld: World;
  let userWorld: World;
  beforeAll(async () => {
    // Every test here uploads photo(0), whose stored size is known in advance.
    size = await storedSize(0);
    memorialWorld = await world({ MEMORIAL_UPLOAD_QUOTA_BYTES: String(2 * size) });
    userWorld = await world({ USER_UPLOAD_QUOTA_BYTES: String(Math.floor(1.5 * size)) });
  });
  afterAll(async () => {
    await memorialWorld?.t.close();
    await userWorld?.t.close();
  });

  it('stores the bytes each upload holds, as written to storage', async () => {
    const w = memorialWorld;
    const res = await upload(w, 'photos', w.contributor, await photo(0));
    expect(res.statusCode).toBe(201);
    const id = (res.json() as { data: { _id: string } }).data._id;
    const [row] = await w.t.app.ctx.db.select().from(photos).where(eq(photos.id, id));
    let written = 0;
    for (const width of row!.imageWidths!) {
      const object = await w.t.app.ctx.storage.get(`${row!.imageKey}/${width}.webp`);
      written += object!.size;
      object!.stream.destroy();
    }
    expect(row!.byteSize).toBe(written);
    expect(row!.byteSize).toBe(size);
  });

  it('refuses a memorial an upload once it holds its limit in bytes, naming the limit', async () => {
    const w = memorialWorld;
    // The test above stored one photo(0): this second one fills the memorial exactly.
    expect((await upload(w, 'photos', w.owner, await photo(0))).statusCode).toBe(201);
    const before = await storedKeys(w);
    expectRefused(
      await upload(w, 'photos', w.contributor, await photo(0)),
      403,
      'QUOTA_EXCEEDED',
      `This memorial already holds ${formatBytes(2 * size)} of uploads, its limit. Removing older uploads makes room.`,
    );
    expect(await storedKeys(w)).toEqual(before);
  });

  it('refuses a member an upload that would take them past their limit in bytes', async () => {
    const w = userWorld;
    const other = await createMemorialRow(w.t.app, w.owner);
    await addContributorRow(w.t.app, other.id, w.contributor);
    expect((await upload(w, 'photos', w.contributor, await photo(0))).statusCode).toBe(201);
    const before = await storedKeys(w);
    expectRefused(
      await upload(w, 'photos', w.contributor, await photo(0), other.id),
      403,
      'QUOTA_EXCEEDED',
      `This file would take your uploads past your limit of ${formatBytes(Math.floor(1.5 * size))}. Removing older uploads makes room.`,
    );
    expect(await storedKeys(w)).toEqual(before);
    // The owner has uploaded nothing yet: the memorial itself has room.
    expect((await upload(w, 'photos', w.owner, await photo(0), other.id)).statusCode).toBe(201);
  });
});

// ---- Rate limits ----

describe(`creation rate limits (${TEST_ENGINE})`, () => {
  const w = useWorld({
    FLOWER_LIMIT_PER_USER: '2',
    PRAYER_LIMIT_PER_USER: '2',
    UPLOAD_LIMIT_PER_USER: '2',
    REGISTER_LIMIT_PER_IP: '1',
  });

  function expectThrottled(res: Awaited<ReturnType<typeof upload>>, message: RegExp) {
    expectRefused(res, 429, 'RATE_LIMITED', message);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  }

  it('limits flowers per member with 429 and Retry-After', async () => {
    const flower = { postId: w.memorialId, bouquet: 'white-lilies' };
    expect((await postJson(w, '/api/v1/flowers', w.member, flower)).statusCode).toBe(201);
    expect((await upload(w, 'flowers', w.member, await photo(0))).statusCode).toBe(201);
    expectThrottled(
      await postJson(w, '/api/v1/flowers', w.member, flower),
      /^You have left many flowers in a short time\. Please try again in 15 minutes\.$/,
    );
    expectThrottled(await upload(w, 'flowers', w.member, await photo(1)), /many flowers/);
    // Another member is not held back by this one.
    expect((await postJson(w, '/api/v1/flowers', w.owner, flower)).statusCode).toBe(201);
  });

  it('limits prayers per member', async () => {
    const prayer = { postId: w.memorialId, prayerText: 'Rest in peace, dear friend.' };
    expect((await postJson(w, '/api/v1/prayers', w.member, prayer)).statusCode).toBe(201);
    expect((await postJson(w, '/api/v1/prayers', w.member, prayer)).statusCode).toBe(201);
    expectThrottled(
      await postJson(w, '/api/v1/prayers', w.member, prayer),
      /^You have said many prayers in a short time\./,
    );
  });

  it('limits photos, memorabilia and documents together per member', async () => {
    expect((await upload(w, 'photos', w.contributor, await photo(0))).statusCode).toBe(201);
    expect((await upload(w, 'documents', w.contributor, pdfFile())).statusCode).toBe(201);
    const throttled = /^You have uploaded many files in a short time\./;
    expectThrottled(await upload(w, 'memorablias', w.contributor, await photo(1)), throttled);
    expectThrottled(await upload(w, 'photos', w.contributor, await photo(2)), throttled);
    expectThrottled(await upload(w, 'documents', w.contributor, pdfFile()), throttled);
    expect((await upload(w, 'photos', w.owner, await photo(3))).statusCode).toBe(201);
  });

  it('limits sign-ups per address before reading the body', async () => {
    const register = async (avatar: FilePart) =>
      w.t.app.inject({ ...(await registrationRequest({}, avatar)), remoteAddress: '10.9.9.9' });
    expect((await register(await pngFile())).statusCode).toBe(201);
    // Over the limit, even a body too large to read is refused by the limit, not read first.
    const huge = {
      filename: 'big.png',
      contentType: 'image/png',
      body: Buffer.alloc(11 * 1024 * 1024, 1),
    };
    const res = await register(huge);
    expectRefused(res, 429, 'RATE_LIMITED', /^Too many sign-ups from this address\./);
  });
});

// ---- Pixel caps and disk space ----

describe(`pixel caps for avatars and flowers (${TEST_ENGINE})`, () => {
  const w = useWorld({ MAX_AVATAR_PIXELS: '1000000', MAX_FLOWER_PIXELS: '1000000' });

  it('refuses an avatar over its own pixel cap, naming it', async () => {
    const res = await w.t.app.inject(await registrationRequest({}, await pngFile(1200, 1000)));
    expectRefused(
      res,
      422,
      'INVALID_FILE',
      'The profile picture has too many pixels (at most 1 megapixel). Please use a smaller image.',
    );
    expect(await storedKeys(w)).toEqual([]);
  });

  it('refuses a flower over its own pixel cap, and takes the same picture as a photo', async () => {
    const big = await pngFile(1200, 1000);
    expectRefused(
      await upload(w, 'flowers', w.member, big),
      422,
      'INVALID_FILE',
      'The flower picture has too many pixels (at most 1 megapixel). Please use a smaller image.',
    );
    expect((await upload(w, 'photos', w.contributor, big)).statusCode).toBe(201);
    expect((await upload(w, 'flowers', w.member, await pngFile(1000, 1000))).statusCode).toBe(201);
  });
});

describe(`free disk space (${TEST_ENGINE})`, () => {
  // A floor no disk can clear: every write is refused.
  const w = useWorld({ MIN_FREE_DISK_BYTES: String(Number.MAX_SAFE_INTEGER) });

  it('refuses an upload with 507 when the disk is below its floor, storing nothing', async () => {
    const message =
      'The server is running out of space for uploads, so this file was not saved. Please try again later.';
    for (const [path, file] of [
      ['photos', await photo(0)],
      ['documents', pdfFile()],
    ] as const) {
      expectRefused(
        await upload(w, path, w.contributor, file),
        507,
        'INSUFFICIENT_STORAGE',
        message,
      );
    }
    expect(await storedKeys(w)).toEqual([]);
    expect(await w.t.app.ctx.db.select().from(photos)).toEqual([]);
  });

  it('counts the file about to be written against the floor', async () => {
    const mb = 1024 * 1024;
    const storage = new LocalStorage(w.t.dataDir + '/floor', {
      minFreeBytes: 5 * mb,
      statfs: async () => ({ bavail: 10 * 1024, bsize: 1024 }),
    });
    await storage.put('photos/a/1.webp', Buffer.alloc(4 * mb));
    await expect(storage.put('photos/a/2.webp', Buffer.alloc(6 * mb))).rejects.toMatchObject({
      statusCode: 507,
    });
    const keys: string[] = [];
    for await (const key of storage.list('photos')) keys.push(key);
    expect(keys).toEqual(['photos/a/1.webp']);
  });
});
