/*
 * The server's side of the web app (the API server imports this, built into dist-ssr/, or
 * through Vite in development). It renders a page through the app's own routes: React Router's
 * static handler runs the route's loaders, which fill a query client of this request alone, then
 * the page is rendered to HTML with the same components the browser runs. The browser adopts it
 * (start-app.tsx) from the router's hydration data and the dehydrated queries the page carries.
 *
 * A page is rendered as its viewer: a visitor, or the signed-in member named by the session
 * cookie, whose bearer token the server's in-process `fetch` carries. The HTML never holds it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  matchRoutes,
  StaticRouterProvider,
  type HydrationState,
} from 'react-router';
import { AppProviders, createQueryClient } from './app/providers';
import { createRoutes, type PageHandle } from './app/router';
import { ApiError, setRenderTransport } from './lib/api-client';
import { formatDocumentTitle, ServerTitleContext } from './lib/use-document-title';
import { RenderedViewerContext, type RenderedViewer } from './lib/use-session';

/** What a rendered page hands the browser (start-app.tsx reads it). */
export interface PageData {
  router: HydrationState;
  queries: DehydratedState;
  /** Whom the page was rendered for: the browser checks it against its own session. */
  viewer: RenderedViewer | null;
}

export type RenderResult =
  | { kind: 'page'; html: string; title: string; description?: string; data: PageData }
  /** The page's data said "no such thing" (or "not yours"): the browser shows the message. */
  | { kind: 'status'; status: number }
  /** Not a page rendered here. */
  | { kind: 'skip' };

export interface RenderRequest {
  url: string;
  /** The API, answered in process as the viewer. */
  fetch: typeof fetch;
  viewer: RenderedViewer | null;
  /** Gives the render up (the server's render time-out): the result is then a rejection. */
  signal: AbortSignal;
}

// Each render's API calls go through its own fetch, even while several renders interleave.
const transports = new AsyncLocalStorage<typeof fetch>();
setRenderTransport(() => transports.getStore());

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  let html = '';
  for await (const chunk of stream) html += chunk.toString();
  return html;
}

/** The 4xx a loader's call answered, when that is why the page could not be rendered. */
function clientErrorStatus(errors: Record<string, unknown> | null): number | null {
  for (const error of Object.values(errors ?? {})) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.status;
    if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500)
      return error.status;
  }
  return null;
}

/** The app's routes, for matching addresses only (their loaders never run from here). */
const ROUTES = createRoutes({ client: createQueryClient(), awaitData: true });

/**
 * 404 when no page of the app has this address (only the router's catch-all, the not-found page,
 * matches it), else 200. The server answers with this status whether it renders the page or not.
 */
export function pageStatus(url: string): number {
  const matches = matchRoutes(ROUTES, new URL(url, 'http://localhost').pathname);
  return !matches || matches.at(-1)?.route.path === '*' ? 404 : 200;
}

export function render(request: RenderRequest): Promise<RenderResult> {
  return transports.run(request.fetch, () => renderPage(request));
}

async function renderPage({ url, viewer, signal }: RenderRequest): Promise<RenderResult> {
  const location = new URL(url, 'http://localhost');
  const client = createQueryClient();
  // A failed call is answered at once: the visitor is waiting for this page.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  const handler = createStaticHandler(createRoutes({ client, awaitData: true }));

  const context = await handler.query(new Request(location, { signal }));
  if (context instanceof Response) return { kind: 'skip' };
  const leaf = context.matches.at(-1);
  if (!(leaf?.route.handle as PageHandle | undefined)?.serverRendered) return { kind: 'skip' };
  if (context.errors) {
    const status = clientErrorStatus(context.errors);
    if (status) return { kind: 'status', status };
    throw Object.values(context.errors)[0];
  }
  signal.throwIfAborted();

  const router = createStaticRouter(handler.dataRoutes, context);
  const title: { title: string; description?: string } = { title: formatDocumentTitle() };
  // prerender waits for every lazy page chunk, so the HTML holds the whole page; without a chunk
  // size limit React writes every part in place, with no inline script to move parts about
  // (the CSP forbids inline scripts). The router's hydration data goes out as JSON with the
  // page (hydrate={false}: the router would write it as an inline script).
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <ServerTitleContext value={title}>
        <RenderedViewerContext value={viewer}>
          <AppProviders client={client}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </RenderedViewerContext>
      </ServerTitleContext>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY, signal },
  );
  signal.throwIfAborted();
  const html = await streamToString(prelude);
  return {
    kind: 'page',
    html,
    title: title.title,
    ...(title.description ? { description: title.description } : {}),
    data: {
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
      queries: dehydrate(client),
      viewer,
    },
  };
}
