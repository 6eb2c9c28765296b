import { describe, expect, it } from 'vitest';
import { isCacheableRender, PageCache, type RenderedPage } from './page-cache.js';

/** A renderer that counts its renders and says which one made each page. */
function counter(result: Partial<RenderedPage> = {}) {
  let renders = 0;
  const render = async (): Promise<RenderedPage> => {
    renders += 1;
    return { status: 200, html: `<p>render ${renders}</p>`, cacheable: true, ...result };
  };
  return { render, renders: () => renders };
}

function cache(options: { ttlMs?: number; maxEntries?: number; maxBytes?: number } = {}) {
  const clock = { now: 1_000_000 };
  const pages = new PageCache({
    ttlMs: 5000,
    maxEntries: 100,
    maxBytes: 1024 * 1024,
    ...options,
    now: () => clock.now,
  });
  return { pages, clock };
}

describe('PageCache', () => {
  it('serves the same page again within its time to live', async () => {
    const { pages, clock } = cache();
    const renderer = counter();
    const first = await pages.get('/post/1', renderer.render);
    clock.now += 4999;
    const second = await pages.get('/post/1', renderer.render);
    expect(first).toMatchObject({
      page: { status: 200, html: '<p>render 1</p>', body: Buffer.from('<p>render 1</p>') },
      hit: false,
    });
    expect(second).toMatchObject({
      page: { status: 200, html: '<p>render 1</p>', body: Buffer.from('<p>render 1</p>') },
      hit: true,
    });
    expect(renderer.renders()).toBe(1);
  });

  it('keys pages by their whole URL', async () => {
    const { pages } = cache();
    const renderer = counter();
    await pages.get('/post/1', renderer.render);
    await pages.get('/post/2', renderer.render);
    await pages.get('/memoriams?q=a', renderer.render);
    await pages.get('/memoriams?q=b', renderer.render);
    expect(renderer.renders()).toBe(4);
  });

  it('renders again once the time to live has passed', async () => {
    const { pages, clock } = cache();
    const renderer = counter();
    await pages.get('/post/1', renderer.render);
    clock.now += 5000;
    const again = await pages.get('/post/1', renderer.render);
    expect(again).toMatchObject({
      page: { status: 200, html: '<p>render 2</p>', body: Buffer.from('<p>render 2</p>') },
      hit: false,
    });
    expect(pages.size).toBe(1);
  });

  it('renders again after data changed (the version moved on)', async () => {
    const { pages } = cache();
    const renderer = counter();
    await pages.get('/post/1', renderer.render);
    pages.dataChanged();
    const again = await pages.get('/post/1', renderer.render);
    expect(again.page.html).toBe('<p>render 2</p>');
    expect(again.hit).toBe(false);
  });

  it('shares one render among concurrent misses for the same page', async () => {
    const { pages } = cache();
    let release!: () => void;
    let renders = 0;
    const render = async (): Promise<RenderedPage> => {
      renders += 1;
      await new Promise<void>((resolve) => (release = resolve));
      return { status: 200, html: '<p>shared</p>', cacheable: true };
    };
    const burst = Array.from({ length: 20 }, () => pages.get('/post/1', render));
    release();
    const results = await Promise.all(burst);
    expect(renders).toBe(1);
    expect(results.every((r) => r.page.html === '<p>shared</p>' && !r.hit)).toBe(true);
    expect((await pages.get('/post/1', render)).hit).toBe(true);
  });

  it('neither joins nor keeps a render that began before data changed', async () => {
    const { pages } = cache();
    let release!: () => void;
    let renders = 0;
    const render = async (): Promise<RenderedPage> => {
      const n = (renders += 1);
      if (n === 1) await new Promise<void>((resolve) => (release = resolve));
      return { status: 200, html: `<p>render ${n}</p>`, cacheable: true };
    };
    const before = pages.get('/post/1', render);
    pages.dataChanged();
    const after = await pages.get('/post/1', render);
    release();
    expect((await before).page.html).toBe('<p>render 1</p>');
    expect(after.page.html).toBe('<p>render 2</p>');
    const later = await pages.get('/post/1', render);
    expect(later).toMatchObject({
      page: { status: 200, html: '<p>render 2</p>', body: Buffer.from('<p>render 2</p>') },
      hit: true,
    });
  });

  it('shares a failed render with its waiters and keeps nothing', async () => {
    const { pages } = cache();
    let renders = 0;
    const render = async (): Promise<RenderedPage> => {
      renders += 1;
      throw new Error('renderer broke');
    };
    const results = await Promise.allSettled([
      pages.get('/post/1', render),
      pages.get('/post/1', render),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(renders).toBe(1);
    await expect(pages.get('/post/1', render)).rejects.toThrow('renderer broke');
    expect(renders).toBe(2);
  });

  it('keeps neither fallbacks nor server errors, but keeps a 404', async () => {
    const { pages } = cache();
    const fallback = counter({ cacheable: false });
    await pages.get('/post/1', fallback.render);
    await pages.get('/post/1', fallback.render);
    expect(fallback.renders()).toBe(2);
    const failing = counter({ status: 503 });
    await pages.get('/post/2', failing.render);
    await pages.get('/post/2', failing.render);
    expect(failing.renders()).toBe(2);
    const missing = counter({ status: 404 });
    await pages.get('/post/3', missing.render);
    expect(await pages.get('/post/3', missing.render)).toMatchObject({
      page: { status: 404, html: '<p>render 1</p>', body: Buffer.from('<p>render 1</p>') },
      hit: true,
    });
  });

  it('holds at most maxEntries pages, dropping the least recently used', async () => {
    const { pages } = cache({ maxEntries: 2 });
    const renderer = counter();
    await pages.get('/a', renderer.render);
    await pages.get('/b', renderer.render);
    await pages.get('/a', renderer.render); // /a is now the most recently used
    await pages.get('/c', renderer.render); // drops /b
    expect(pages.size).toBe(2);
    expect((await pages.get('/a', renderer.render)).hit).toBe(true);
    expect((await pages.get('/c', renderer.render)).hit).toBe(true);
    expect((await pages.get('/b', renderer.render)).hit).toBe(false);
  });

  it('holds at most maxBytes of HTML, and never a page larger than that', async () => {
    const { pages } = cache({ maxBytes: 250 });
    const big = (n: number) => async (): Promise<RenderedPage> => ({
      status: 200,
      html: 'x'.repeat(n),
      cacheable: true,
    });
    await pages.get('/a', big(100));
    await pages.get('/b', big(100));
    await pages.get('/c', big(100)); // 300 bytes: /a goes
    expect(pages.size).toBe(2);
    expect((await pages.get('/a', big(100))).hit).toBe(false);
    await pages.get('/huge', big(251));
    expect((await pages.get('/huge', big(251))).hit).toBe(false);
  });

  it('renders every time when its time to live is 0', async () => {
    const { pages } = cache({ ttlMs: 0 });
    const renderer = counter();
    await pages.get('/post/1', renderer.render);
    const second = await pages.get('/post/1', renderer.render);
    expect(second.hit).toBe(false);
    expect(renderer.renders()).toBe(2);
    expect(pages.size).toBe(0);
  });
});

describe('isCacheableRender', () => {
  it('is true only for a request with neither Authorization nor a cookie', () => {
    expect(isCacheableRender({ headers: {} })).toBe(true);
    expect(isCacheableRender({ headers: { accept: 'text/html' } })).toBe(true);
    expect(isCacheableRender({ headers: { authorization: 'Bearer abc' } })).toBe(false);
    expect(isCacheableRender({ headers: { authorization: '' } })).toBe(false);
    expect(isCacheableRender({ headers: { cookie: 'session=abc' } })).toBe(false);
    expect(isCacheableRender({ headers: { cookie: 'theme=dark' } })).toBe(false);
  });
});
