import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BOUQUETS } from '@rips/shared/tributes';
import { createTestApp, expectSuccess, TEST_ENGINE, useTestApp } from '../../../test/app.js';
import { createMemorialRow, createUser, useMemorialCast } from '../../../test/factories.js';
import { jpegFile, pngFile, pngWithGps, textAsPng } from '../../../test/fixtures.js';
import { createItemRequest, uploadRequest } from '../../../test/item-samples.js';
import { multipartRequest, type FilePart } from '../../../test/multipart.js';
import { flowers, prayers } from '../../db/schema/index.js';
import { flowerKind, TRIBUTE_KINDS } from './tribute-kinds.js';

const t = useTestApp();
const cast = useMemorialCast(t);

type Auth = { authorization: string } | Record<string, never>;

function leaveFlower(auth: Auth, fields: Record<string, string | undefined>, flowerImg?: FilePart) {
  return t.app.inject(
    multipartRequest('POST', '/api/v1/flowers', auth, fields, flowerImg ? { flowerImg } : {}),
  );
}

function sayPrayer(auth: Auth, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/v1/prayers', payload: body, headers: auth });
}

function get(url: string, auth: Auth = {}) {
  return t.app.inject({ method: 'GET', url, headers: auth });
}

async function storedKeys(kind: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of t.app.ctx.storage.list(kind)) keys.push(key);
  return keys;
}

