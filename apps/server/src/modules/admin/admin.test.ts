import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_ENGINE, useTestApp } from '../../../test/app.js';
import { createUser, TEST_PASSWORD, type TestUser } from '../../../test/factories.js';
import { pngFile } from '../../../test/fixtures.js';
import { flowers, memorials, prayers } from '../../db/schema/index.js';
import { storeImage } from '../../media/image-store.js';
import { imageLimits } from '../auth/auth.service.js';
import { findUserById } from '../users/users.repository.js';

const t = useTestApp();
let admin: TestUser;
beforeAll(async () => {
  admin = await createUser(t.app, { role: 'admin', fullName: 'Ada Admin' });
});

async function createMemorial(owner: TestUser, title: string) {
  const [row] = await t.app.ctx.db
    .insert(memorials)
    .values({ ownerId: owner.row.id, title })
    .returning();
  return row!;
}

async function createFlower(memorialId: string, owner: TestUser, at: Date) {
  const { body } = await pngFile(200, 200);
  const image = await storeImage(t.app.ctx.storage, 'flowers', body, imageLimits(t.app.ctx));
  const [row] = await t.app.ctx.db
    .insert(flowers)
    .values({ memorialId, ownerId: owner.row.id, ...image, createdAt: at })
    .returning();
  return row!;
}

async function createPrayer(memorialId: string, owner: TestUser, text: string, at: Date) {
  const [row] = await t.app.ctx.db
    .insert(prayers)
    .values({ memorialId, ownerId: owner.row.id, text, createdAt: at })
    .returning();
  return row!;
}

/** A call the administrator makes, with `payload` as its JSON body when given. */
const asAdmin = (method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin.auth, ...(payload ? { payload } : {}) });

/** An administrator's change (`setting`: sponsor, status) to the account `userId`. */
const changeAccount = (userId: string, setting: string, payload: object) =>
  asAdmin('PATCH', `/api/v1/admin/users/${userId}/${setting}`, payload);

/** An administrator's removal of the item `id` of `kind` (flower, prayer) from moderation. */
const removeAsAdmin = (kind: string, id: string) =>
  asAdmin('DELETE', `/api/v1/admin/tributes/${kind}/${id}`);

async function storedKeys(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of t.app.ctx.storage.list(prefix)) keys.push(key);
  return keys;
}

