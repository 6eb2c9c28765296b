// The page route with a stand-in for the web app's server bundle (no build needed): anonymous
// pages are cached until a write or their time to live, renders are limited per address, a render
// that fails or takes too long sends the app shell, which is not kept, and is logged without what
// the page holds; a signed-in member's session cookie makes the page theirs, never cached.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Env } from '../config.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createMemorialRow, createUser, type TestUser } from '../../test/factories.js';

const SHELL =
  '<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-data--></body></html>';

// Renders a memorial page as "render N: K prayers [for NAME]", asking the API in process like the
// real one, as the viewer (the name comes from /users/me, which needs the bearer token).
const ENTRY_SERVER = `
let renders = 0;
// As the app's router answers (apps/web/src/entry-server.tsx): no page under /no-such.
export function pageStatus(url) {
  return new URL(url, 'http://localhost').pathname.startsWith('/no-such') ? 404 : 200;
}
export async function render({ url, fetch, viewer, signal }) {
  const path = new URL(url, 'http://localhost').pathname;
  if (path === '/members-only' || path.startsWith('/m/')) return { kind: 'skip' };
  if (path.startsWith('/no-such')) throw new Error('an unknown address is not rendered');
  renders += 1;
  if (path === '/broken') throw new Error('the renderer broke on In Loving Memory of Secret Name');
  if (path === '/slow') await new Promise((_r, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
  const id = path.split('/')[2];
  const res = await fetch('/api/v1/prayers/post/' + id);
  if (res.status === 404) return { kind: 'status', status: 404 };
  const body = await res.json();
  const me = await fetch('/api/v1/users/me');
  const name = me.status === 200 ? ' for ' + (await me.json()).data.user.userName : '';
  if (viewer && !name) throw new Error('a viewer without a token');
  return { kind: 'page', html: '<p>render ' + renders + ': ' + body.data.length + ' prayers' + name + '</p>', data: { viewer }, title: 'Memorial' };
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
async function startApp(
  overrides: Partial<Record<keyof Env, string>> = {},
  logStream?: { write(line: string): void },
): Promise<TestApp> {
  const root = await fakeWebBuild();
  roots.push(root);
  const started = await createTestApp(
    { WEB_DIST_DIR: path.join(root, 'dist'), ...overrides },
    logStream ? { logStream } : {},
  );
  apps.push(started);
  return started;
}

/** A started app with a sponsor's memorial on it, and a member who is not its owner. */
async function startAppWithMemorial(
  overrides: Partial<Record<keyof Env, string>> = {},
): Promise<{ t: TestApp; member: TestUser; memorialId: string }> {
  const t = await startApp(overrides);
  const owner = await createUser(t.app, { role: 'sponsor' });
  const member = await createUser(t.app);
  return { t, member, memorialId: (await createMemorialRow(t.app, owner)).id };
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
    rendered: /<p>(render \d+: \d+ prayers[^<]*)<\/p>/.exec(res.body)?.[1] ?? null,
    body: res.body,
  };
}

describe('page cache (PAGE_CACHE_SECONDS=5)', () => {
  let t: TestApp;
  let visitor: TestUser;
  let memorialId: string;

  beforeAll(async () => {
    ({ t, member: visitor, memorialId } = await startAppWithMemorial());
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

  it('marks the page of a memorial that is not public, or not indexable, noindex', async () => {
    const owner = await createUser(t.app, { role: 'sponsor' });
    const page = async (id: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/post/${id}` });
      return {
        status: res.statusCode,
        header: res.headers['x-robots-tag'] ?? null,
        meta: /<meta name="robots" content="noindex[",]/.test(res.body),
      };
    };
    expect(await page(memorialId)).toEqual({ status: 200, header: null, meta: false });
    const hidden = (await createMemorialRow(t.app, owner, { indexable: false })).id;
    expect(await page(hidden)).toEqual({ status: 200, header: 'noindex', meta: true });
    const unlisted = (await createMemorialRow(t.app, owner, { visibility: 'unlisted' })).id;
    expect(await page(unlisted)).toEqual({ status: 200, header: 'noindex', meta: true });
    const secret = (await createMemorialRow(t.app, owner, { visibility: 'private' })).id;
    expect(await page(secret)).toEqual({ status: 404, header: 'noindex', meta: true });
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
    ({ t, memorialId } = await startAppWithMemorial({
      PAGE_CACHE_SECONDS: '0',
      PAGE_RENDERS_PER_MINUTE_PER_IP: '2',
    }));
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
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(
      { PAGE_RENDER_TIMEOUT_MS: '200', LOG_LEVEL: 'info' },
      { write: (line) => void lines.push(line) },
    );
  });

  it('gives a slow render up and sends the shell, which is not kept', async () => {
    const started = Date.now();
    const first = await load(t, '/slow?token=abc123secret');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(first).toMatchObject({ status: 200, rendered: null, cache: 'miss' });
    expect(first.body).toContain('<noscript>');
    expect((await load(t, '/slow')).cache).toBe('miss');
    const logged = lines.filter((line) => line.includes('server rendering failed'));
    expect(logged.length).toBeGreaterThanOrEqual(2);
    expect(JSON.parse(logged[0]!)).toMatchObject({
      render: { reason: 'timeout', timeoutMs: 200 },
      url: '/slow?token=[redacted]',
    });
    expect(lines.join('\n')).not.toContain('abc123secret');
  });

  it('logs a failed render by its kind and place, not its message (it can quote a memorial)', async () => {
    lines.length = 0;
    expect((await load(t, '/broken')).rendered).toBeNull();
    const logged = lines.find((line) => line.includes('server rendering failed'));
    expect(JSON.parse(logged!)).toMatchObject({ render: { reason: 'error', type: 'Error' } });
    expect(lines.join('\n')).not.toContain('Secret Name');
  });
});

