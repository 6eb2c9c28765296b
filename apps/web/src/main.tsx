import './styles/mantine.css';
import '@mantine/notifications/styles.css';
import './styles/global.css';

import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { AppProviders, createQueryClient } from './app/providers';
import { createAppRouter } from './app/router';
import { beginHydration } from './lib/hydration';
import { nextTask } from './lib/next-task';
import { initSession } from './lib/session';
import { noteServerState, SERVER_STATE_ID } from './server-state';

// Zod probes `new Function` to speed up parsing; our CSP forbids eval, so tell it not to try
// (set before any zod chunk loads, without importing zod into the first bundle).
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}
(globalThis.__zod_globalConfig ??= {}).jitless = true;

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
  const router = createAppRouter();
  // A page the server rendered carries the answers it was rendered with.
  const client = createQueryClient();
  const serverState = document.getElementById(SERVER_STATE_ID)?.textContent;
  if (serverState) {
    const state = JSON.parse(serverState) as DehydratedState;
    hydrate(client, state);
    noteServerState(state);
  }
  const app = (
    <StrictMode>
      <AppProviders client={client}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );

  await nextTask();
  // As a transition, the first render yields to the browser instead of one long task.
  startTransition(() => {
    if (serverState && container.firstElementChild) {
      beginHydration();
      hydrateRoot(container, app);
    } else {
      createRoot(container).render(app);
    }
  });
}

void start();
