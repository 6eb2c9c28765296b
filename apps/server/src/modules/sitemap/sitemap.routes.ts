import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_RESPONSES } from '@rips/shared/envelope';
import { AppError } from '../../errors.js';
import { listedMemorialCount, listedMemorials } from './sitemap.service.js';

/** The sitemap protocol's limit of URLs per file; past it, /sitemap.xml is an index of files. */
export const SITEMAP_MAX_URLS = 50_000;

/** The public pages anyone may open, besides the memorials. */
export const STATIC_PAGES = [
  '/',
  '/memoriams',
  '/about-us',
  '/user-guide',
  '/contact-us',
  '/terms',
  '/policy',
  '/accessibility',
  '/permanence',
];

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const XmlAnswer = {
  200: {
    description: 'An XML sitemap (sitemaps.org protocol).',
    content: { 'application/xml': { schema: z.any().meta({ type: 'string' }) } },
  },
  ...ERROR_RESPONSES,
};

/**
 * /sitemap.xml lists the static pages and every public memorial its family left indexable
 * (`indexableMemorials`, the policy's one rule). Up to 50,000 URLs it is the sitemap itself;
 * beyond, an index of numbered files /sitemaps/{n}.xml, each written as its rows are read in pages.
 * robots.txt points to it.
 */
export const sitemapRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const base = ctx.config.publicUrl;

  /** The URLs from `start` (static pages first, then memorials oldest first), at most `limit`. */
  async function* urls(start: number, limit: number): AsyncGenerator<string> {
    const pages = STATIC_PAGES.slice(start, start + limit);
    for (const page of pages) yield `<url><loc>${escapeXml(base + page)}</loc></url>\n`;
    const memorialStart = Math.max(0, start - STATIC_PAGES.length);
    for await (const m of listedMemorials(ctx, memorialStart, limit - pages.length)) {
      yield `<url><loc>${escapeXml(`${base}/post/${m.id}`)}</loc><lastmod>${m.updatedAt.toISOString()}</lastmod></url>\n`;
    }
  }

  async function* urlset(start: number, limit: number): AsyncGenerator<string> {
    yield `${XML_HEAD}<urlset xmlns="${NS}">\n`;
    yield* urls(start, limit);
    yield '</urlset>\n';
  }

  const total = async () => STATIC_PAGES.length + (await listedMemorialCount(ctx));

  app.get('/sitemap.xml', { schema: { response: XmlAnswer } }, async (_request, reply) => {
    const count = await total();
    void reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600');
    if (count <= SITEMAP_MAX_URLS) return reply.send(Readable.from(urlset(0, SITEMAP_MAX_URLS)));
    const files = Math.ceil(count / SITEMAP_MAX_URLS);
    const entries = Array.from(
      { length: files },
      (_, i) => `<sitemap><loc>${escapeXml(`${base}/sitemaps/${i + 1}.xml`)}</loc></sitemap>\n`,
    );
    return reply.send(
      `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${entries.join('')}</sitemapindex>\n`,
    );
  });

  app.get(
    '/sitemaps/:file',
    {
      schema: {
        params: z.object({
          file: z
            .string()
            .regex(/^[1-9]\d{0,5}\.xml$/)
            .max(12),
        }),
        response: XmlAnswer,
      },
    },
    async (request, reply) => {
      const n = Number.parseInt(request.params.file, 10);
      const count = await total();
      // File 1 always exists (the whole list while it fits in one); past the last, nothing.
      if ((n - 1) * SITEMAP_MAX_URLS >= count) {
        throw AppError.notFound('This sitemap does not exist.');
      }
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(Readable.from(urlset((n - 1) * SITEMAP_MAX_URLS, SITEMAP_MAX_URLS)));
    },
  );

  app.get(
    '/robots.txt',
    {
      schema: {
        response: {
          200: {
            description: 'Rules for crawlers, pointing to the sitemap.',
            content: { 'text/plain': { schema: z.any().meta({ type: 'string' }) } },
          },
        },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${base}/sitemap.xml\n`),
  );
};
