// The entry the page loads: the stylesheet (extracted into one file that the HTML links) and a
// few lines that start the app after the first paint.
import './styles/mantine.css';
import '@mantine/notifications/styles.css';
import './styles/global.css';
import startAppUrl from 'virtual:start-app-url';

// Zod probes `new Function` to speed up parsing; our CSP forbids eval, so tell it not to try
// (set before any zod chunk loads, without importing zod into the first bundle).
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}
(globalThis.__zod_globalConfig ??= {}).jitless = true;

/**
 * The page the server rendered paints from its HTML and stylesheet alone; the app's code (React,
 * the router, the page's chunks: about 140 KB compressed) is fetched only after that first paint,
 * so on a slow connection it never competes with the stylesheet, the font and the hero picture.
 * Until the app has adopted the page its controls are disabled (components/until-hydrated.tsx)
 * and its links work as plain links. A frame callback runs just before a paint and a timer set in
 * it just after; a tab opened in the background paints nothing, so there the app starts at once.
 */
function afterFirstPaint(start: () => void) {
  if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
  else setTimeout(start, 0);
}

afterFirstPaint(() => void import(/* @vite-ignore */ startAppUrl));
