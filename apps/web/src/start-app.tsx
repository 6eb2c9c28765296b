import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { AppProviders, createQueryClient } from './app/providers';
import { createAppRouter } from './app/router';
import type { PageData } from './entry-server';
import { nextTask } from './lib/next-task';
import { getSession, initSession } from './lib/session';
import { RenderedViewerContext } from './lib/use-session';

/** The JSON script a server-rendered page carries (apps/server/src/plugins/web-app.ts). */
const PAGE_DATA_ID = 'rips-page-data';

/**
 * Start-up, in three tasks rather than one: evaluating the scripts, creating the router and
 * hydrating each take a few milliseconds, several times that on a slow phone, and one long task
 * would hold up a tap on the page the server already rendered.
 */
async function start() {
  // Before the first render, so an expired stored session never shows as signed in.
  initSession();
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');

  await nextTask();
  // A page the server rendered carries the router's data and the answers it was rendered with.
  // It is adopted only when it was rendered for this browser's session: one rendered for someone
  // else (a session stored before the session cookie existed, or a cookie that outlived a
  // sign-out) would show their rights for a moment, so the app renders that page afresh instead.
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  const rendered = text ? (JSON.parse(text) as PageData) : null;
  const page =
    rendered && (rendered.viewer?.user._id ?? null) === (getSession()?.user._id ?? null)
      ? rendered
      : null;
  const client = createQueryClient();
  if (page) hydrate(client, page.queries);
  const router = createAppRouter(client, page?.router);
  const app = (
    <StrictMode>
      <RenderedViewerContext value={page?.viewer ?? null}>
        <AppProviders client={client}>
          <RouterProvider router={router} />
        </AppProviders>
      </RenderedViewerContext>
    </StrictMode>
  );

  await nextTask();
  // As a transition, the first render yields to the browser instead of one long task.
  startTransition(() => {
    if (page && container.firstElementChild) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

// main.tsx imports this module once the page has painted.
void start();
