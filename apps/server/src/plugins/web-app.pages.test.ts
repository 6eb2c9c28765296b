// The page route with a stand-in for the web app's server bundle (no build needed): anonymous
// pages are cached until a write or their time to live, renders are limited per address, and a
// render that fails or takes too long sends the app shell, which is not kept.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Env } from '../config.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createMemorialRow, createUser, type TestUser } from '../../test/factories.js';

const SHELL =
  '<!doctype html><html><head><title>Rips</title></head><body><div id="root"></div></body></html>';

// Renders a memorial page as "render N: K prayers", asking the API in process like the real one.
const ENTRY_SERVER = `
let serverFetch;
let renders = 0;
export const SERVER_STATE_ID = 'rips-state';
export function configureServerRendering(f) { serverFetch = f; }
export async function renderPage(url, { signal } = {}) {
  const path = new URL(url, 'http://localhost').pathname;
  if (path === '/members-only') return { kind: 'skip' };
  renders += 1;
  if (path === '/broken') throw new Error('the renderer broke');
  if (path === '/slow') await new Promise((_r, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
  const id = path.split('/')[2];
  const res = await serverFetch('/api/v1/prayers/post/' + id);
  if (res.status === 404) return { kind: 'status', status: 404 };
  const body = await res.json();
  return { kind: 'page', html: '<p>render ' + renders + ': ' + body.data.length + ' prayers</p>', state: {}, title: 'Memorial' };
}
`;

async function fakeWebBuild(): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'rips-web-'));
  await mkdir(path.join(root, 'dist'));
  await mkdir(path.join(root, 'dist-ssr'));
  await writeFile(path.join(root, 'dist', 'index.html'), SHELL);
  await writeFile(path.join(root, 'dist-ssr', 'entry-server.js'), ENTRY_SERVER);
  return root;
}

const roots: string[] = [];
const apps: TestApp[] = [];
async function startApp(overrides: Partial<Record<keyof Env, string>> = {}): Promise<TestApp> {
  const root = await fakeWebBuild();
  roots.push(root);
  const started = await createTestApp({ WEB_DIST_DIR: path.join(root, 'dist'), ...overrides });
  apps.push(started);
  return started;
}

afterAll(async () => {
  for (const started of apps) await started.close();
  for (const root of roots) await rm(root, { recursive: true, force: true });
});

async function load(
  t: TestApp,
  url: string,
  options: { headers?: Record<string, string>; ip?: string } = {},
) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: options.headers ?? {},
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
  return {
    status: res.statusCode,
    cache: res.headers['x-page-cache'],
    cacheControl: res.headers['cache-control'],
    rendered: /<p>(render \d+: \d+ prayers)<\/p>/.exec(res.body)?.[1] ?? null,
  };
}

