import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../../test/app.js';
import {
  createMemorialRequest,
  createUser,
  registrationRequest,
  type TestUser,
} from '../../../test/factories.js';
import { createItemRequest, pictureFlowerRequest } from '../../../test/item-samples.js';
import { readStored } from '../../../test/storage.js';
import { reconcileStorage } from '../../maintenance/reconcile.js';
import { IMAGE_WIDTHS } from '../../media/image-store.js';
import { photoKind, TRIBUTE_KINDS } from '../tributes/tribute-kinds.js';
import { referenceColumns, STORAGE_FOLDERS } from './stored-files.js';

let t: TestApp;
let owner: TestUser;
/** Pictures as the API handed them out, one of each kind that has one. */
const pictures: Record<string, string> = {};

async function keysUnder(folder: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of t.app.ctx.storage.list(folder)) keys.push(key);
  return keys;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app, { role: 'sponsor' });
  // One upload in every folder, each through the call that makes it.
  const registered = await t.app.inject(await registrationRequest());
  pictures['avatars'] = registered.json().data.user.avatar;
  const memorial = await t.app.inject(
    await createMemorialRequest(owner.auth, { title: 'Pictured' }),
  );
  const memorialId = memorial.json().data._id as string;
  pictures['memorials'] = memorial.json().data.postImg;
  for (const kind of TRIBUTE_KINDS) {
    const res = await t.app.inject(await createItemRequest(kind, memorialId, owner.auth));
    expect(res.statusCode, res.body).toBe(201);
  }
  const left = await t.app.inject(await pictureFlowerRequest(memorialId, owner.auth));
  pictures['flowers'] = left.json().data.flowerImg;
  const photos = await t.app.inject({
    method: 'GET',
    url: `/api/v1/${photoKind.path}/post/${memorialId}`,
    headers: owner.auth,
  });
  pictures['photos'] = photos.json().data[0].photoImg;
});
afterAll(async () => t?.close());

/**
 * Public, and kept by browsers and shared caches (s-maxage) for a few minutes at most: a picture
 * whose memorial turns private, or whose item is hidden, stops being served within that time.
 */
