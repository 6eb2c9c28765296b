import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { redactUrl } from '../lib/log-redaction.js';
import { isCacheableRender, type RenderedPage } from '../lib/page-cache.js';
import { readSessionCookie } from '../modules/auth/session-cookie.js';
import { presentSelf } from '../modules/users/users.presenter.js';
import { viewerFromToken } from './auth.js';
import { CONTENT_SECURITY_POLICY } from './security-headers.js';
import { memorialPageHead } from '../modules/previews/memorial-head.js';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Answers 404 with the site's not-found page (the app's shell, whose router shows it), or
     * the API's not-found error when no web app is served.
     */
    sendNotFoundPage(): Promise<FastifyReply>;
  }
}

/** The member a page is rendered for, as the page may show them (never their token). */
export interface PageViewer {
  user: unknown;
  roles: string;
}

/** What the web app's server-side entry (apps/web/src/entry-server.tsx) offers. */
export interface ServerRenderer {
  render(request: {
    url: string;
    /** The API, answered in process, as the viewer (their bearer token, when signed in). */
    fetch: typeof fetch;
    viewer: PageViewer | null;
    signal: AbortSignal;
  }): Promise<
    | { kind: 'page'; html: string; title: string; description?: string; data: unknown }
    | { kind: 'status'; status: number }
    | { kind: 'skip' }
  >;
  /** 404 when no page of the app has this address (its router's catch-all), else 200. */
  pageStatus?(url: string): number;
}

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

/**
 * The web app's API calls during one render, answered in process by the same routes, as the
 * viewer: with their bearer token when the page is a signed-in member's. The API itself never
 * reads the session cookie.
 */
function inProcessFetch(app: FastifyInstance, bearer: string | null): typeof fetch {
  return async (input, init) => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    delete headers['authorization'];
    delete headers['cookie'];
    if (bearer) headers['authorization'] = `Bearer ${bearer}`;
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: String(input),
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const out = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined)
        out.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(NULL_BODY_STATUS.has(response.statusCode) ? null : response.rawPayload, {
      status: response.statusCode,
      headers: out,
    });
  };
}

/** JSON inside a script element: nothing in it can close the element or start markup. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The id of the JSON script a rendered page carries its data in (read by start-app.tsx). */
export const PAGE_DATA_ID = 'rips-page-data';

const MARKERS = { head: '<!--app-head-->', html: '<!--app-html-->', data: '<!--app-data-->' };

/** index.html cut at its three markers: the page's title, its HTML and its data go in between. */
export interface PageTemplate {
  parts: [string, string, string, string];
}

export function parseTemplate(indexHtml: string): PageTemplate {
  const [beforeHead, afterHead] = splitOnce(indexHtml, MARKERS.head);
  const [beforeHtml, afterHtml] = splitOnce(afterHead, MARKERS.html);
  const [beforeData, afterData] = splitOnce(afterHtml, MARKERS.data);
  return { parts: [beforeHead, beforeHtml, beforeData, afterData] };
}

function splitOnce(text: string, marker: string): [string, string] {
  const at = text.indexOf(marker);
  if (at < 0 || text.indexOf(marker, at + 1) >= 0)
    throw new Error(`The web app's index.html must hold ${marker} exactly once.`);
  return [text.slice(0, at), text.slice(at + marker.length)];
}

const NOSCRIPT =
  '<noscript>Rips Memorial needs JavaScript to show this page. Please enable it and reload.</noscript>';

/** The app's shell: the browser renders the page itself. */
export function shellPage({ parts }: PageTemplate): string {
  return parts[0] + '<title>Rips Memorial</title>' + parts[1] + parts[2] + NOSCRIPT + parts[3];
}

/** The site-wide description index.html carries (its attributes in this order). */
const SITE_DESCRIPTION = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/;

/**
 * A page rendered here: it reads without scripts, so no notice asks for them. A page that has its
 * own description (a static page's) has it in place of the site's.
 */
