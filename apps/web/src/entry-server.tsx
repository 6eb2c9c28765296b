/*
 * The server's side of the web app: renders a public page to HTML with the same components the
 * browser runs, so people see the page before any JavaScript has loaded. The server calls
 * `renderPage` for the pages in SERVER_RENDERED; the browser then hydrates that HTML (main.tsx).
 *
 * Pages are rendered as a visitor who is not signed in: the session lives in the browser only.
 * A signed-in member sees the public page first, then their own view once the app starts.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import {
  dehydrate,
  type DehydratedState,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import {
  createStaticHandler,
  createStaticRouter,
  matchPath,
  StaticRouterProvider,
} from 'react-router';
import { AppProviders, createQueryClient } from './app/providers';
import { routes } from './app/router';
import { paths } from './config/paths';
import { legendsQuery } from './features/home/api/home.api';
import { memorialListQuery, memorialQuery } from './features/memorials/api/memorials.api';
import { tributeListQuery } from './features/tributes/api/tributes.api';
import { ApiError, setServerTransport } from './lib/api-client';
import { formatDocumentTitle, ServerTitleContext } from './lib/use-document-title';

interface ServerPage {
  path: string;
  /** Loads what the page shows first. */
  prefetch?: (
    client: QueryClient,
    params: Record<string, string | undefined>,
    search: URLSearchParams,
  ) => Promise<unknown>;
}

/**
 * The public pages people arrive on. Pages for members only are left to the browser, which knows
 * the session; so are the longer forms (sign-up, password reset, contact), which would otherwise
 * have to hold every field until the app runs.
 */
const SERVER_RENDERED: ServerPage[] = [
  { path: paths.home.path, prefetch: (client) => client.fetchQuery(legendsQuery) },
  {
    path: paths.memoriams.path,
    prefetch: (client, _params, search) =>
      client.fetchInfiniteQuery(memorialListQuery((search.get('q') ?? '').trim())),
  },
  {
    path: paths.post.path,
    // The memorial, then its flowers and prayers (public); galleries are for its family only.
    prefetch: async (client, params) => {
      const id = params.id ?? '';
      await client.fetchQuery(memorialQuery(id));
      const flowers = tributeListQuery('flowers', id);
      const prayers = tributeListQuery('prayers', id);
      await Promise.all([
        optional(client, flowers.queryKey, client.fetchInfiniteQuery(flowers)),
        optional(client, prayers.queryKey, client.fetchInfiniteQuery(prayers)),
      ]);
    },
  },
  { path: paths.login.path },
  { path: paths.aboutUs.path },
  { path: paths.userGuide.path },
  { path: paths.terms.path },
  { path: paths.policy.path },
];

/**
 * Loads a part of the page that can also arrive later: when it fails, it is left out (the server
 * and the browser then both render it as loading, and the browser asks again).
 */
async function optional(client: QueryClient, queryKey: QueryKey, load: Promise<unknown>) {
  try {
    await load;
  } catch {
    client.removeQueries({ queryKey, exact: true });
  }
}

export type RenderResult =
  | { kind: 'page'; html: string; state: DehydratedState; title: string }
  /** The page's data said "no such thing" (or "not yours"): the browser shows the message. */
  | { kind: 'status'; status: number }
  /** Not a page rendered here. */
  | { kind: 'skip' };

/** How the app's API calls reach the server while it renders (in process, without a socket). */
export function configureServerRendering(serverFetch: typeof fetch) {
  setServerTransport(serverFetch);
}

const handler = createStaticHandler(routes);

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  let html = '';
  for await (const chunk of stream) html += chunk.toString();
  return html;
}

/** `signal` gives the render up (the server's render time-out): the result is then a rejection. */
export async function renderPage(
  url: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<RenderResult> {
  const location = new URL(url, 'http://localhost');
  const page = SERVER_RENDERED.find((p) => matchPath(p.path, location.pathname));
  if (!page) return { kind: 'skip' };
  const params = matchPath(page.path, location.pathname)?.params ?? {};

  const client = createQueryClient();
  // A failed call is answered at once: the visitor is waiting for this page.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  try {
    await page.prefetch?.(client, params, location.searchParams);
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      return { kind: 'status', status: error.status };
    }
    throw error;
  }

  signal?.throwIfAborted();
  const context = await handler.query(new Request(location));
  if (context instanceof Response) return { kind: 'skip' };
  const router = createStaticRouter(handler.dataRoutes, context);
  const title = { title: formatDocumentTitle() };
  // prerender waits for every lazy page chunk, so the HTML holds the whole page; without a chunk
  // size limit React writes every part in place, with no inline script to move parts about
  // (the CSP forbids inline scripts).
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <ServerTitleContext value={title}>
        <AppProviders client={client}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </ServerTitleContext>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY, signal },
  );
  signal?.throwIfAborted();
  const html = await streamToString(prelude);
  return { kind: 'page', html, state: dehydrate(client), title: title.title };
}

export { SERVER_STATE_ID } from './server-state';
