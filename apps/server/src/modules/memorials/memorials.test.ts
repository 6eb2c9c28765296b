import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { TEST_ENGINE, useTestApp } from '../../../test/app.js';
import {
  addContributorRequest,
  createMemorialRequest,
  createUser,
  type TestUser,
} from '../../../test/factories.js';
import { jpegFile, pngFile, pngWithGps, textAsPng } from '../../../test/fixtures.js';
import { multipart, multipartRequest, type FilePart } from '../../../test/multipart.js';
import { documents, flowers, memorabilia, memorials, photos } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';
import { listMemorialPage, type ListPosition } from './memorials.repository.js';
import { CreateMemorialSchema, DEATH_DATE_RULE, type CreateMemorial } from '@rips/shared/memorials';

const t = useTestApp();
let sponsor: TestUser;
let visitor: TestUser;
let admin: TestUser;

beforeAll(async () => {
  sponsor = await createUser(t.app, { role: 'sponsor', fullName: 'Grace Hopper' });
  visitor = await createUser(t.app, { role: 'visitor' });
  admin = await createUser(t.app, { role: 'admin' });
});

type Headers = Record<string, string>;

async function createMemorial(
  owner: TestUser,
  fields: Record<string, string> = {},
  image: FilePart | null = null,
) {
  return t.app.inject(
    await createMemorialRequest(
      owner.auth,
      {
        owner: 'ignored',
        title: 'Margaret Brown',
        description: 'A gardener.',
        traits: 'kind',
        ...fields,
      },
      image,
    ),
  );
}

async function newMemorialId(
  owner: TestUser = sponsor,
  fields: Record<string, string> = {},
): Promise<string> {
  const res = await createMemorial(owner, fields);
  expect(res.statusCode).toBe(201);
  return res.json().data._id as string;
}