describe('pages for a signed-in member (session cookie)', () => {
  let t: TestApp;
  let member: TestUser;
  let memorialId: string;

  beforeAll(async () => {
    ({ t, member, memorialId } = await startAppWithMemorial());
  });

  const withCookie = (token: string) => ({ headers: { cookie: `rips_session=${token}` } });

  it('renders the page as the member, through the API with their bearer token, and keeps it private', async () => {
    const anonymous = await load(t, `/post/${memorialId}`);
    const mine = await load(t, `/post/${memorialId}`, withCookie(member.token));
    expect(mine).toMatchObject({ status: 200, cache: 'miss', cacheControl: 'private, no-cache' });
    expect(mine.rendered).toMatch(new RegExp(`for ${member.row.userName}$`));
    expect(anonymous.rendered).not.toMatch(/ for /);
    // The page data names the member, never their token.
    expect(mine.body).toContain(member.row.userName);
    expect(mine.body).not.toContain(member.token);
    // Neither served from nor put in the visitors' cache.
    const again = await load(t, `/post/${memorialId}`, withCookie(member.token));
    expect(again.cache).toBe('miss');
    const visitorAfter = await load(t, `/post/${memorialId}`);
    expect(visitorAfter).toMatchObject({ cache: 'hit', rendered: anonymous.rendered });
  });

  it('renders for a visitor when the cookie holds no valid session, still without caching it', async () => {
    for (const token of ['not-a-token', `${member.token}x`]) {
      const page = await load(t, `/post/${memorialId}`, withCookie(token));
      expect(page.status).toBe(200);
      expect(page.rendered).not.toMatch(/ for /);
      expect(page.cache).toBe('miss');
    }
    // Logged out elsewhere (the token is revoked): a visitor's page.
    const revoked = await createUser(t.app);
    await t.app.inject({ method: 'POST', url: '/api/v1/users/logout', headers: revoked.auth });
    expect((await load(t, `/post/${memorialId}`, withCookie(revoked.token))).rendered).not.toMatch(
      / for /,
    );
  });
});

