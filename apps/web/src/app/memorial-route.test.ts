// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KIND_LIST, kindsIn } from '@rips/shared/kinds';
import { paths } from '@/config/paths';
import { createRoutes } from './router';

/*
 * The memorial page's loader, run as the server runs it (awaiting its data) against a stubbed
 * API: it fetches the memorial and the list of every kind the tributes section shows everyone,
 * so a kind of the shared list is never missing from the server-rendered page.
 */

const fetchMock = vi.fn<typeof fetch>();
const envelope = (data: unknown) =>
  new Response(JSON.stringify({ statusCode: 200, data, message: 'OK', success: true }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

beforeEach(() => {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/post/')) return envelope([]);
    return envelope({ _id: 'm1', title: 'Katherine Johnson' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('the memorial page loader', () => {
  it('prefetches the list of every kind in the tributes section, and no gallery', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const routes = createRoutes({ client, awaitData: true });
    const all = (list: RouteObject[]): RouteObject[] =>
      list.flatMap((route) => [route, ...all(route.children ?? [])]);
    const memorial = all(routes).find((route) => route.path === paths.post.path);
    const loader = memorial?.loader as (args: LoaderFunctionArgs) => Promise<unknown>;
    expect(loader).toBeTypeOf('function');
    await loader({
      params: { id: 'm1' },
      request: new Request('http://localhost/post/m1'),
      url: new URL('http://localhost/post/m1'),
      pattern: paths.post.path,
      context: undefined,
    } as unknown as LoaderFunctionArgs);

    const asked = fetchMock.mock.calls.map(
      ([input]) => new URL(String(input), 'http://x').pathname,
    );
    for (const kind of KIND_LIST) {
      const wanted = `/api/v1/${kind.path}/post/m1`;
      if (kind.section === 'tributes') expect(asked, kind.path).toContain(wanted);
      else expect(asked, kind.path).not.toContain(wanted);
    }
    expect(kindsIn('tributes').length).toBeGreaterThan(0);
  });
});
