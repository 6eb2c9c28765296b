// The home page's "Your memorial for {name} is ready" card: listed with the member's own part in
// memorials until its owner opens the memorial (the page's POST) or puts the card away. Who may
// send the POST is the authorization table's; this file tests what it does.
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  TEST_ENGINE,
  UNLIMITED_CREATIONS,
  type TestApp,
} from '../../../test/app.js';
import { createMemorialVia, createUser, type TestUser } from '../../../test/factories.js';
import { memorials } from '../../db/schema/index.js';
import { READY_CARD_DAYS } from './my-stewardship.service.js';
import { READY_CARDS_MAX } from './stewardship.repository.js';

let t: TestApp;
const call = (method: InjectOptions['method'], url: string, user: TestUser) =>
  t.app.inject({ method, url, headers: user.auth });
const readyOf = async (user: TestUser) => {
  const res = await call('GET', '/api/v1/users/me/stewardship', user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.ready as { postId: string; title: string }[];
};
const make = (owner: TestUser, title: string) => createMemorialVia(t.app, owner.auth, { title });

beforeAll(async () => {
  t = await createTestApp(UNLIMITED_CREATIONS);
});
afterAll(async () => t?.close());

describe(`the "is ready" card (${TEST_ENGINE})`, () => {
  it('announces a new memorial to its creator until they open it; reading changes nothing', async () => {
    const owner = await createUser(t.app, { role: 'sponsor' });
    const member = await createUser(t.app);
    const made = await make(owner, 'Rosa Delgado');
    expect(await readyOf(owner)).toEqual([{ postId: made._id, title: 'Rosa Delgado' }]);
    // Only its creator is told: a member of the site has no card.
    expect(await readyOf(member)).toEqual([]);
    // Opening the page (a GET) and reading the list again leave the card where it is.
    expect((await call('GET', `/api/v1/posts/post/${made._id}`, owner)).statusCode).toBe(200);
    expect(await readyOf(owner)).toHaveLength(1);
    // The page's POST when its owner opens it: the card goes, and stays gone (a second POST too).
    const seen = await call('POST', `/api/v1/posts/${made._id}/seen`, owner);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data).toEqual({ postId: made._id, seen: true });
    expect(await readyOf(owner)).toEqual([]);
    const [row] = await t.app.ctx.db
      .select({ readySeenAt: memorials.readySeenAt })
      .from(memorials)
      .where(eq(memorials.id, made._id));
    const firstSeen = row!.readySeenAt;
    expect(firstSeen).toBeInstanceOf(Date);
    expect((await call('POST', `/api/v1/posts/${made._id}/seen`, owner)).statusCode).toBe(200);
    const [again] = await t.app.ctx.db
      .select({ readySeenAt: memorials.readySeenAt })
      .from(memorials)
      .where(eq(memorials.id, made._id));
    expect(again!.readySeenAt).toEqual(firstSeen);
  });

  it('shows a few, newest first, and none for a memorial made long ago or unknown', async () => {
    const owner = await createUser(t.app, { role: 'sponsor' });
    const titles = Array.from({ length: READY_CARDS_MAX + 1 }, (_, i) => `Memorial ${i + 1}`);
    const made = [];
    for (const title of titles) made.push(await make(owner, title));
    const ready = await readyOf(owner);
    expect(ready.map((r) => r.title)).toEqual(titles.slice(1).reverse());
    // A memorial older than the card's days is not announced as new any more.
    const old = new Date(Date.now() - (READY_CARD_DAYS + 1) * 86_400_000);
    await t.app.ctx.db
      .update(memorials)
      .set({ createdAt: old })
      .where(eq(memorials.id, made.at(-1)!._id));
    expect((await readyOf(owner)).map((r) => r.title)).toEqual(titles.slice(0, -1).reverse());
    const unknown = await call(
      'POST',
      '/api/v1/posts/00000000-0000-4000-8000-000000000000/seen',
      owner,
    );
    expect(unknown.statusCode).toBe(404);
  });
});