describe('link previews in the head of a memorial page', () => {
  const PUBLIC_URL = 'https://rips.example.org';
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await startApp({ PUBLIC_URL });
    owner = await createUser(t.app, { role: 'sponsor' });
  });

  const details = {
    title: 'Ada Lovelace',
    description: 'She wrote the first program.',
    birthPlace: 'London',
    dateOfBirth: '1815-12-10',
    deathDate: '1852-11-27',
  };
  const head = (body: string) => body.slice(0, body.indexOf('</head>'));

  it('gives a public, indexable memorial Open Graph, Twitter, canonical and JSON-LD tags with absolute URLs', async () => {
    const { id } = await createMemorialRow(t.app, owner, details);
    const page = await load(t, `/post/${id}`);
    expect(page.status).toBe(200);
    const tags = head(page.body);
    expect(tags.match(/<title>/g)).toHaveLength(1);
    expect(tags).toContain('<title>Ada Lovelace · Rips Memorial</title>');
    expect(tags).toContain('<meta property="og:title" content="Ada Lovelace">');
    expect(tags).toContain(
      `<meta property="og:image" content="${PUBLIC_URL}/api/v1/posts/${id}/preview.png">`,
    );
    expect(tags).toContain(`<meta property="og:url" content="${PUBLIC_URL}/post/${id}">`);
    expect(tags).toContain(`<link rel="canonical" href="${PUBLIC_URL}/post/${id}">`);
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(tags).toMatch(
      /<meta property="og:description" content="December 10, 1815 – November 27, 1852\. She wrote the first program\.">/,
    );
    const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(tags)?.[1];
    expect(JSON.parse(jsonLd!)).toMatchObject({
      '@type': 'Person',
      name: 'Ada Lovelace',
      birthDate: '1815-12-10',
      deathDate: '1852-11-27',
      birthPlace: { name: 'London' },
    });
    expect(tags).not.toContain('name="robots"');
    expect(page.rendered).not.toBeNull();
  });

  it('answers a memorial page from the cache with its head tags and robots header, reading nothing from the database', async () => {
    const open = (await createMemorialRow(t.app, owner, details)).id;
    const unindexed = (await createMemorialRow(t.app, owner, { ...details, indexable: false })).id;
    for (const [id, robots] of [
      [open, undefined],
      [unindexed, 'noindex'],
    ] as const) {
      const miss = await t.app.inject({ method: 'GET', url: `/post/${id}` });
      expect(miss.headers['x-page-cache']).toBe('miss');
      expect(miss.headers['x-robots-tag']).toBe(robots);
      expect(head(miss.body)).toContain(robots ? 'name="robots"' : 'og:title');
      const reads = vi.spyOn(t.app.ctx.db, 'select');
      try {
        const hit = await t.app.inject({ method: 'GET', url: `/post/${id}` });
        expect(hit.headers['x-page-cache']).toBe('hit');
        expect(hit.headers['x-robots-tag']).toBe(robots);
        expect(hit.body).toBe(miss.body);
        expect(reads).not.toHaveBeenCalled();
      } finally {
        reads.mockRestore();
      }
    }
  });

  it('gives any other memorial noindex and a neutral title, nothing about the person', async () => {
    const pages = [
      // Not indexable, and unlisted: both open to a visitor with the link.
      await load(
        t,
        `/post/${(await createMemorialRow(t.app, owner, { ...details, indexable: false })).id}`,
      ),
      await load(
        t,
        `/post/${(await createMemorialRow(t.app, owner, { ...details, visibility: 'unlisted' })).id}`,
      ),
      // Private: its owner's own page (a visitor is told it does not exist).
      await load(
        t,
        `/post/${(await createMemorialRow(t.app, owner, { ...details, visibility: 'private' })).id}`,
        {
          headers: { cookie: `rips_session=${owner.token}` },
        },
      ),
    ];
    for (const page of pages) {
      expect(page.status).toBe(200);
      const tags = head(page.body);
      expect(tags).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(tags).toContain('<title>Rips Memorial</title>');
      expect(tags).not.toMatch(/og:|twitter:|canonical|ld\+json|Ada Lovelace|London|1815/);
    }
  });
});

