import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PREFIX } from '@rips/shared/api';
import { AppError } from '../errors.js';
import { redactUrl } from '../lib/log-redaction.js';
import { isCacheableRender, type RenderedPage } from '../lib/page-cache.js';

/** What the web app's server-side bundle (apps/web/dist-ssr/entry-server.js) offers. */
interface ServerRenderer {
  SERVER_STATE_ID: string;
  configureServerRendering(serverFetch: typeof fetch): void;
  renderPage(
    url: string,
    options?: { signal?: AbortSignal },
  ): Promise<
    | { kind: 'page'; html: string; state: unknown; title: string }
    | { kind: 'status'; status: number }
    | { kind: 'skip' }
  >;
}

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

/** The web app's API calls during a render, answered in process by the same routes. */
function inProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: String(input),
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined)
        headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(NULL_BODY_STATUS.has(response.statusCode) ? null : response.rawPayload, {
      status: response.statusCode,
      headers,
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

export const BOOT_SCRIPT_ID = 'rips-boot';

/**
 * The page template for server-rendered pages. The app's entry script and its module preloads
 * make way for /boot.js, which fetches them once the page has painted: the page is readable
 * without them, so on a slow connection its styles and first picture come first. The noscript
 * notice goes too (the page reads without scripts). Unchanged when the template has no entry.
 */
export function serverRenderedTemplate(indexHtml: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(indexHtml);
  if (!entry) return indexHtml;
  const preloads: string[] = [];
  const html = indexHtml
    .replace(/[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g, (_tag, href) => {
      preloads.push(href as string);
      return '';
    })
    .replace(/\s*<noscript[\s\S]*?<\/noscript\s*>/, '');
  return html.replace(
    entry[0],
    () =>
      `<script type="module" src="/boot.js" id="${BOOT_SCRIPT_ID}" data-entry="${entry[1]}" data-preload="${preloads.join(' ')}"></script>`,
  );
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** The renderer's answer, or a rejection once `timeoutMs` has passed (the render is aborted). */
async function renderWithin(renderer: ServerRenderer, url: string, timeoutMs: number) {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`server rendering took longer than ${timeoutMs} ms`);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    return await Promise.race([renderer.renderPage(url, { signal: controller.signal }), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

async function loadRenderer(distDir: string): Promise<ServerRenderer | null> {
  const entry = path.join(distDir, '..', 'dist-ssr', 'entry-server.js');
  if (!existsSync(entry)) return null;
  return (await import(pathToFileURL(entry).href)) as ServerRenderer;
}

/**
 * Serves the built web app: hashed assets pre-compressed and cached for a year, and for every
 * other GET a page. Public pages (home, memoriams, a memorial, sign-in, the static pages) are
 * rendered here to HTML with the data they show, so they appear before any script runs; the rest
 * get the app's shell and render in the browser. Anonymous visitors' pages are kept a few
 * seconds (lib/page-cache.ts) and renders are limited per address (decision 0022); the browser
 * is told not to reuse a page without asking again.
 */
export const webAppPlugin = fp<{ distDir: string | null }>(async (app, { distDir }) => {
  const hasWeb = distDir !== null && existsSync(path.join(distDir, 'index.html'));
  const indexHtml = hasWeb ? await readFile(path.join(distDir, 'index.html'), 'utf8') : null;
  const renderedTemplate = indexHtml && serverRenderedTemplate(indexHtml);
  const renderer = hasWeb ? await loadRenderer(distDir) : null;
  renderer?.configureServerRendering(inProcessFetch(app));

  const { config, limiter, pageCache } = app.ctx;

  /** The page rendered on the server, or the shell (not cacheable) when rendering failed. */
  async function page(url: string): Promise<RenderedPage> {
    const shell = { status: 200, html: indexHtml!, cacheable: true };
    if (!renderer) return shell;
    const result = await renderWithin(renderer, url, config.PAGE_RENDER_TIMEOUT_MS).catch(
      (error: unknown) => {
        // The browser can still render the page itself; the failure is logged, not shown.
        app.log.error(
          { err: error, url: redactUrl(url) },
          'server rendering failed; sending the app shell',
        );
        return { kind: 'failed' } as const;
      },
    );
    if (result.kind === 'failed') return { ...shell, cacheable: false };
    if (result.kind === 'skip') return shell;
    if (result.kind === 'status') return { ...shell, status: result.status };
    // Replaced through functions: a `$&` in a memorial's text must stay text.
    const html = renderedTemplate!
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(result.title)}</title>`)
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${result.html}</div>` +
          `<script type="application/json" id="${renderer.SERVER_STATE_ID}">${jsonForScript(result.state)}</script>`,
      );
    return { status: 200, html, cacheable: true };
  }

  /**
   * A render, counted against the caller's address. Past the limit the app shell goes out: the
   * browser renders the page itself from the API, so a visitor still gets the page (decision 0022).
   */
  async function renderFor(request: FastifyRequest): Promise<RenderedPage> {
    const minute = Math.floor(limiter.now() / 60_000);
    const key = `page-render:${request.ip}:${minute}`;
    if (renderer && (await limiter.retryAfter(key, config.PAGE_RENDERS_PER_MINUTE_PER_IP)) > 0)
      return { status: 200, html: indexHtml!, cacheable: false };
    if (renderer) await limiter.hit(key);
    return page(request.url);
  }

  if (hasWeb) {
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

  // Pages are a route (not the not-found handler) so that they go out compressed like the API.
  if (!indexHtml) return;
  app.get('/*', async (request, reply) => {
    const isPage =
      !request.url.startsWith(API_PREFIX) &&
      !request.url.startsWith('/media/') &&
      !/\.[a-z0-9]{1,5}(\?|$)/i.test(request.url);
    if (!isPage) throw notFound(request);
    const { page: sent, hit } = isCacheableRender(request)
      ? await pageCache.get(request.url, () => renderFor(request))
      : { page: await renderFor(request), hit: false };
    return reply
      .status(sent.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-page-cache', hit ? 'hit' : 'miss')
      .send(sent.html);
  });
});