describe('page cache (PAGE_CACHE_SECONDS=5)', () => {
  let t: TestApp;
  let visitor: TestUser;
  let memorialId: string;

  beforeAll(async () => {
    t = await startApp();
    const owner = await createUser(t.app, { role: 'sponsor' });
    visitor = await createUser(t.app);
    memorialId = (await createMemorialRow(t.app, owner)).id;
  });

  afterEach(async () => {
    await t.app.ctx.pageCache.dataChanged();
  });

  it('serves an anonymous visitor the page rendered a moment ago, still marked no-cache', async () => {
    const first = await load(t, `/post/${memorialId}`);
    const second = await load(t, `/post/${memorialId}`);
    expect(first).toMatchObject({ status: 200, cache: 'miss', cacheControl: 'no-cache' });
    expect(second).toMatchObject({ status: 200, cache: 'hit', rendered: first.rendered });
    expect(first.rendered).toMatch(/: 0 prayers$/);
  });

  it('renders again after a successful write, which the page then shows', async () => {
    await load(t, `/post/${memorialId}`);
    const prayed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/prayers',
      headers: visitor.auth,
      payload: { postId: memorialId, prayerText: 'Thinking of you all.' },
    });
    expect(prayed.statusCode).toBe(201);
    const after = await load(t, `/post/${memorialId}`);
    expect(after.cache).toBe('miss');
    expect(after.rendered).toMatch(/: 1 prayers$/);
  });

  it('keeps the page after a refused write', async () => {
    const before = await load(t, `/post/${memorialId}`);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/prayers',
      payload: { postId: memorialId, prayerText: 'No session.' },
    });
    expect(refused.statusCode).toBe(401);
    const after = await load(t, `/post/${memorialId}`);
    expect(after).toMatchObject({ cache: 'hit', rendered: before.rendered });
  });

  it('renders again once the time to live has passed', async () => {
    const before = await load(t, `/post/${memorialId}`);
    const cache = t.app.ctx.pageCache as unknown as { now: () => number };
    const realNow = cache.now;
    cache.now = () => realNow() + 5001;
    try {
      const after = await load(t, `/post/${memorialId}`);
      expect(after.cache).toBe('miss');
      expect(after.rendered).not.toBe(before.rendered);
    } finally {
      cache.now = realNow;
    }
  });

  it('never serves or keeps a cached page for a request with Authorization or a cookie', async () => {
    const anonymous = await load(t, `/post/${memorialId}`);
    const member = await load(t, `/post/${memorialId}`, { headers: visitor.auth });
    const withCookie = await load(t, `/post/${memorialId}`, { headers: { cookie: 'sid=abc' } });
    expect(member.cache).toBe('miss');
    expect(withCookie.cache).toBe('miss');
    expect(new Set([anonymous.rendered, member.rendered, withCookie.rendered]).size).toBe(3);
    expect((await load(t, `/post/${memorialId}`)).rendered).toBe(anonymous.rendered);
  });

  it('keeps a "not found" page too', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await load(t, `/post/${missing}`)).toMatchObject({ status: 404, cache: 'miss' });
    expect(await load(t, `/post/${missing}`)).toMatchObject({ status: 404, cache: 'hit' });
  });

  it('sends the shell when rendering fails, and does not keep it', async () => {
    const first = await load(t, '/broken');
    const second = await load(t, '/broken');
    expect(first).toMatchObject({ status: 200, cache: 'miss', rendered: null });
    expect(second).toMatchObject({ status: 200, cache: 'miss', rendered: null });
  });

  it('counts only renders against the address: pages from the cache are free', async () => {
    const limited = await startApp({ PAGE_RENDERS_PER_MINUTE_PER_IP: '1' });
    const owner = await createUser(limited.app, { role: 'sponsor' });
    const id = (await createMemorialRow(limited.app, owner)).id;
    for (let i = 0; i < 5; i++)
      expect((await load(limited, `/post/${id}`)).rendered).not.toBeNull();
  });
});

describe('page renders per address (PAGE_CACHE_SECONDS=0, PAGE_RENDERS_PER_MINUTE_PER_IP=2)', () => {
  let t: TestApp;
  let memorialId: string;

  beforeAll(async () => {
    t = await startApp({ PAGE_CACHE_SECONDS: '0', PAGE_RENDERS_PER_MINUTE_PER_IP: '2' });
    const owner = await createUser(t.app, { role: 'sponsor' });
    memorialId = (await createMemorialRow(t.app, owner)).id;
  });

  it('renders every request while the cache is off', async () => {
    const ip = '203.0.113.1';
    const first = await load(t, `/post/${memorialId}`, { ip });
    const second = await load(t, `/post/${memorialId}`, { ip });
    expect([first.cache, second.cache]).toEqual(['miss', 'miss']);
    expect(first.rendered).not.toBe(second.rendered);
  });

  it('sends the app shell past the limit, to that address only, until the minute has passed', async () => {
    const ip = '203.0.113.2';
    expect((await load(t, `/post/${memorialId}`, { ip })).rendered).not.toBeNull();
    expect((await load(t, `/post/${memorialId}`, { ip })).rendered).not.toBeNull();
    const over = await load(t, `/post/${memorialId}`, { ip });
    expect(over).toMatchObject({ status: 200, rendered: null });
    expect((await load(t, `/post/${memorialId}`, { ip: '203.0.113.3' })).rendered).not.toBeNull();

    const realNow = t.app.ctx.limiter.now;
    t.app.ctx.limiter.now = () => realNow() + 60_000;
    try {
      expect((await load(t, `/post/${memorialId}`, { ip })).rendered).not.toBeNull();
    } finally {
      t.app.ctx.limiter.now = realNow;
    }
  });
});

describe('render time-out (PAGE_RENDER_TIMEOUT_MS=200)', () => {
  it('gives a slow render up and sends the shell, which is not kept', async () => {
    const t = await startApp({ PAGE_RENDER_TIMEOUT_MS: '200' });
    const started = Date.now();
    const first = await load(t, '/slow');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(first).toMatchObject({ status: 200, rendered: null, cache: 'miss' });
    expect((await load(t, '/slow')).cache).toBe('miss');
  });
});
