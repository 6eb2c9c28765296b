import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../../test/app.js';
import { addContributorRow, createMemorialRow, createUser } from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe(`memorial reads (${TEST_ENGINE})`, () => {
  it('reads a memorial with its owner, contributors, likes and the caller’s rights in one answer', async () => {
    const owner = await createUser(t.app, { role: 'sponsor', fullName: 'Grace Hopper' });
    const helper = await createUser(t.app);
    const stranger = await createUser(t.app);
    const memorial = await createMemorialRow(t.app, owner, { title: 'Amelia Earhart' });
    await addContributorRow(t.app, memorial.id, helper);
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/posts/${memorial.id}/like`,
      headers: helper.auth,
    });

    const read = async (headers = {}) =>
      (
        await t.app.inject({ method: 'GET', url: `/api/v1/posts/post/${memorial.id}`, headers })
      ).json().data;
    const asHelper = await read(helper.auth);
    expect(asHelper).toMatchObject({
      _id: memorial.id,
      title: 'Amelia Earhart',
      owner: { _id: owner.row.id, fullName: 'Grace Hopper' },
      contributer: [helper.row.id],
      reactions: 1,
      likedByMe: true,
      access: { canManage: false, canContribute: true },
    });
    expect(await read(stranger.auth)).toMatchObject({
      likedByMe: false,
      access: { canManage: false, canContribute: false },
    });
    expect(await read(owner.auth)).toMatchObject({
      likedByMe: false,
      access: { canManage: true, canContribute: true },
    });
    expect(await read()).toMatchObject({
      likedByMe: false,
      access: { canManage: false, canContribute: false },
    });
  });

  it('answers 304 to a browser that already holds the same memorial or list, and 200 once it changes', async () => {
    const owner = await createUser(t.app, { role: 'sponsor' });
    const memorial = await createMemorialRow(t.app, owner);
    for (const url of [`/api/v1/posts/post/${memorial.id}`, '/api/v1/posts?limit=5']) {
      const first = await t.app.inject({ method: 'GET', url, headers: owner.auth });
      expect(first.statusCode).toBe(200);
      const etag = String(first.headers['etag']);
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      expect(first.headers['vary']).toContain('Authorization');

      const again = await t.app.inject({
        method: 'GET',
        url,
        headers: { ...owner.auth, 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');

      await t.app.inject({
        method: 'PUT',
        url: `/api/v1/posts/${memorial.id}/like`,
        headers: owner.auth,
      });
      const changed = await t.app.inject({
        method: 'GET',
        url,
        headers: { ...owner.auth, 'if-none-match': etag },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers['etag']).not.toBe(etag);
      await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/posts/${memorial.id}/like`,
        headers: owner.auth,
      });
    }
  });

  it('answers 404 for a malformed or unknown id', async () => {
    for (const id of ['not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/posts/post/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', success: false });
    }
  });
});
