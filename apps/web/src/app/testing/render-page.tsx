// The component tests' fake API and renderer (imported by *.test.tsx only, never by the app).
import { notifications } from '@mantine/notifications';
import { cleanup, configure, render } from '@testing-library/react';
import type { Session } from '@rips/shared/users';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, Route, RouterProvider, Routes } from 'react-router';
import { vi } from 'vitest';
import { clearSession, startSession } from '@/lib/session';
import { inOneHour, sessionWith, tokenExpiringAt } from '@/lib/test-sessions';
import { AppProviders, createQueryClient } from '../providers';

// A whole page in jsdom on a shared machine: role queries over it take longer than a second.
configure({ asyncUtilTimeout: 5000 });

/** What jsdom lacks and Mantine uses (media queries, element sizes, scrolling, web fonts). */
function polyfillBrowser() {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (typeof window.ResizeObserver === 'undefined') {
    window.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  }
  Element.prototype.scrollIntoView ??= () => undefined;
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
}

export interface ApiCall {
  method: string;
  /** The path under /api/v1, without its query. */
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** Answers `data` for `METHOD /path`; undefined answers 404. */
export type FakeRoutes = Record<string, (call: ApiCall) => unknown>;

/**
 * Stubs `fetch` with the API's envelope: each route answers its `data` (a list's `nextCursor` is
 * null). Every call is recorded, so a test can say what the page asked for.
 */
export function fakeApi(routes: FakeRoutes) {
  const calls: ApiCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    const call = { method, path, query: url.searchParams, body };
    calls.push(call);
    const answer = routes[`${method} ${path}`];
    const data = answer ? answer(call) : undefined;
    const envelope =
      data === undefined
        ? {
            statusCode: 404,
            code: 'NOT_FOUND',
            message: `No route ${method} ${path}`,
            success: false,
          }
        : { statusCode: 200, data, message: 'OK', success: true, nextCursor: null };
    return new Response(JSON.stringify(envelope), {
      status: envelope.statusCode,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls };
}

/** Rose, signed in (a member unless `user` says otherwise). */
export function signIn(user: Parameters<typeof sessionWith>[1] = {}): Session {
  const session = sessionWith(tokenExpiringAt(inOneHour()), user);
  startSession(session);
  return session;
}

/**
 * Renders `page` at `path` inside the app's own providers and query client (the one the app
 * creates, with its mutation cache), under a router whose route is `route`.
 */
export function renderPage(page: ReactNode, { path = '/', route = '*' } = {}) {
  polyfillBrowser();
  const client = createQueryClient();
  const view = render(
    <AppProviders client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={page} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return { client, ...view };
}

/**
 * Renders `page` at `path` under a data router, as the app has one: for pages whose hooks need
 * it (a form that asks before its changes are left behind, useBlocker).
 */
export function renderDataPage(page: ReactNode, { path = '/' } = {}) {
  polyfillBrowser();
  const client = createQueryClient();
  const router = createMemoryRouter([{ path: '*', element: page }], { initialEntries: [path] });
  const view = render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { client, router, ...view };
}

/**
 * After each test: unmount, sign out, put fetch back, and clear the notices (the store outlives a
 * test: a later test's notice would otherwise queue behind earlier ones until they close).
 */
export function resetPage() {
  cleanup();
  notifications.clean();
  clearSession();
  window.localStorage.clear();
  vi.unstubAllGlobals();
}