describe(`flowers (${TEST_ENGINE})`, () => {
  it('leaves a bouquet without a file and lists it first, with its owner and date', async () => {
    const res = await leaveFlower(cast.member.auth, {
      postId: cast.memorialId,
      bouquet: 'white-lilies',
    });
    const flower = expectSuccess(res, 201, 'Flower Added Successfully').data;
    expect(flower).toMatchObject({
      postId: cast.memorialId,
      owner: { _id: cast.member.row.id, fullName: 'Mary Shelley' },
      flowerImg: '/bouquets/white-lilies.svg',
      bouquet: { id: 'white-lilies', name: 'White lilies' },
      image: { src: '/bouquets/white-lilies.svg', width: 320, height: 320 },
    });
    expect(new Date(flower.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const list = await get(`/api/v1/flowers/post/${cast.memorialId}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0]._id).toBe(flower._id);
    expect(list.json().nextCursor).toBeNull();
  });

  it('accepts a bouquet as JSON too, and refuses an unknown bouquet, both kinds at once, or neither', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/flowers',
      payload: { postId: cast.memorialId, bouquet: 'lavender' },
      headers: cast.member.auth,
    });
    expect(json.statusCode).toBe(201);
    expect(json.json().data.bouquet.name).toBe('Lavender');

    const unknown = await leaveFlower(cast.member.auth, {
      postId: cast.memorialId,
      bouquet: 'plastic-tulips',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Please choose one of the bouquets shown.');

    const both = await leaveFlower(
      cast.member.auth,
      { postId: cast.memorialId, bouquet: 'lavender' },
      await pngFile(),
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe('Choose a bouquet or upload a picture, not both.');

    const neither = await leaveFlower(cast.member.auth, { postId: cast.memorialId });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toBe('Please choose a bouquet or a picture of a flower.');

    const missingMemorial = await leaveFlower(cast.member.auth, { bouquet: 'lavender' });
    expect(missingMemorial.statusCode).toBe(400);

    const noSuchMemorial = await leaveFlower(cast.member.auth, {
      postId: '6f1c3f9e-3a53-4c1e-9a51-1b9e8c1d2a3b',
      bouquet: 'lavender',
    });
    expect(noSuchMemorial.statusCode).toBe(404);
  });

  it('every shipped bouquet is accepted', async () => {
    for (const bouquet of BOUQUETS) {
      const res = await leaveFlower(cast.member.auth, {
        postId: cast.memorialId,
        bouquet: bouquet.id,
      });
      expect(res.statusCode, bouquet.id).toBe(201);
      expect(res.json().data.flowerImg).toBe(`/bouquets/${bouquet.id}.svg`);
    }
  });

  it('stores an uploaded flower re-encoded as public WebP variants without EXIF or GPS', async () => {
    const res = await leaveFlower(
      cast.member.auth,
      { postId: cast.memorialId },
      await pngWithGps(),
    );
    expect(res.statusCode).toBe(201);
    const flower = res.json().data;
    expect(flower.bouquet).toBeNull();
    expect(flower.flowerImg).toMatch(/^\/media\/flowers\/\d{4}\/\d{2}\/[0-9a-f-]{36}\/\d+\.webp$/);
    expect(flower.image).toMatchObject({ width: 320, height: 200 });
    expect(flower.image.srcSet).toContain(' 160w');

    const file = await get(flower.flowerImg);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
  });

  it('accepts a real JPEG, and refuses a text file named .png and a truncated image with 422, storing nothing', async () => {
    const jpeg = await leaveFlower(
      cast.member.auth,
      { postId: cast.memorialId },
      await jpegFile(400, 300),
    );
    expect(jpeg.statusCode).toBe(201);

    const before = await storedKeys('flowers');
    const text = await leaveFlower(cast.member.auth, { postId: cast.memorialId }, textAsPng());
    expect(text.statusCode).toBe(422);
    expect(text.json()).toMatchObject({ code: 'INVALID_FILE', success: false });
    expect(text.json().message).toMatch(/not a valid image/);

    const png = (await pngFile(400, 400)).body;
    const truncated = await leaveFlower(
      cast.member.auth,
      { postId: cast.memorialId },
      {
        filename: 'cut.png',
        contentType: 'image/png',
        body: png.subarray(0, Math.floor(png.length / 2)),
      },
    );
    expect(truncated.statusCode).toBe(422);
    expect(await storedKeys('flowers')).toEqual(before);
  });

  it('refuses an image over MAX_IMAGE_BYTES with 413 and a readable reason', async () => {
    const small = await createTestApp({ MAX_IMAGE_BYTES: '2048' });
    try {
      const user = await createUser(small.app);
      const memorial = await createMemorialRow(small.app, user);
      const big = await sharp({
        create: { width: 300, height: 300, channels: 3, background: '#123456' },
      })
        .png({ compressionLevel: 0 })
        .toBuffer();
      const file = { filename: 'big.png', contentType: 'image/png', body: big };
      const res = await small.app.inject(uploadRequest(flowerKind, memorial.id, file, user.auth));
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('The file is larger than 2 KB.');
    } finally {
      await small.close();
    }
  });

  it('pages flowers newest first on a cursor, without gaps or repeats', async () => {
    const memorial = await createMemorialRow(t.app, cast.owner);
    const made: string[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await leaveFlower(cast.member.auth, {
        postId: memorial.id,
        bouquet: BOUQUETS[i % BOUQUETS.length]!.id,
      });
      made.push(res.json().data._id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(
        `/api/v1/flowers/post/${memorial.id}?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page.data.length).toBeLessThanOrEqual(3);
      seen.push(...page.data.map((f: { _id: string }) => f._id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...made].reverse());

    expect((await get(`/api/v1/flowers/post/${memorial.id}?limit=101`)).statusCode).toBe(400);
    expect((await get(`/api/v1/flowers/post/${memorial.id}?cursor=bm9wZQ`)).statusCode).toBe(400);
    const empty = await get(
      `/api/v1/flowers/post/${(await createMemorialRow(t.app, cast.owner)).id}`,
    );
    expect(empty.json()).toMatchObject({ data: [], nextCursor: null });
    expect((await get('/api/v1/flowers/post/not-a-uuid')).statusCode).toBe(404);
  });

  it('deleting an uploaded flower removes its files, and its picture stops being served', async () => {
    const res = await leaveFlower(
      cast.member.auth,
      { postId: cast.memorialId },
      await pngFile(200, 200),
    );
    const flower = res.json().data;
    const [row] = await t.app.ctx.db.select().from(flowers).where(eq(flowers.id, flower._id));
    const files = (await storedKeys('flowers')).filter((k) => k.startsWith(row!.imageKey!));
    expect(files.length).toBeGreaterThan(0);

    const byAuthor = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/flowers/${flower._id}`,
      headers: cast.member.auth,
    });
    expect(byAuthor.statusCode).toBe(200);
    expect((await storedKeys('flowers')).filter((k) => k.startsWith(row!.imageKey!))).toEqual([]);
    expect((await get(flower.flowerImg)).statusCode).toBe(404);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/flowers/${flower._id}`,
      headers: cast.member.auth,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe(`prayers (${TEST_ENGINE})`, () => {
  it('says a prayer as JSON and lists it first with its owner', async () => {
    const res = await sayPrayer(cast.member.auth, {
      postId: cast.memorialId,
      prayerText: '  Rest gently, Ada.  ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Prayer Created Successfully', success: true });
    const prayer = res.json().data;
    expect(prayer).toMatchObject({
      prayerText: 'Rest gently, Ada.',
      postId: cast.memorialId,
      owner: { _id: cast.member.row.id, fullName: 'Mary Shelley' },
    });

    const list = await get(`/api/v1/prayers/post/${cast.memorialId}`);
    expect(list.json().data[0]).toMatchObject({
      _id: prayer._id,
      prayerText: 'Rest gently, Ada.',
    });
  });

  it('accepts the same fields as multipart form data, and refuses a file part', async () => {
    const res = await t.app.inject(
      multipartRequest('POST', '/api/v1/prayers', cast.contributor.auth, {
        postId: cast.memorialId,
        prayerText: 'In our hearts.',
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.prayerText).toBe('In our hearts.');

    const refused = await t.app.inject(
      multipartRequest(
        'POST',
        '/api/v1/prayers',
        cast.contributor.auth,
        { postId: cast.memorialId, prayerText: 'x' },
        { attachment: await pngFile() },
      ),
    );
    expect(refused.statusCode).toBe(400);
  });

  it('refuses an empty or over-long prayer with a readable message', async () => {
    const empty = await sayPrayer(cast.member.auth, { postId: cast.memorialId, prayerText: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please write your prayer.');
    const long = await sayPrayer(cast.member.auth, {
      postId: cast.memorialId,
      prayerText: 'a'.repeat(2001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('A prayer can be at most 2000 characters.');
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/v1/prayers',
      payload: 'prayerText=hi',
      headers: { ...cast.member.auth, 'content-type': 'text/plain' },
    });
    // Plain text is not a form: the fields are missing, so it is a 400, never a stored prayer.
    expect(text.statusCode).toBe(400);
    const [count] = await t.app.ctx.db
      .select()
      .from(prayers)
      .where(eq(prayers.text, 'a'.repeat(2001)));
    expect(count).toBeUndefined();
  });
});

/** What is not about who may do what, but about how a refusal or a missing memorial reads. */
describe(`refusals and missing memorials (${TEST_ENGINE})`, () => {
  it('a member who is not a contributor gets the permission message for the galleries', async () => {
    const res = await get(`/api/v1/photos/post/${cast.memorialId}`, cast.member.auth);
    expect(res.json().message).toBe('You do not have permission to view this content.');
  });

  it('an unknown memorial is 404 for every list and create', async () => {
    const missing = '0b8d5c3e-7f8a-4a51-9a4f-2c1e9b7d6a50';
    for (const kind of TRIBUTE_KINDS) {
      const list = await get(`/api/v1/${kind.path}/post/${missing}`, cast.owner.auth);
      expect(list.statusCode, kind.path).toBe(404);
      const created = await t.app.inject(await createItemRequest(kind, missing, cast.owner.auth));
      expect(created.statusCode, kind.path).toBe(404);
    }
  });
});