describe('errors keep the API envelope beside the web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });

  const envelope = (res: {
    statusCode: number;
    headers: Record<string, unknown>;
    body: string;
  }) => {
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    return res.body ? JSON.parse(res.body) : null;
  };

  it('answers a path with broken percent-encoding with the envelope, not the framework body', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/posts/post/%E0%A4%A'],
      ['DELETE', '/api/v1/posts/%E0%A4%A'],
      ['GET', '/post/%E0%A4%A'],
      ['GET', '/m/%zz'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(400);
      expect(envelope(res), url).toEqual({
        statusCode: 400,
        code: 'BAD_REQUEST',
        message: 'The address could not be read: it holds a broken percent-encoding.',
        success: false,
      });
      expect(res.headers['x-request-id'], url).toBeTruthy();
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('answers an over-long parameter with the envelope, with or without the web app', async () => {
    const apiAlone = await createTestApp();
    apps.push(apiAlone);
    const long = 'a'.repeat(300);
    for (const app of [t.app, apiAlone.app]) {
      for (const url of [`/api/v1/posts/post/${long}`, `/api/v1/posts/short/${long}`]) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(envelope(res), url).toMatchObject({
          statusCode: 404,
          code: 'NOT_FOUND',
          success: false,
        });
      }
    }
  });

  it('answers an unknown address under /api/ with a JSON 404 for every method, never the page', async () => {
    const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
    for (const url of ['/api', '/api/', '/api/nope', '/api/v2/posts', '/api/v1/nope/deeper']) {
      for (const method of methods) {
        const res = await t.app.inject({ method, url, headers: { accept: 'text/html' } });
        const where = `${method} ${url}`;
        expect(res.statusCode, where).toBe(404);
        expect(res.body, where).not.toMatch(/<html|<!doctype/i);
        const body = envelope(res);
        if (method === 'HEAD') expect(res.body, where).toBe('');
        else
          expect(body, where).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', success: false });
      }
    }
  });
});

describe('not-found pages', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await startApp({ PAGE_CACHE_SECONDS: '0' });
    owner = await createUser(t.app, { role: 'sponsor' });
  });

  /** Status, headers but the per-request ones, and body with `code` written as `{code}`. */
  const shape = async (url: string, code: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    const { date: _date, 'x-request-id': _id, ...headers } = res.headers;
    return { status: res.statusCode, headers, body: res.body.replaceAll(code, '{code}') };
  };

  it('answers an address no page has with 404, the app’s not-found page and noindex', async () => {
    for (const url of ['/no-such-page', '/no-such/deeper?x=1', `/m/${'a'.repeat(300)}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
      expect(res.body, url).toContain('<meta name="robots" content="noindex">');
      expect(res.body, url).toContain('<div id="root">');
    }
    // A browser asking for a file-like address gets the page too; a script gets JSON.
    const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    const oldPage = await t.app.inject({ method: 'GET', url: '/old-page.html', headers: html });
    expect(oldPage.statusCode).toBe(404);
    expect(oldPage.headers['x-robots-tag']).toBe('noindex');
    expect(oldPage.body).toContain('<div id="root">');
    const script = await t.app.inject({ method: 'GET', url: '/old-page.html' });
    expect(script.statusCode).toBe(404);
    expect(script.json()).toMatchObject({ code: 'NOT_FOUND', success: false });
    // A page that exists is still indexable.
    const { id } = await createMemorialRow(t.app, owner);
    const found = await t.app.inject({ method: 'GET', url: `/post/${id}` });
    expect(found.statusCode).toBe(200);
    expect(found.headers['x-robots-tag']).toBeUndefined();
  });

  it('answers a hidden memorial exactly as one that does not exist, at its address and its short link', async () => {
    const hidden = await createMemorialRow(t.app, owner, { visibility: 'private' });
    const unknown = { id: '00000000-0000-4000-8000-000000000000', shortCode: 'zzzzzzzz' };
    const post = await shape(`/post/${hidden.id}`, hidden.id);
    expect(post).toMatchObject({ status: 404, headers: { 'x-robots-tag': 'noindex' } });
    expect(post.body).toContain('<meta name="robots" content="noindex">');
    expect(post).toEqual(await shape(`/post/${unknown.id}`, unknown.id));
    const link = await shape(`/m/${hidden.shortCode}`, hidden.shortCode);
    expect(link).toMatchObject({ status: 404, headers: { 'x-robots-tag': 'noindex' } });
    expect(link.body).toContain('<meta name="robots" content="noindex">');
    expect(link).toEqual(await shape(`/m/${unknown.shortCode}`, unknown.shortCode));
  });
});