function get(url: string, headers: Headers = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

async function listAll(
  query: string,
  headers: Headers = {},
): Promise<Array<{ _id: string; title: string }>> {
  const items: Array<{ _id: string; title: string }> = [];
  let cursor: string | null = null;
  do {
    const qs = new URLSearchParams({ q: query, limit: '5', ...(cursor ? { cursor } : {}) });
    const res = await get(`/api/v1/posts?${qs}`, headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    items.push(...body.data);
    cursor = body.nextCursor;
  } while (cursor);
  return items;
}

async function storedKeys(kind: string): Promise<string[]> {
  const keys: string[] = [];
  // Listed entries are keys, or objects carrying the key, depending on the storage version.
  for await (const entry of t.app.ctx.storage.list(kind) as AsyncIterable<
    string | { key: string }
  >) {
    keys.push(typeof entry === 'string' ? entry : entry.key);
  }
  return keys;
}

describe(`memorials (${TEST_ENGINE})`, () => {
  it('creates a memorial with a verified, EXIF-free picture in responsive sizes, owned by the caller', async () => {
    const res = await createMemorial(
      sponsor,
      {
        owner: visitor.row.id,
        title: '  Ada Lovelace ',
        birthPlace: 'London',
        burial: 'St Mary Magdalene',
        plot: 'Row 4',
        dateOfBirth: '1815-12-10',
        deathDate: '1852-11-27T00:00:00.000Z',
        traits: 'curious  Poet  curious mathematician',
      },
      await jpegFile(1600, 900),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Post Created Successfully');
    const post = body.data;
    expect(post).toMatchObject({
      title: 'Ada Lovelace',
      owner: { _id: sponsor.row.id, fullName: 'Grace Hopper' },
      birthPlace: 'London',
      dateOfBirth: '1815-12-10',
      deathDate: '1852-11-27',
      traits: 'curious  Poet  curious mathematician',
      tags: ['curious', 'Poet', 'mathematician'],
      reactions: 0,
      likedByMe: false,
      contributer: [],
      access: { canManage: true, canContribute: true },
    });
    expect(post.image.width).toBe(1600);
    expect(post.image.height).toBe(900);
    expect(post.image.srcSet.split(', ')).toHaveLength(4);
    expect(post.postImg).toBe(post.image.src);

    const [row] = await t.app.ctx.db.select().from(memorials).where(eq(memorials.id, post._id));
    expect(row!.tagsText).toBe('curious\u001fPoet\u001fmathematician');

    for (const entry of post.image.srcSet.split(', ')) {
      const [url, width] = entry.split(' ');
      const file = await get(url);
      expect(file.statusCode).toBe(200);
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(`${meta.width}w`).toBe(width);
    }
  });

  it('stores every field the create form parses, none listed by hand', async () => {
    // One value for each field of the create form, none its default: a field without one here
    // does not compile, and a field create does not store fails below.
    const sent: Record<keyof CreateMemorial, string> = {
      title: 'Grace Murray',
      description: 'A life at sea and at the keyboard.',
      birthPlace: 'New York',
      burial: 'Arlington',
      plot: 'Section 59',
      dateOfBirth: '1906-12-09',
      deathDate: '1992-01-01',
      traits: 'admiral',
      posterLine: 'Always be kind',
      visibility: 'unlisted',
      indexable: 'false',
      tributeModeration: 'approve',
    };
    const res = await createMemorial(sponsor, sent);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.app.ctx.db
      .select()
      .from(memorials)
      .where(eq(memorials.id, res.json().data._id));
    const parsed = CreateMemorialSchema.parse(sent);
    const defaults = CreateMemorialSchema.parse({ title: 'x' });
    for (const key of Object.keys(CreateMemorialSchema.shape) as (keyof CreateMemorial)[]) {
      if (key === 'traits') {
        expect(row!.tags).toEqual(['admiral']);
        continue;
      }
      if (key !== 'title')
        expect(parsed[key], `${key} is not its default`).not.toEqual(defaults[key]);
      expect(row![key], key).toEqual(parsed[key]);
    }
  });

  it('strips GPS metadata from the stored picture', async () => {
    const res = await createMemorial(sponsor, {}, await pngWithGps());
    expect(res.statusCode).toBe(201);
    const file = await get(res.json().data.image.src);
    expect((await sharp(file.rawPayload).metadata()).exif).toBeUndefined();
  });

  it('refuses a text file posing as the picture and stores nothing', async () => {
    const before = await storedKeys('memorials');
    const res = await createMemorial(sponsor, { title: 'Not a picture' }, textAsPng());
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'INVALID_FILE', success: false });
    expect(await storedKeys('memorials')).toEqual(before);
    expect((await listAll('Not a picture')).length).toBe(0);
  });

  it('requires a name and bounds every text field', async () => {
    const noTitle = await createMemorial(sponsor, { title: '   ' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toBe('Please enter the name of the person you are remembering.');

    for (const [field, max] of [
      ['title', 120],
      ['description', 20_000],
      ['birthPlace', 200],
      ['burial', 200],
      ['plot', 200],
      ['traits', 500],
    ] as const) {
      const tooLong = await createMemorial(sponsor, { [field]: 'x'.repeat(max + 1) });
      expect(tooLong.statusCode, field).toBe(400);
      expect(tooLong.json().errors[0].path).toBe(field);
      // The refusal names the limit; nothing is cut to fit.
      expect(tooLong.json().errors[0].message, field).toContain(`at most ${max} characters`);
      expect((await createMemorial(sponsor, { [field]: 'x'.repeat(max) })).statusCode, field).toBe(
        201,
      );
    }
  });

  it('validates dates: real days, death not before birth, neither in the future', async () => {
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ dateOfBirth: '1950-02-30' }, 'dateOfBirth', 'The date of birth is not a valid date.'],
      [{ deathDate: 'yesterday' }, 'deathDate', 'The date of death is not a valid date.'],
      [
        { dateOfBirth: '1950-05-02', deathDate: '1950-05-01' },
        'deathDate',
        'The date of death cannot be in the future or before the date of birth.',
      ],
      [
        { deathDate: '2062-11-02' },
        'deathDate',
        'The date of death cannot be in the future or before the date of birth.',
      ],
      [{ deathDate: future }, 'deathDate', DEATH_DATE_RULE],
      [
        { deathDate: '1948--' },
        'deathDate',
        'The date of death: please give the day, month and year.',
      ],
      [{ dateOfBirth: future }, 'dateOfBirth', 'The date of birth cannot be in the future.'],
    ];
    for (const [fields, path, message] of cases) {
      const res = await createMemorial(sponsor, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().errors).toContainEqual({ path, message });
    }
    const sameDay = await createMemorial(sponsor, {
      dateOfBirth: '2020-01-01',
      deathDate: '2020-01-01',
    });
    expect(sameDay.statusCode).toBe(201);
    const empty = await createMemorial(sponsor, { dateOfBirth: '', deathDate: '' });
    expect(empty.json().data).toMatchObject({ dateOfBirth: null, deathDate: null });

    // An update is checked against the dates already stored.
    const id = await newMemorialId(sponsor, { dateOfBirth: '1940-01-01', deathDate: '2000-01-01' });
    const res = await t.app.inject(
      multipartRequest('PATCH', `/api/v1/posts/${id}`, sponsor.auth, { deathDate: '1930-01-01' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(DEATH_DATE_RULE);
  });

  it('refuses year 0000 and years before 1000 with a clear 400, before the database', async () => {
    const title = `Year zero ${randomUUID().slice(0, 8)}`;
    for (const [fields, path, message] of [
      [
        { dateOfBirth: '0000-01-01' },
        'dateOfBirth',
        'The date of birth must be in the year 1000 or later.',
      ],
      [
        { deathDate: '0000-12-31' },
        'deathDate',
        'The date of death must be in the year 1000 or later.',
      ],
      [
        { dateOfBirth: '0099-03-01' },
        'dateOfBirth',
        'The date of birth must be in the year 1000 or later.',
      ],
      [
        { dateOfBirth: '0999-12-31T00:00:00Z' },
        'dateOfBirth',
        'The date of birth must be in the year 1000 or later.',
      ],
    ] as const) {
      const res = await createMemorial(sponsor, { title, ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
      expect(res.json().errors).toContainEqual({ path, message });
    }
    const stored = await t.app.ctx.db.select().from(memorials).where(eq(memorials.title, title));
    expect(stored).toEqual([]);

    // The earliest accepted day, and a leap day, round-trip unchanged.
    const early = await createMemorial(sponsor, {
      dateOfBirth: '1000-01-01',
      deathDate: '1004-02-29',
    });
    expect(early.statusCode).toBe(201);
    expect(early.json().data).toMatchObject({ dateOfBirth: '1000-01-01', deathDate: '1004-02-29' });
  });

  it('searches title, description and tags in any letter case; blank shows all; newest first', async () => {
    const marker = randomUUID().slice(0, 8);
    const byTitle = await newMemorialId(sponsor, {
      title: `Zelda ${marker}title`,
      description: 'Quiet.',
    });
    const byDescription = await newMemorialId(sponsor, {
      title: 'Arthur Pike',
      description: `She loved the ${marker}ORCHARD and the sea.`,
    });
    const byTag = await newMemorialId(sponsor, {
      title: 'Ivy Moss',
      description: 'Teacher.',
      traits: `brave ${marker}Gardener`,
    });

    expect((await listAll(`${marker}TITLE`)).map((m) => m._id)).toEqual([byTitle]);
    expect((await listAll(`${marker}orchard`)).map((m) => m._id)).toEqual([byDescription]);
    expect((await listAll(`${marker}gARDENER`)).map((m) => m._id)).toEqual([byTag]);
    expect((await listAll(marker)).map((m) => m._id)).toEqual([byTag, byDescription, byTitle]);

    // A visitor's list: every public memorial (other tests here also make unlisted ones).
    const total = (
      await t.app.ctx.db
        .select({ id: memorials.id })
        .from(memorials)
        .where(eq(memorials.visibility, 'public'))
    ).length;
    const all = await listAll('   ');
    expect(all.length).toBe(total);
    expect(await listAll('')).toEqual(all);
  });

  it('treats %, _ and \\ in the search as plain characters, and never matches across two tags', async () => {
    const marker = randomUUID().slice(0, 8);
    const percent = await newMemorialId(sponsor, { title: `Rate 100% ${marker}` });
    await newMemorialId(sponsor, { title: `Rate 1000 ${marker}` });
    const underscore = await newMemorialId(sponsor, { title: `snake_${marker}` });
    await newMemorialId(sponsor, { title: `snakes${marker}` });
    const backslash = await newMemorialId(sponsor, { title: `back\\slash ${marker}` });
    const twoTags = await newMemorialId(sponsor, {
      title: 'Two Tags',
      traits: `alpha${marker} beta`,
    });

    expect((await listAll(`100% ${marker}`)).map((m) => m._id)).toEqual([percent]);
    expect((await listAll(`snake_${marker}`)).map((m) => m._id)).toEqual([underscore]);
    expect((await listAll(`back\\slash`)).map((m) => m._id)).toEqual([backslash]);
    expect((await listAll(`${marker}beta`)).map((m) => m._id)).toEqual([]);
    expect((await listAll(`alpha${marker}`)).map((m) => m._id)).toEqual([twoTags]);
    expect((await listAll(`beta alpha${marker}`)).map((m) => m._id)).toEqual([twoTags]);
  });

  it('finds a memorial by every word of the name friends know, in any order and letter case', async () => {
    const marker = randomUUID().slice(0, 8);
    const robert = await newMemorialId(sponsor, {
      title: `Robert James Hale${marker}`,
      description: 'A carpenter from Leeds.',
    });
    const other = await newMemorialId(sponsor, { title: `Robert Stone${marker}`, traits: 'hale' });
    await newMemorialId(sponsor, { title: `Roberta Hill${marker}` });

    expect((await listAll(`robert hale${marker}`)).map((m) => m._id)).toEqual([robert]);
    expect((await listAll(`HALE${marker}   Robert`)).map((m) => m._id)).toEqual([robert]);
    // A word may match the description or a tag, not only the title.
    expect((await listAll(`leeds robert ${marker}`)).map((m) => m._id)).toEqual([robert]);
    expect((await listAll(`stone${marker} hale`)).map((m) => m._id)).toEqual([other]);
    expect((await listAll(`robert ${marker} nobody`)).map((m) => m._id)).toEqual([]);
  });

  it('pages through every memorial exactly once, and keeps pages small', async () => {
    const marker = randomUUID().slice(0, 8);
    const created: string[] = [];
    for (let i = 0; i < 13; i++)
      created.push(
        await newMemorialId(sponsor, {
          title: `Page ${marker} ${i}`,
          description: 'word '.repeat(900),
        }),
      );
    const found = await listAll(marker);
    expect(found.map((m) => m._id)).toEqual([...created].reverse());
    expect(new Set(found.map((m) => m._id)).size).toBe(13);

    const first = await get(`/api/v1/posts?q=${marker}`);
    const body = first.json();
    expect(body.data).toHaveLength(12);
    expect(typeof body.nextCursor).toBe('string');
    expect(body.data[0].description.length).toBeLessThanOrEqual(301);
    expect(first.rawPayload.length).toBeLessThan(30 * 1024);

    const invalid = await get('/api/v1/posts?cursor=not-a-cursor');
    expect(invalid.statusCode).toBe(400);
  });

  it('finds the same pages whether a search counts as rare (trigram CTE) or common (newest-first walk)', async () => {
    const marker = randomUUID().slice(0, 8);
    for (let i = 0; i < 7; i++)
      await newMemorialId(sponsor, {
        title: `Walk ${marker} ${i}`,
        traits: i % 2 ? `odd${marker}` : 'even',
      });
    await newMemorialId(sponsor, { title: 'Unrelated' });
    async function pages(search: string, commonMatches: number) {
      const ids: string[][] = [];
      let after: ListPosition | null = null;
      do {
        const page: Awaited<ReturnType<typeof listMemorialPage>> = await listMemorialPage(
          t.app.ctx.db,
          null,
          { search, limit: 2, after, commonMatches },
        );
        ids.push(page.rows.map((r) => r.id));
        after = page.next;
      } while (after);
      return ids;
    }
    for (const search of [marker, `ODD${marker}`]) {
      const rare = await pages(search, 1000);
      const common = await pages(search, 1);
      expect(common).toEqual(rare);
      expect(rare.flat().length).toBe(search === marker ? 7 : 3);
    }
  });

  it('finds the same memorials through the search vocabulary as by testing the text', async () => {
    const marker = randomUUID().slice(0, 8);
    // A story in a script written without spaces, longer than a vocabulary piece (64 to 128
    // characters), and a long address: parts of them must be found at any position.
    const story = Array.from({ length: 300 }, (_, i) => '安らかに眠れ'[i % 6]).join('') + marker;
    const address = `https://example.org/${marker}/` + 'abcdefghij'.repeat(15) + '/end';
    const texts = [
      {
        title: `Seán O'Brien, ${marker}`,
        description: 'Fisherman.\nSang\tloudly.',
        traits: 'kind',
      },
      { title: `ÉLODIE Marchand`, description: `Née à Lyon ${marker}`, traits: 'brave gentle' },
      { title: 'Story', description: story, traits: 'reader' },
      { title: 'Address', description: `See ${address} for photos.`, traits: `writer${marker}` },
      { title: 'Non\u00a0breaking', description: `space${marker}`, traits: 'x' },
    ];
    const ids: string[] = [];
    for (const fields of texts) ids.push(await newMemorialId(sponsor, fields));
    const ours = new Set(ids);
    const haystacks = texts.map((f) =>
      [f.title, f.description, ...f.traits.split(' ')].join('\u001f').toLowerCase(),
    );
    const queries = [
      `o'brien, ${marker}`,
      `brien ${marker}`,
      'sang loudly',
      'élodie',
      `NÉE LYON ${marker}`,
      story.slice(0, 5),
      story.slice(60, 70),
      story.slice(120, 180),
      story.slice(250, 300),
      `${marker.slice(2)}`,
      address.slice(90, 150),
      address.slice(130, 193),
      `${marker}/abc`,
      `writer${marker} address`,
      `non\u00a0breaking`,
      `breaking space${marker}`,
      `lyon${marker}`,
      `reader${marker}`,
    ];
    for (const q of queries) {
      const words = q.toLowerCase().split(/\s+/);
      const expected = ids.filter((_, i) => words.every((w) => haystacks[i]!.includes(w)));
      const found: Record<string, string[]> = {};
      for (const vocabulary of [true, false]) {
        const page = await listMemorialPage(t.app.ctx.db, null, {
          search: q,
          limit: 50,
          after: null,
          vocabulary,
        });
        found[String(vocabulary)] = page.rows.map((r) => r.id).filter((id) => ours.has(id));
      }
      expect(found['true'], q).toEqual([...expected].reverse());
      expect(found['false'], q).toEqual(found['true']);
    }
  });

  it('tests a word found inside too many vocabulary words as text, and finds the same', async () => {
    const marker = randomUUID().slice(0, 8);
    const ids: string[] = [];
    for (const [i, prefix] of ['north', 'south', 'west'].entries()) {
      ids.push(
        await newMemorialId(sponsor, { title: `Ash ${i}`, description: `${prefix}${marker}` }),
      );
    }
    async function found(search: string, options: { vocabulary?: boolean; max?: number }) {
      const page = await listMemorialPage(t.app.ctx.db, null, {
        search,
        limit: 50,
        after: null,
        vocabulary: options.vocabulary,
        vocabularyMatchesMax: options.max,
      });
      return page.rows.map((r) => r.id);
    }
    const asText = await found(marker, { vocabulary: false });
    expect(asText).toEqual([...ids].reverse());
    // Three vocabulary words hold the marker: with room for one, or for two, it is common.
    expect(await found(marker, { max: 1 })).toEqual(asText);
    expect(await found(marker, { max: 2 })).toEqual(asText);
    expect(await found(marker, {})).toEqual(asText);
    // A common word beside a rare one: the rare one still comes from the vocabulary.
    expect(await found(`${marker} south${marker}`, { max: 1 })).toEqual([ids[1]]);
    expect(await found(`${marker} nowhere${marker}`, { max: 1 })).toEqual([]);
  });

  it('deletes a memorial with its tributes and galleries, rows and stored files', async () => {
    const res = await createMemorial(sponsor, { title: 'To be removed' }, await pngFile(400, 300));
    const post = res.json().data;
    const [memorial] = await t.app.ctx.db
      .select()
      .from(memorials)
      .where(eq(memorials.id, post._id));
    const { storage, db } = t.app.ctx;
    const put = async (key: string) => storage.put(key, Buffer.from('bytes'));
    const flowerKey = `flowers/2026/01/${randomUUID()}`;
    const photoKey = `photos/2026/01/${randomUUID()}`;
    const memorabiliaKey = `memorabilia/2026/01/${randomUUID()}`;
    const documentKey = `documents/2026/01/${randomUUID()}/letter.pdf`;
    await put(`${flowerKey}/320.webp`);
    await put(`${photoKey}/640.webp`);
    await put(`${memorabiliaKey}/640.webp`);
    await put(documentKey);
    const base = { memorialId: post._id as string, ownerId: visitor.row.id };
    await db.insert(flowers).values({ ...base, imageKey: flowerKey, imageWidths: [320] });
    await db.insert(photos).values({ ...base, imageKey: photoKey, imageWidths: [640] });
    await db.insert(memorabilia).values({ ...base, imageKey: memorabiliaKey, imageWidths: [640] });
    await db.insert(documents).values({
      ...base,
      fileKey: documentKey,
      fileName: 'letter.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 5,
    });
    const other = await newMemorialId(sponsor);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/posts/${post._id}`,
      headers: sponsor.auth,
    });
    expect(removed.statusCode).toBe(200);

    expect((await get(`/api/v1/posts/post/${post._id}`)).statusCode).toBe(404);
    for (const table of [flowers, photos, memorabilia, documents]) {
      expect(await db.select().from(table).where(eq(table.memorialId, post._id))).toEqual([]);
    }
    const everything = [
      ...(await storedKeys('memorials')),
      ...(await storedKeys('flowers')),
      ...(await storedKeys('photos')),
      ...(await storedKeys('memorabilia')),
      ...(await storedKeys('documents')),
    ];
    for (const prefix of [memorial!.imageKey!, flowerKey, photoKey, memorabiliaKey, documentKey]) {
      expect(everything.filter((k) => k.startsWith(prefix))).toEqual([]);
    }
    // No empty folders are left behind either.
    for (const prefix of [
      memorial!.imageKey!,
      flowerKey,
      photoKey,
      memorabiliaKey,
      documentKey.slice(0, documentKey.lastIndexOf('/')),
    ]) {
      expect(existsSync(path.join(t.app.ctx.config.uploadsDir, prefix)), prefix).toBe(false);
    }
    expect((await get(`/api/v1/posts/post/${other}`)).statusCode).toBe(200);
  });

  it('updates only the fields sent, keeps the picture unless a new one comes, and re-derives tags', async () => {
    const created = (
      await createMemorial(
        sponsor,
        { title: 'Old Name', traits: 'calm', birthPlace: 'Leeds' },
        await pngFile(700, 500),
      )
    ).json().data;
    const [before] = await t.app.ctx.db
      .select()
      .from(memorials)
      .where(eq(memorials.id, created._id));

    const patched = await t.app.inject(
      multipartRequest('PATCH', `/api/v1/posts/${created._id}`, sponsor.auth, {
        title: 'New Name',
        description: 'Updated words.',
      }),
    );
    expect(patched.statusCode).toBe(200);
    expect(patched.json().message).toBe('Post updated successfully!');
    expect(patched.json().data).toMatchObject({
      title: 'New Name',
      description: 'Updated words.',
      birthPlace: 'Leeds',
      tags: ['calm'],
    });
    expect(patched.json().data.image.src).toBe(created.image.src);

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/posts/${created._id}`,
      payload: { traits: 'Brave  brave gentle' },
      headers: sponsor.auth,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.tags).toEqual(['Brave', 'gentle']);
    const [afterPut] = await t.app.ctx.db
      .select()
      .from(memorials)
      .where(eq(memorials.id, created._id));
    expect(afterPut!.tagsText).toBe('Brave\u001fgentle');

    const viaPost = await t.app.inject(
      multipartRequest(
        'POST',
        '/api/v1/posts/update-post',
        sponsor.auth,
        { postId: created._id, title: 'Newest Name', burial: 'Hillside' },
        { postImg: await pngFile(900, 600) },
      ),
    );
    expect(viaPost.statusCode).toBe(200);
    expect(viaPost.json().data).toMatchObject({ title: 'Newest Name', burial: 'Hillside' });
    expect(viaPost.json().data.image.width).toBe(900);
    // The replaced picture's files are gone.
    expect((await storedKeys('memorials')).filter((k) => k.startsWith(before!.imageKey!))).toEqual(
      [],
    );

    const res = await t.app.inject(
      multipartRequest('PATCH', `/api/v1/posts/${created._id}`, sponsor.auth, { title: '' }),
    );
    expect(res.statusCode).toBe(400);
  });

  it('adds contributors with clear refusals for unknown members, the owner and duplicates', async () => {
    const id = await newMemorialId();
    const helper = await createUser(t.app);
    const add = (userId: string, as: TestUser = sponsor, postId = id) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/users/${userId}/roles`,
        payload: { postId, userId },
        headers: as.auth,
      });

    const ok = await add(helper.row.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      message: 'Contributer has been added to this rip successfully!',
      data: { postId: id, contributer: [helper.row.id] },
    });

    const again = await add(helper.row.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already a contributor/);

    const owner = await add(sponsor.row.id);
    expect(owner.statusCode).toBe(409);
    expect(owner.json().message).toMatch(/owner/);

    const unknown = await add(randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/could not find that member/);

    expect((await add(helper.row.id, sponsor, randomUUID())).statusCode).toBe(404);

    const contributed = await get('/api/v1/posts/get-contributer-post', helper.auth);
    expect(contributed.json().data.map((m: { _id: string }) => m._id)).toEqual([id]);
    const detail = await get(`/api/v1/posts/post/${id}`, helper.auth);
    expect(detail.json().data.access).toEqual({ canManage: false, canContribute: true });
    expect(detail.json().data.contributer).toEqual([helper.row.id]);
  });

  it('removes contributors: the owner or an admin anyone, a contributor only themselves', async () => {
    const id = await newMemorialId();
    const [first, second, stranger] = await Promise.all([
      createUser(t.app, { fullName: 'Ada First' }),
      createUser(t.app, { fullName: 'Bo Second' }),
      createUser(t.app),
    ]);
    const admin = await createUser(t.app, { role: 'admin' });
    for (const helper of [first, second]) {
      const added = await t.app.inject(addContributorRequest(id, helper, sponsor.auth));
      expect(added.statusCode).toBe(200);
    }
    const remove = (userId: string, as?: TestUser, postId = id) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/posts/${postId}/contributors/${userId}`,
        headers: as?.auth ?? {},
      });
    const listed = await get(`/api/v1/posts/${id}/contributors`, sponsor.auth);
    expect(listed.json().data).toEqual([
      { _id: first.row.id, userName: first.row.userName, fullName: 'Ada First' },
      { _id: second.row.id, userName: second.row.userName, fullName: 'Bo Second' },
    ]);

    // Who may remove whom is the authorization table's; here, what is not there to remove.
    expect((await remove(first.row.id, sponsor, randomUUID())).statusCode).toBe(404);
    expect((await remove(stranger.row.id, sponsor)).statusCode).toBe(404);
    expect((await remove('not-a-uuid', sponsor)).statusCode).toBe(404);

    const byOwner = await remove(first.row.id, sponsor);
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json()).toMatchObject({
      message: 'The contributor has been removed from this rip.',
      data: { postId: id, contributer: [second.row.id] },
    });
    // The removed member loses the galleries at once, and the memorial from their list.
    const asFirst = await get(`/api/v1/posts/post/${id}`, first.auth);
    expect(asFirst.json().data.access).toEqual({ canManage: false, canContribute: false });
    expect((await get(`/api/v1/photos/post/${id}`, first.auth)).statusCode).toBe(403);
    const contributed = await get('/api/v1/posts/get-contributer-post', first.auth);
    expect(contributed.json().data).toEqual([]);
    expect((await remove(first.row.id, sponsor)).statusCode).toBe(404);

    // A contributor may leave; an admin may remove anyone (here, after re-adding).
    const left = await remove(second.row.id, second);
    expect(left.statusCode).toBe(200);
    expect(left.json().data.contributer).toEqual([]);
    await t.app.inject(addContributorRequest(id, second, sponsor.auth));
    expect((await remove(second.row.id, admin)).statusCode).toBe(200);
    expect((await get(`/api/v1/posts/post/${id}`)).json().data.contributer).toEqual([]);
  });

  it('lists members for the contributor picker, searchable, without private fields', async () => {
    const named = await createUser(t.app, {
      userName: `picker_${randomUUID().slice(0, 6)}`,
      fullName: 'Olive Picker',
    });
    const res = await get(
      `/api/v1/users/normal?q=${named.row.userName.toUpperCase()}`,
      sponsor.auth,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { _id: named.row.id, userName: named.row.userName, fullName: 'Olive Picker' },
    ]);
    const all = await get('/api/v1/users/normal', sponsor.auth);
    expect(all.json().data.map((m: { _id: string }) => m._id)).not.toContain(sponsor.row.id);
    expect((await get('/api/v1/users/normal')).statusCode).toBe(401);
  });

  it('likes and unlikes idempotently, keeping the count in step', async () => {
    const id = await newMemorialId();
    const like = (u: TestUser, method: 'PUT' | 'DELETE') =>
      t.app.inject({ method, url: `/api/v1/posts/${id}/like`, headers: u.auth });
    expect((await like(visitor, 'PUT')).json().data).toEqual({ reactions: 1, likedByMe: true });
    expect((await like(visitor, 'PUT')).json().data).toEqual({ reactions: 1, likedByMe: true });
    expect((await like(admin, 'PUT')).json().data).toEqual({ reactions: 2, likedByMe: true });
    expect((await like(visitor, 'DELETE')).json().data).toEqual({ reactions: 1, likedByMe: false });
    expect((await like(visitor, 'DELETE')).json().data).toEqual({ reactions: 1, likedByMe: false });

    const detail = (await get(`/api/v1/posts/post/${id}`, admin.auth)).json().data;
    expect(detail).toMatchObject({ reactions: 1, likedByMe: true });
    const asVisitor = (await get(`/api/v1/posts/post/${id}`, visitor.auth)).json().data;
    expect(asVisitor).toMatchObject({ reactions: 1, likedByMe: false });
    const listed = (await get('/api/v1/posts?limit=48', admin.auth))
      .json()
      .data.find((m: { _id: string }) => m._id === id);
    expect(listed).toMatchObject({ reactions: 1, likedByMe: true });
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/v1/posts/${randomUUID()}/like`,
          headers: visitor.auth,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("lists the sponsor's own memorials in full", async () => {
    const owner = await createUser(t.app, { role: 'sponsor' });
    const first = await newMemorialId(owner, { description: 'd'.repeat(600) });
    const second = await newMemorialId(owner);
    const res = await get('/api/v1/posts/get-sponsor-post', owner.auth);
    expect(res.json().data.map((m: { _id: string }) => m._id)).toEqual([second, first]);
    expect(res.json().data[1].description).toHaveLength(600);
  });

  it('answers 404 for a memorial that does not exist or a malformed id, even to an admin', async () => {
    expect((await get(`/api/v1/posts/post/${randomUUID()}`)).statusCode).toBe(404);
    expect((await get('/api/v1/posts/post/not-an-id')).statusCode).toBe(404);
    const missing = randomUUID();
    const newcomer = await createUser(t.app);
    const { payload, headers } = multipart({ title: 'Changed' });
    for (const request of [
      { method: 'DELETE', url: `/api/v1/posts/${missing}` },
      { method: 'PATCH', url: `/api/v1/posts/${missing}`, payload, headers },
      {
        method: 'PATCH',
        url: `/api/v1/users/${newcomer.row.id}/roles`,
        payload: { postId: missing, userId: newcomer.row.id },
      },
      { method: 'PUT', url: `/api/v1/posts/${missing}/like` },
    ] as const) {
      const res = await t.app.inject({
        ...request,
        headers: { ...('headers' in request ? request.headers : {}), ...admin.auth },
      });
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(404);
    }
  });

  it('a refused change leaves the memorial as it was', async () => {
    const id = await newMemorialId(sponsor);
    const stranger = await createUser(t.app, { role: 'sponsor' });
    const refused = [
      await t.app.inject(
        multipartRequest('PATCH', `/api/v1/posts/${id}`, stranger.auth, { title: 'Changed' }),
      ),
      await t.app.inject({ method: 'DELETE', url: `/api/v1/posts/${id}`, headers: stranger.auth }),
      await t.app.inject({ method: 'DELETE', url: `/api/v1/posts/${id}` }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 401]);
    const after = await get(`/api/v1/posts/post/${id}`);
    expect(after.statusCode).toBe(200);
    expect(after.json().data.title).toBe('Margaret Brown');
  });
});
