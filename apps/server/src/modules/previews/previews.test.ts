// The link-preview card: 1,200×630 PNG, for public memorials their family left indexable,
// cached until the memorial changes.
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { TEST_ENGINE, useTestApp } from '../../../test/app.js';
import { createMemorialVia, createMemorialRow, createUser } from '../../../test/factories.js';
import { pngFile } from '../../../test/fixtures.js';
import { multipartRequest } from '../../../test/multipart.js';
import { memorials } from '../../db/schema/index.js';
import { wrapText } from './preview-card.js';

const t = useTestApp();
const SHOTS = process.env.EXPORT_SHOTS_DIR ?? '/tmp/export-shots';

describe(`preview card (${TEST_ENGINE})`, () => {
  it('draws the portrait, name and dates at 1200×630, cached until the memorial changes', async () => {
    const owner = await createUser(t.app, { role: 'sponsor' });
    const { _id: id } = await createMemorialVia(
      t.app,
      owner.auth,
      {
        title: 'Grace Brewster Murray Hopper',
        dateOfBirth: '1906-12-09',
        deathDate: '1992-01-01',
        birthPlace: 'New York City',
      },
      await pngFile(900, 1200, '#6f8fa8'),
    );
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/posts/${id}/preview.png` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    // The portrait is drawn left (its colour), the background right of the text is the calm one.
    const { data, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray(
        (y * info.width + x) * info.channels,
        (y * info.width + x) * info.channels + 3,
      ),
    ];
    // (The stored portrait is lossy WebP: its colour within a few levels.)
    pixel(300, 315).forEach((v, i) => expect(Math.abs(v - [0x6f, 0x8f, 0xa8][i]!)).toBeLessThan(5));
    expect(pixel(1190, 10)).toEqual([0xf4, 0xf1, 0xea]);
    await mkdir(SHOTS, { recursive: true });
    await sharp(res.rawPayload).toFile(path.join(SHOTS, 'preview-card.png'));

    const cacheDir = path.join(t.dataDir, 'cache', 'previews');
    expect((await readdir(cacheDir)).filter((f) => f.startsWith(id))).toHaveLength(1);
    const again = await t.app.inject({ method: 'GET', url: `/api/v1/posts/${id}/preview.png` });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);

    await t.app.inject(
      multipartRequest('PATCH', `/api/v1/posts/${id}`, owner.auth, { title: 'Grace Hopper' }),
    );
    const changed = await t.app.inject({ method: 'GET', url: `/api/v1/posts/${id}/preview.png` });
    expect(changed.rawPayload.equals(res.rawPayload)).toBe(false);
    expect((await readdir(cacheDir)).filter((f) => f.startsWith(id))).toHaveLength(1);
  });

  it('answers not found for a memorial that does not exist', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/posts/00000000-0000-4000-8000-000000000000/preview.png',
    });
    expect(res.statusCode).toBe(404);
    const [row] = await t.app.ctx.db
      .select({ id: memorials.id })
      .from(memorials)
      .where(eq(memorials.title, 'nobody'));
    expect(row).toBeUndefined();
  });

  it('answers not found for any memorial that is not public and indexable, even to its owner', async () => {
    const owner = await createUser(t.app, { role: 'sponsor' });
    for (const values of [
      { indexable: false },
      { visibility: 'unlisted' as const },
      { visibility: 'members' as const },
      { visibility: 'private' as const },
    ]) {
      const { id } = await createMemorialRow(t.app, owner, values);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/posts/${id}/preview.png`,
        headers: owner.auth,
      });
      expect(res.statusCode, JSON.stringify(values)).toBe(404);
    }
  });

  it('wraps long names onto at most three lines', () => {
    expect(wrapText('Grace Brewster Murray Hopper', 22, 3)).toEqual([
      'Grace Brewster Murray',
      'Hopper',
    ]);
    expect(wrapText('a '.repeat(60), 10, 3)).toHaveLength(3);
    expect(wrapText('Supercalifragilisticexpialidocious', 10, 3)).toEqual(['Supercali…']);
  });
});
