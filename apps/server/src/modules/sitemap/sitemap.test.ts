// The sitemap: static pages and public memorials left indexable; an index of numbered files past 50,000 URLs;
// robots.txt points to it.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_ENGINE, useTestApp } from '../../../test/app.js';
import { createMemorialRow, createUser } from '../../../test/factories.js';
import { SITEMAP_MAX_URLS, STATIC_PAGES } from './sitemap.routes.js';

const t = useTestApp({ PUBLIC_URL: 'https://memorials.example.org' });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe(`sitemap (${TEST_ENGINE})`, () => {
  it('lists the static pages and the public, indexable memorials, and robots.txt points to it', async () => {
    const owner = await createUser(t.app, { role: 'sponsor' });
    const memorial = await createMemorialRow(t.app, owner);
    // Never listed: one its family asked search engines to leave alone, and any not public.
    await createMemorialRow(t.app, owner, { indexable: false });
    for (const visibility of ['unlisted', 'members', 'private'] as const) {
      await createMemorialRow(t.app, owner, { visibility });
    }
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    expect(locs(res.body)).toEqual([
      ...STATIC_PAGES.map((p) => `https://memorials.example.org${p}`),
      `https://memorials.example.org/post/${memorial.id}`,
    ]);
    // The information pages, the accessibility statement among them.
    for (const page of [
      '/about-us',
      '/user-guide',
      '/terms',
      '/policy',
      '/accessibility',
      '/permanence',
    ]) {
      expect(locs(res.body)).toContain(`https://memorials.example.org${page}`);
    }
    expect(res.body).toContain(`<lastmod>${memorial.updatedAt.toISOString()}</lastmod>`);
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Sitemap: https://memorials.example.org/sitemap.xml');
    expect(robots.body).toContain('Disallow: /api/');
  });

  it(`becomes an index of numbered files past ${SITEMAP_MAX_URLS.toLocaleString('en-US')} URLs`, async () => {
    const owner = await createUser(t.app, { role: 'sponsor' });
    // Enough memorials that the static pages and memorials overflow one file by a few.
    await t.app.ctx.db.execute(sql`
      INSERT INTO memorials (owner_id, title, created_at)
      SELECT ${owner.row.id}::uuid, 'Memorial ' || n, now() + (n || ' milliseconds')::interval
      FROM generate_series(1, ${SITEMAP_MAX_URLS}) AS n`);
    const index = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.body).toContain('<sitemapindex ');
    expect(locs(index.body)).toEqual([
      'https://memorials.example.org/sitemaps/1.xml',
      'https://memorials.example.org/sitemaps/2.xml',
    ]);
    const first = locs((await t.app.inject({ method: 'GET', url: '/sitemaps/1.xml' })).body);
    const second = locs((await t.app.inject({ method: 'GET', url: '/sitemaps/2.xml' })).body);
    expect(first.length).toBe(SITEMAP_MAX_URLS);
    const total = STATIC_PAGES.length + SITEMAP_MAX_URLS + 1;
    expect(second.length).toBe(total - SITEMAP_MAX_URLS);
    expect(new Set([...first, ...second]).size).toBe(total);
    // The newest memorial is last: files keep their contents as memorials are added.
    expect(second[second.length - 1]).toMatch(/\/post\/[0-9a-f-]{36}$/);
    expect((await t.app.inject({ method: 'GET', url: '/sitemaps/3.xml' })).statusCode).toBe(404);
  }, 120_000);
});