describe(`admin users (${TEST_ENGINE})`, () => {
  it('searches by name, username or email, case-insensitively and paginated', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const a = await createUser(t.app, { fullName: `Harriet ${tag.toUpperCase()}` });
    const b = await createUser(t.app, { userName: `${tag}_user` });
    const c = await createUser(t.app, { email: `${tag}@mail.example` });
    await createUser(t.app, { fullName: 'Unrelated Person' });
    const page1 = await asAdmin('GET', `/api/v1/admin/users?search=${tag}&limit=2`);
    expect(page1.statusCode).toBe(200);
    expect(page1.json().data).toMatchObject({ page: 1, limit: 2, total: 3 });
    expect(page1.json().data.data).toHaveLength(2);
    const page2 = await asAdmin('GET', `/api/v1/admin/users?search=${tag}&limit=2&page=2`);
    const ids = [...page1.json().data.data, ...page2.json().data.data]
      .map((u: { _id: string }) => u._id)
      .sort();
    expect(ids).toEqual([a.row.id, b.row.id, c.row.id].sort());
    expect(page1.json().data.data[0]).not.toHaveProperty('passwordHash');

    const literal = await asAdmin('GET', '/api/v1/admin/users?search=%25');
    expect(literal.json().data.total).toBe(0);
  });

  it('grants and revokes the sponsor role, which takes effect at once', async () => {
    const member = await createUser(t.app);
    const grant = await changeAccount(member.row.id, 'sponsor', { sponsor: true });
    expect(grant.statusCode).toBe(200);
    expect(grant.json().data.user.roles).toBe('sponsor');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: member.auth });
    expect(me.json().data.roles).toBe('sponsor');
    const revoke = await changeAccount(member.row.id, 'sponsor', { sponsor: false });
    expect(revoke.json().data.user.roles).toBe('visitor');
  });

  it('disables an account: its sessions end and it cannot log in; enabling lets it log in again', async () => {
    const member = await createUser(t.app);
    const status = (disabled: boolean) => changeAccount(member.row.id, 'status', { disabled });
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { userName: member.row.userName, password: TEST_PASSWORD },
      });

    const disabled = await status(true);
    expect(disabled.json().data.user.disabled).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: member.auth }))
        .statusCode,
    ).toBe(401);
    const refused = await login();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ACCOUNT_DISABLED');
    expect((await findUserById(t.app.ctx.db, member.row.id))!.tokenVersion).toBe(
      member.row.tokenVersion + 1,
    );

    expect((await status(false)).json().data.user.disabled).toBe(false);
    expect((await login()).statusCode).toBe(200);
    // The token from before the disable stays revoked.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: member.auth }))
        .statusCode,
    ).toBe(401);
  });

  it('does not let an admin disable or demote themself, nor change another admin’s role', async () => {
    const other = await createUser(t.app, { role: 'admin' });
    const self = (setting: string, payload: object) =>
      changeAccount(admin.row.id, setting, payload);
    expect((await self('status', { disabled: true })).statusCode).toBe(403);
    expect((await self('sponsor', { sponsor: false })).statusCode).toBe(403);
    const demoteOther = await changeAccount(other.row.id, 'sponsor', { sponsor: false });
    expect(demoteOther.statusCode).toBe(409);
    const fresh = (await findUserById(t.app.ctx.db, admin.row.id))!;
    expect(fresh).toMatchObject({ role: 'admin', disabledAt: null });
    const missing = await changeAccount('00000000-0000-4000-8000-000000000000', 'status', {
      disabled: true,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe(`admin memorials and tributes (${TEST_ENGINE})`, () => {
  it('features and unfeatures a memorial', async () => {
    const owner = await createUser(t.app, { role: 'sponsor' });
    const memorial = await createMemorial(owner, 'Featured Candidate Memorial');
    const feature = (featured: boolean) =>
      asAdmin('PATCH', `/api/v1/admin/memorials/${memorial.id}/featured`, { featured });
    expect((await feature(true)).statusCode).toBe(200);
    const [featuredRow] = await t.app.ctx.db
      .select()
      .from(memorials)
      .where(eq(memorials.id, memorial.id));
    expect(featuredRow!.featuredAt).toBeInstanceOf(Date);
    const listed = await asAdmin('GET', '/api/v1/admin/memorials?featured=true&search=candidate');
    expect(listed.json().data.data).toMatchObject([
      { _id: memorial.id, featured: true, owner: { _id: owner.row.id } },
    ]);
    expect((await feature(false)).statusCode).toBe(200);
    const [plainRow] = await t.app.ctx.db
      .select()
      .from(memorials)
      .where(eq(memorials.id, memorial.id));
    expect(plainRow!.featuredAt).toBeNull();
    const missing = await asAdmin('PATCH', '/api/v1/admin/memorials/not-a-uuid/featured', {
      featured: true,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('lists recent flowers and prayers newest first with memorial and author, and removes them', async () => {
    const owner = await createUser(t.app, { role: 'sponsor' });
    const author = await createUser(t.app, { fullName: 'Tribute Author' });
    const memorial = await createMemorial(owner, 'Moderated Memorial');
    const future = Date.now() + 3_600_000;
    const older = await createPrayer(memorial.id, author, 'An older prayer', new Date(future));
    const flower = await createFlower(memorial.id, author, new Date(future + 1000));
    const newest = await createPrayer(
      memorial.id,
      author,
      'The newest prayer',
      new Date(future + 2000),
    );

    const list = await asAdmin('GET', '/api/v1/admin/tributes?limit=3');
    expect(list.statusCode).toBe(200);
    const items = list.json().data.data;
    expect(items.map((i: { _id: string }) => i._id)).toEqual([newest.id, flower.id, older.id]);
    expect(items[0]).toMatchObject({
      kind: 'prayer',
      text: 'The newest prayer',
      memorial: { _id: memorial.id, title: 'Moderated Memorial' },
      author: { _id: author.row.id, fullName: 'Tribute Author' },
    });
    expect(items[1]).toMatchObject({ kind: 'flower', text: null });
    expect(items[1].image).toMatch(/^\/media\/flowers\//);

    expect(await storedKeys(flower.imageKey!)).not.toEqual([]);
    const removed = await removeAsAdmin('flower', flower.id);
    expect(removed.statusCode).toBe(200);
    expect(await storedKeys(flower.imageKey!)).toEqual([]);
    expect(await t.app.ctx.db.select().from(flowers).where(eq(flowers.id, flower.id))).toEqual([]);
    const again = await removeAsAdmin('flower', flower.id);
    expect(again.statusCode).toBe(404);

    expect((await removeAsAdmin('prayer', newest.id)).statusCode).toBe(200);
    expect(await t.app.ctx.db.select().from(prayers).where(eq(prayers.id, newest.id))).toEqual([]);
    expect((await removeAsAdmin('poem', older.id)).statusCode).toBe(400);
  });
});