export function renderedPage(
  { parts }: PageTemplate,
  page: { title: string; description?: string; html: string; data: unknown },
): string {
  let head = parts[0];
  let title = `<title>${escapeHtml(page.title)}</title>`;
  if (page.description) {
    const own = `<meta name="description" content="${escapeHtml(page.description)}" />`;
    if (SITE_DESCRIPTION.test(head)) head = head.replace(SITE_DESCRIPTION, () => own);
    else title += own;
  }
  return (
    head +
    title +
    parts[1] +
    page.html +
    parts[2] +
    `<script type="application/json" id="${PAGE_DATA_ID}">${jsonForScript(page.data)}</script>` +
    parts[3]
  );
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

class RenderTimeout extends Error {
  constructor(readonly timeoutMs: number) {
    super(`server rendering took longer than ${timeoutMs} ms`);
    this.name = 'RenderTimeout';
  }
}

/** The renderer's answer, or a RenderTimeout once `timeoutMs` has passed (the render is aborted). */
async function renderWithin(
  renderer: ServerRenderer,
  request: Omit<Parameters<ServerRenderer['render']>[0], 'signal'>,
  timeoutMs: number,
) {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new RenderTimeout(timeoutMs);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    return await Promise.race([
      renderer.render({ ...request, signal: controller.signal }),
      timedOut,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A failed render as the log may show it: the error's kind and where it was thrown, never its
 * message (a render error can quote what the page holds).
 */
function describeFailure(error: unknown) {
  if (error instanceof RenderTimeout) return { reason: 'timeout', timeoutMs: error.timeoutMs };
  const err = error instanceof Error ? error : new Error('non-error thrown');
  const frames = (err.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  return { reason: 'error', type: err.name, stack: frames.slice(0, 8).join('\n') };
}

async function loadRenderer(distDir: string): Promise<ServerRenderer | null> {
  const entry = path.join(distDir, '..', 'dist-ssr', 'entry-server.js');
  if (!existsSync(entry)) return null;
  return (await import(pathToFileURL(entry).href)) as ServerRenderer;
}

/** Where the page route gets its template and renderer: the build, or Vite's dev server. */
interface PageSource {
  template(url: string): Promise<PageTemplate>;
  renderer(): Promise<ServerRenderer | null>;
}

export interface WebAppOptions {
  /** The built web app (apps/web/dist, beside dist-ssr); null: no web app. */
  distDir: string | null;
  /**
   * `npm run dev`: the web app's folder (apps/web). Vite serves its modules with hot reload and
   * every page is rendered with the current source (ssrLoadModule), not a build.
   */
  devRoot?: string | null;
}

/** The CSP of dev pages: Vite's client and React's refresh preamble are inline scripts. */
const DEV_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.replace(
  "script-src 'self'",
  "script-src 'self' 'unsafe-inline'",
).replace("connect-src 'self'", "connect-src 'self' ws: wss:");

async function devSource(app: FastifyInstance, devRoot: string): Promise<PageSource> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    root: devRoot,
    configFile: path.join(devRoot, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: { server: app.server } },
    appType: 'custom',
  });
  app.addHook('onClose', async () => vite.close());
  // Vite's own requests (modules, its client, public files): everything that is not the API,
  // media or a page.
  app.addHook('onRequest', async (request, reply) => {
    const url = request.url;
    if (isApiPath(url) || url.startsWith('/media/') || isPagePath(url)) return;
    reply.hijack();
    vite.middlewares(request.raw, reply.raw, () => {
      reply.raw.statusCode = 404;
      reply.raw.end('Not found');
    });
  });
  const indexPath = path.join(devRoot, 'index.html');
  return {
    template: async (url) =>
      parseTemplate(await vite.transformIndexHtml(url, await readFile(indexPath, 'utf8'))),
    renderer: async () =>
      (await vite.ssrLoadModule('/src/entry-server.tsx')) as unknown as ServerRenderer,
  };
}

/**
 * An address under `/api` (every version, and the API's own pages): its unknown paths answer the
 * API's JSON "not found", never the web app.
 */
function isApiPath(url: string): boolean {
  return /^\/api(?:[/?#]|$)/.test(url);
}

/**
 * A page address: not the API's, not media, no file extension, not one of Vite's
 * (`/@vite/client`, `/@fs/...`).
 */
function isPagePath(url: string): boolean {
  return (
    !isApiPath(url) &&
    !url.startsWith('/media/') &&
    !url.startsWith('/@') &&
    !/\.[a-z0-9]{1,5}(\?|$)/i.test(url)
  );
}

/** `/post/{id}` and the pages under it (manage, transfer). */
const MEMORIAL_PAGE = /^\/post\/([^/?#]+)/;
/** The memorial's own page, `/post/{id}`: the one link previews describe. */
const MEMORIAL_ITSELF = /^\/post\/[^/?#]+\/?(?:[?#]|$)/;
/** `/m/{code}`, whose own route (share.routes.ts) answers every code the router accepts. */
const SHORT_LINK = /^\/m\/[^/?#]/;
/** The page's title, put at the template's head marker by `shellPage` and `renderedPage`. */
const PAGE_TITLE = /<title>[^<]*<\/title>/;
const NOINDEX = '<meta name="robots" content="noindex">';

/** The page, marked for search engines not to index. */
function withNoindex(html: string): string {
  return html.replace('</head>', () => `${NOINDEX}</head>`);
}

/**
 * Serves the web app: hashed assets pre-compressed and cached for a year, and for every other GET
 * a page. Public pages (home, memoriams, a memorial, sign-in, sign-up, password reset, contact,
 * the static pages) are rendered here through the app's own routes and loaders
 * (apps/web/src/entry-server.tsx), so they appear before any script runs; the rest get the app's
 * shell and render in the browser. A signed-in member's session cookie (session-cookie.ts) makes
 * the page their own view; only anonymous visitors' pages are kept a few seconds
 * (lib/page-cache.ts), and renders are limited per address (decision 0022). The browser is told
 * not to reuse a page without asking again.
 */
export const webAppPlugin = fp<WebAppOptions>(async (app, { distDir, devRoot }) => {
  const hasWeb = distDir !== null && existsSync(path.join(distDir, 'index.html'));
  let source: PageSource | null = null;
  if (devRoot) {
    source = await devSource(app, devRoot);
  } else if (hasWeb) {
    const template = parseTemplate(await readFile(path.join(distDir, 'index.html'), 'utf8'));
    const renderer = await loadRenderer(distDir);
    source = { template: async () => template, renderer: async () => renderer };
  }

  const { config, limiter, pageCache } = app.ctx;

  /** The page rendered on the server, or the shell (not cacheable) when rendering failed. */
  async function page(
    url: string,
    template: PageTemplate,
    renderer: ServerRenderer | null,
    viewer: { token: string; viewer: PageViewer } | null,
  ): Promise<RenderedPage> {
    const shell = { status: 200, html: shellPage(template), cacheable: true };
    if (!renderer) return shell;
    // No page has this address: the app's not-found page, with its status, nothing to render.
    if (renderer.pageStatus?.(url) === 404) return { ...shell, status: 404 };
    const result = await renderWithin(
      renderer,
      {
        url,
        fetch: inProcessFetch(app, viewer?.token ?? null),
        viewer: viewer?.viewer ?? null,
      },
      config.PAGE_RENDER_TIMEOUT_MS,
    ).catch((error: unknown) => {
      // The browser can still render the page itself; the failure is logged, not shown.
      app.log.error(
        { render: describeFailure(error), url: redactUrl(url) },
        'server rendering failed; sending the app shell',
      );
      return { kind: 'failed' } as const;
    });
    if (result.kind === 'failed') return { ...shell, cacheable: false };
    if (result.kind === 'skip') return shell;
    if (result.kind === 'status') return { ...shell, status: result.status };
    return { status: 200, html: renderedPage(template, result), cacheable: true };
  }

  /** The signed-in member the session cookie names, when its token is still good. */
  async function cookieViewer(request: FastifyRequest) {
    const token = readSessionCookie(request);
    if (!token) return null;
    const { user } = await viewerFromToken(app.ctx, token);
    if (!user) return null;
    return { token, viewer: { user: presentSelf(app.ctx.urls, user), roles: user.role } };
  }

  /**
   * A render, counted against the caller's address. Past the limit the app shell goes out: the
   * browser renders the page itself from the API, so a visitor still gets the page (decision 0022).
   */
  async function renderFor(
    request: FastifyRequest,
    viewer: Awaited<ReturnType<typeof cookieViewer>>,
  ): Promise<RenderedPage> {
    const template = await source!.template(request.url);
    const renderer = await source!.renderer();
    const minute = Math.floor(limiter.now() / 60_000);
    const key = `page-render:${request.ip}:${minute}`;
    if (renderer && (await limiter.retryAfter(key, config.PAGE_RENDERS_PER_MINUTE_PER_IP)) > 0)
      return {
        status: renderer.pageStatus?.(request.url) ?? 200,
        html: shellPage(template),
        cacheable: false,
      };
    if (renderer) await limiter.hit(key);
    return page(request.url, template, renderer, viewer);
  }

  /**
   * A page as it goes out. A memorial's page says itself whether search engines may index it
   * (the memorial policy decides: public and left indexable by its family), rendered here or in
   * the browser. Its own page carries the head tags link previews read in place of the title:
   * Open Graph, Twitter card, canonical URL and JSON-LD for a public, indexable memorial;
   * otherwise `noindex` and a neutral title, nothing about the person. A page that is not found
   * (or not shown) is never indexed, and an unknown memorial's page answers exactly as a hidden
   * one's (decision 0087). The head is the anonymous view whoever asks, read with the render so
   * the page cache keeps both together (its version moves on with every write).
   */
  async function finishedPage(
    request: FastifyRequest,
    viewer: Awaited<ReturnType<typeof cookieViewer>>,
  ): Promise<RenderedPage> {
    const rendered = await renderFor(request, viewer);
    const memorialId = MEMORIAL_PAGE.exec(request.url)?.[1];
    const head = memorialId
      ? await memorialPageHead(app.ctx.db, memorialId, config.publicUrl)
      : null;
    const found = rendered.status === 200;
    const noindex = !(found && (head?.indexable ?? true));
    // The memorial's own head says `noindex` itself when the memorial may not be indexed.
    if (head && found && MEMORIAL_ITSELF.test(request.url))
      return { ...rendered, noindex, html: rendered.html.replace(PAGE_TITLE, () => head.html) };
    return noindex ? { ...rendered, noindex, html: withNoindex(rendered.html) } : rendered;
  }

  if (hasWeb && !devRoot) {
    await app.register(fastifyStatic, {
      root: distDir,
      preCompressed: true,
      index: false,
      wildcard: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }
  const notFound = (request: FastifyRequest) =>
    AppError.notFound(
      `No route for ${request.method} ${request.url.split('?')[0]!.slice(0, 200)}.`,
    );

  app.setNotFoundHandler(async (request) => {
    throw notFound(request);
  });

  app.decorateReply('sendNotFoundPage', async function (this: FastifyReply) {
    if (!source) throw notFound(this.request);
    const template = await source.template(this.request.url);
    return this.status(404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-robots-tag', 'noindex')
      .send(withNoindex(shellPage(template)));
  });

  // Pages are a route (not the not-found handler) so that they go out compressed like the API.
  if (!source) return;
  app.get('/*', async (request, reply) => {
    if (!isPagePath(request.url)) {
      // A browser asking for a page at a file-like address (`/old-page.html`) gets the site's
      // not-found page; a script, the API's JSON.
      const browser = /\btext\/html\b/.test(request.headers.accept ?? '');
      if (browser && !isApiPath(request.url) && !request.url.startsWith('/media/'))
        return reply.sendNotFoundPage();
      throw notFound(request);
    }
    // A short link reaches this route only when the router refused its code (longer than any
    // code is): no memorial has it.
    if (SHORT_LINK.test(request.url)) return reply.sendNotFoundPage();
    // Only a request without any cookie or Authorization reads and fills the shared cache; a
    // member's page is rendered for them alone and marked private. The cache keeps the page
    // finished, head tags included: a hit reads nothing from the database.
    const viewer = await cookieViewer(request);
    const { page: sent, hit } =
      !viewer && isCacheableRender(request)
        ? await pageCache.get(request.url, () => finishedPage(request, null))
        : { page: await finishedPage(request, viewer), hit: false };
    if (devRoot) reply.header('content-security-policy', DEV_CONTENT_SECURITY_POLICY);
    if (sent.noindex) reply.header('x-robots-tag', 'noindex');
    return reply
      .status(sent.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', viewer ? 'private, no-cache' : 'no-cache')
      .header('vary', 'Cookie')
      .header('x-page-cache', hit ? 'hit' : 'miss')
      .send(sent.body ?? sent.html);
  });
});
