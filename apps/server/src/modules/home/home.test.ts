import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { HOME_LEGENDS_LIMIT, LEGEND_MIN_LIKES } from '@rips/shared/home';
import { memorials } from '../../db/schema/index.js';
import { TEST_ENGINE, useTestApp } from '../../../test/app.js';
import {
  addContributorRow,
  createMemorialRow,
  createUser,
  type TestUser,
} from '../../../test/factories.js';

const t = useTestApp();
let owner: TestUser;
beforeAll(async () => {
  owner = await createUser(t.app, { role: 'sponsor', fullName: 'Grace Hopper' });
});

async function getLegends(headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: '/api/v1/home/legends', headers });
}

async function feature(id: string, at: Date) {
  await t.app.ctx.db.update(memorials).set({ featuredAt: at }).where(eq(memorials.id, id));
}

// One app for the file: each case builds on the rows of the one before, as a site grows.
describe(`home legends (${TEST_ENGINE})`, () => {
  it('answers an empty list on a site without memorials', async () => {
    const res = await getLegends();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      statusCode: 200,
      data: { selection: 'most-loved', legends: [] },
    });
  });

  it('shows the most loved memorials, at most six, when none is featured', async () => {
    const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000);
    for (let likes = 0; likes < HOME_LEGENDS_LIMIT + 5; likes += 1) {
      await createMemorialRow(t.app, owner, {
        title: `Loved ${likes}`,
        likesCount: likes,
        description: 'x '.repeat(400),
        createdAt: twoDaysAgo,
      });
    }
    const res = await getLegends();
    expect(res.statusCode).toBe(200);
    const { selection, legends } = res.json().data;
    expect(selection).toBe('most-loved');
    expect(legends.map((l: { title: string }) => l.title)).toEqual([
      'Loved 10',
      'Loved 9',
      'Loved 8',
      'Loved 7',
      'Loved 6',
      'Loved 5',
    ]);
    expect(legends.map((l: { reactions: number }) => l.reactions)).toEqual([10, 9, 8, 7, 6, 5]);
    // Card text is shortened the way the memorial list shortens it.
    expect(legends[0].description.length).toBeLessThanOrEqual(301);
    expect(legends[0].description.endsWith('…')).toBe(true);
  });

  it('never promotes a memorial made less than a day ago, or one with fewer than a few likes', async () => {
    await t.app.ctx.db.delete(memorials);
    const old = new Date(Date.now() - 25 * 3_600_000);
    await createMemorialRow(t.app, owner, { title: 'Made a minute ago', likesCount: 0 });
    await createMemorialRow(t.app, owner, { title: 'Loved but new', likesCount: 50 });
    await createMemorialRow(t.app, owner, {
      title: 'Old, barely liked',
      likesCount: LEGEND_MIN_LIKES - 1,
      createdAt: old,
    });
    expect((await getLegends()).json().data).toEqual({ selection: 'most-loved', legends: [] });

    await createMemorialRow(t.app, owner, {
      title: 'Old and loved',
      likesCount: LEGEND_MIN_LIKES,
      createdAt: old,
    });
    const { legends } = (await getLegends()).json().data;
    expect(legends.map((l: { title: string }) => l.title)).toEqual(['Old and loved']);
  });

  it('shows only featured memorials, the most recently featured first, once an admin features any', async () => {
    const quiet = await createMemorialRow(t.app, owner, {
      title: 'Featured long ago',
      likesCount: 0,
    });
    const recent = await createMemorialRow(t.app, owner, {
      title: 'Featured today',
      likesCount: 1,
    });
    await feature(quiet.id, new Date('2026-01-01T00:00:00Z'));
    await feature(recent.id, new Date('2026-06-01T00:00:00Z'));
    const { selection, legends } = (await getLegends()).json().data;
    expect(selection).toBe('featured');
    expect(legends.map((l: { _id: string }) => l._id)).toEqual([recent.id, quiet.id]);
  });

  it('presents the image with a public srcset and nothing that depends on the caller', async () => {
    const pictured = await createMemorialRow(t.app, owner, {
      title: 'Pictured',
      imageKey: 'memorials/abc123',
      imageWidths: [960, 320, 640],
      imageWidth: 1200,
      imageHeight: 900,
    });
    const visitor = await createUser(t.app);
    await addContributorRow(t.app, pictured.id, visitor);
    await feature(pictured.id, new Date('2026-07-01T00:00:00Z'));

    const anonymous = (await getLegends()).json().data.legends[0];
    expect(anonymous).toMatchObject({
      _id: pictured.id,
      title: 'Pictured',
      postImg: '/media/memorials/abc123/640.webp',
      image: {
        src: '/media/memorials/abc123/640.webp',
        srcSet:
          '/media/memorials/abc123/320.webp 320w, /media/memorials/abc123/640.webp 640w, /media/memorials/abc123/960.webp 960w',
        width: 1200,
        height: 900,
      },
    });
    expect(anonymous).not.toHaveProperty('likedByMe');
    expect(anonymous).not.toHaveProperty('contributer');
    expect(anonymous).not.toHaveProperty('owner');

    const signedIn = await getLegends(visitor.auth);
    expect(signedIn.json().data.legends[0]).toEqual(anonymous);
  });

  it('answers 304 to a matching If-None-Match, and a new ETag once the legends change', async () => {
    const first = await getLegends();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toContain('public');

    const again = await getLegends({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const newcomer = await createMemorialRow(t.app, owner, { title: 'Newly featured' });
    await feature(newcomer.id, new Date('2026-08-01T00:00:00Z'));
    const changed = await getLegends({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().data.legends[0].title).toBe('Newly featured');
  });
});
