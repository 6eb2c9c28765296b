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
import { initSession } from './lib/session';
import { noteServerState, SERVER_STATE_ID } from './server-state';

// Zod probes `new Function` to speed up parsing; our CSP forbids eval, so tell it not to try
// (set before any zod chunk loads, without importing zod into the first bundle).
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}
(globalThis.__zod_globalConfig ??= {}).jitless = true;

// Before the first render, so an expired stored session never shows as signed in.
initSession();

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

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

// As a transition, the first render yields to the browser instead of one long task.
startTransition(() => {
  if (serverState && container.firstElementChild) {
    beginHydration();
    hydrateRoot(container, app);
  } else {
    createRoot(container).render(app);
  }
});
