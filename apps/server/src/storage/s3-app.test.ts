// The app with its uploads in S3 (a loopback s3rver): pictures and documents are stored in the
// bucket, served through the app's own routes and rules, and removed with their memorial.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { pdfFile, pngFile } from '../../test/fixtures.js';
import { multipart, type FilePart } from '../../test/multipart.js';
import { PUBLIC_PICTURE_CACHE_CONTROL } from '../media/urls.js';
import { uncheckedStorage } from './checksummed-storage.js';
import { S3Storage } from './s3-storage.js';

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp({}, { storage: 's3' });
  owner = await createUser(t.app, { role: 'sponsor' });
});
afterAll(async () => t?.close());

async function keysIn(folder: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of t.app.ctx.storage.list(folder)) keys.push(key);
  return keys;
}

function post(url: string, fields: Record<string, string>, files: Record<string, FilePart>) {
  const { payload, headers } = multipart(fields, files);
  return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...owner.auth } });
}

describe(`uploads in S3 (${TEST_ENGINE})`, () => {
  it('stores in the bucket, not on local disk', async () => {
    expect(uncheckedStorage(t.app.ctx.storage)).toBeInstanceOf(S3Storage);
    const created = await post(
      '/api/v1/posts',
      { title: 'Agnes Ward', description: 'Kept bees.' },
      { postImg: await pngFile(800, 600) },
    );
    expect(created.statusCode).toBe(201);
    expect((await keysIn('memorials')).length).toBeGreaterThan(0);
    const local = await readdir(path.join(t.dataDir, 'uploads')).catch(() => []);
    expect(local).toEqual([]);
  });

  it('serves a public picture from the bucket, cached for minutes', async () => {
    const created = await post(
      '/api/v1/posts',
      { title: 'Owen Hale', description: 'Sailor.' },
      { postImg: await pngFile(800, 600) },
    );
    const src = created.json().data.postImg as string;
    const res = await t.app.inject({ method: 'GET', url: src });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe(PUBLIC_PICTURE_CACHE_CONTROL);
    expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  });

  it('streams a private document through the app, never by a bucket URL', async () => {
    const memorial = await post(
      '/api/v1/posts',
      { title: 'Iris Moe', description: 'Teacher.' },
      {},
    );
    const postId = memorial.json().data._id as string;
    const pdf = pdfFile();
    const uploaded = await post('/api/v1/documents', { postId }, { documentFile: pdf });
    expect(uploaded.statusCode).toBe(201);
    const link = uploaded.json().data.documentFile as string;
    expect(link.startsWith('/api/v1/documents/')).toBe(true);
    const download = await t.app.inject({ method: 'GET', url: link });
    expect(download.statusCode).toBe(200);
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.rawPayload.equals(pdf.body)).toBe(true);
  });

  it("removes a deleted memorial's files from the bucket, and nothing else", async () => {
    const kept = await post(
      '/api/v1/posts',
      { title: 'Kept Memorial', description: 'Stays.' },
      { postImg: await pngFile(640, 480) },
    );
    const doomed = await post(
      '/api/v1/posts',
      { title: 'Removed Memorial', description: 'Goes.' },
      { postImg: await pngFile(640, 480) },
    );
    const postId = doomed.json().data._id as string;
    const photo = await post('/api/v1/photos', { postId }, { photoImg: await pngFile(700, 500) });
    expect(photo.statusCode).toBe(201);
    const before = { memorials: await keysIn('memorials'), photos: await keysIn('photos') };
    const keyOf = (url: string) => url.split('?')[0]!.replace('/media/', '');
    const doomedImage = keyOf(doomed.json().data.postImg as string);
    const keptImage = keyOf(kept.json().data.postImg as string);
    expect(before.memorials).toContain(doomedImage);

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/posts/${postId}`,
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(200);
    const after = { memorials: await keysIn('memorials'), photos: await keysIn('photos') };
    expect(after.memorials).not.toContain(doomedImage);
    expect(after.memorials).toContain(keptImage);
    expect(after.photos.length).toBeLessThan(before.photos.length);
    expect(after.memorials.length).toBeLessThan(before.memorials.length);
  });
});