function expectCachedForMinutes(header: unknown, what: string) {
  const value = String(header);
  const seconds = (name: string) =>
    Number(new RegExp(`(?:^|,)\\s*${name}=(\\d+)`).exec(value)?.[1]);
  expect(value, what).toMatch(/^public\b/);
  expect(value, what).not.toMatch(/immutable/);
  expect(seconds('s-maxage'), what).toBeGreaterThan(0);
  expect(seconds('s-maxage'), what).toBeLessThanOrEqual(600);
  expect(seconds('max-age'), what).toBeLessThanOrEqual(600);
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const unsigned = (url: string) => url.split('?')[0]!;

describe(`what points at stored files (${TEST_ENGINE})`, () => {
  it('every folder an upload is written to has exactly one column pointing at it, and no other folder is listed', async () => {
    const written = new Set<string>([
      ...Object.keys(IMAGE_WIDTHS),
      ...TRIBUTE_KINDS.flatMap((kind) => (kind.file ? [kind.file.folder] : [])),
    ]);
    expect([...STORAGE_FOLDERS].sort()).toEqual([...written].sort());
    expect(new Set(STORAGE_FOLDERS).size).toBe(STORAGE_FOLDERS.length);

    const result = await t.app.ctx.db.execute(
      sql`SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    const columns = new Set(
      (result as unknown as { rows: { table_name: string; column_name: string }[] }).rows.map(
        (r) => `${r.table_name}.${r.column_name}`,
      ),
    );
    for (const { folder, table, column } of referenceColumns()) {
      expect(columns.has(`${table}.${column}`), `${folder}: ${table}.${column}`).toBe(true);
    }
  });

  it('the storage check finds an upload in every folder, each pointed at by its row', async () => {
    for (const folder of STORAGE_FOLDERS) {
      expect((await keysUnder(folder)).length, folder).toBeGreaterThan(0);
    }
    const report = await reconcileStorage(t.app.ctx, {
      mode: 'dry-run',
      graceMs: 0,
      quarantineDays: 30,
    });
    expect(report.orphanFiles).toEqual([]);
    expect(report.missingFiles).toEqual([]);
    expect(report.referencedUploads).toBe(report.storedUploads);
  });

  it('serves a picture without a signature only when the row that owns it lets anyone see it', async () => {
    for (const folder of ['avatars', 'memorials', 'flowers']) {
      const res = await t.app.inject({ method: 'GET', url: pictures[folder]! });
      expect(res.statusCode, folder).toBe(200);
      expectCachedForMinutes(res.headers['cache-control'], folder);
    }
    const signed = await t.app.inject({ method: 'GET', url: pictures['photos']! });
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['cache-control']).toBe('private, max-age=3600');
    const unsigned = await t.app.inject({ method: 'GET', url: pictures['photos']!.split('?')[0]! });
    expect(unsigned.statusCode).toBe(404);

    // The same bytes under a key no row points at: a public folder's name opens nothing.
    const source = pictures['memorials']!.replace(/^\/media\//, '');
    const stray = source.replace(/[0-9a-f-]{36}/, '0b8d5c3e-7f8a-4a51-9a4f-2c1e9b7d6a50');
    await t.app.ctx.storage.put(stray, (await readStored(t.app.ctx.storage, source))!);
    const orphan = await t.app.inject({ method: 'GET', url: `/media/${stray}` });
    expect(orphan.statusCode).toBe(404);
  });

  it('serves a pending or hidden flower’s picture only on a signed link, to those who may see it', async () => {
    const visitor = await createUser(t.app);
    const created = await t.app.inject(
      await createMemorialRequest(owner.auth, {
        title: 'Approved first',
        tributeModeration: 'approve',
      }),
    );
    const memorialId = created.json().data._id as string;

    // A visitor's flower waits for approval: its author sees it through a signed link only.
    const left = await t.app.inject(await pictureFlowerRequest(memorialId, visitor.auth));
    expect(left.statusCode, left.body).toBe(201);
    expect(left.json().data.status).toBe('pending');
    const pending = left.json().data.flowerImg as string;
    expect(pending).toMatch(/[?&]sig=/);
    expect((await get(pending)).statusCode).toBe(200);
    expect((await get(pending)).headers['cache-control']).toMatch(/^private/);
    expect((await get(unsigned(pending))).statusCode).toBe(404);
    // The managers' queue signs it too.
    const queue = await get(`/api/v1/posts/${memorialId}/moderation`, owner.auth);
    const queued = queue.json().data.pending[0].image as string;
    expect(queued).toMatch(/[?&]sig=/);
    expect((await get(queued)).statusCode).toBe(200);

    const moderate = (action: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/posts/${memorialId}/moderation`,
        headers: owner.auth,
        payload: { kind: 'flowers', itemId: left.json().data._id, action },
      });
    // Approved, it is public like any flower on a public memorial.
    expect((await moderate('approve')).statusCode).toBe(200);
    const published = await get(unsigned(pending));
    expect(published.statusCode).toBe(200);
    expectCachedForMinutes(published.headers['cache-control'], 'approved flower');
    // A cache revalidating it gets 304 while it stays public...
    const etag = { 'if-none-match': String(published.headers.etag) };
    expect((await get(unsigned(pending), etag)).statusCode).toBe(304);

    // Hidden, its public address answers 404 at once.
    expect((await moderate('hide')).statusCode).toBe(200);
    expect((await get(unsigned(pending))).statusCode).toBe(404);
    // ...and 404, not 304, once it is hidden.
    expect((await get(unsigned(pending), etag)).statusCode).toBe(404);
    // The managers' queue lists it among the hidden, behind a signed link.
    const after = await get(`/api/v1/posts/${memorialId}/moderation`, owner.auth);
    const hidden = after.json().data.hidden[0].image as string;
    expect(hidden).toMatch(/[?&]sig=/);
    expect((await get(hidden)).statusCode).toBe(200);
    const anonymous = await get(`/api/v1/flowers/post/${memorialId}`);
    expect(anonymous.json().data).toEqual([]);
  });

  it('lets shared caches keep a memorial’s preview card for minutes only', async () => {
    const created = await t.app.inject(
      await createMemorialRequest(owner.auth, { title: 'Previewed' }),
    );
    const card = await get(`/api/v1/posts/${created.json().data._id as string}/preview.png`);
    expect(card.statusCode).toBe(200);
    expectCachedForMinutes(card.headers['cache-control'], 'preview card');
  });
});
