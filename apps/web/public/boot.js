// Starts the app on a page the server rendered, once that page has painted: on a slow phone the
// page's own text, styles and first picture get the connection first, and the scripts follow.
// The server puts this script in place of the app's entry (see apps/server/src/plugins/web-app.ts).
const boot = document.getElementById('rips-boot');
let started = false;

function start() {
  if (started || !boot) return;
  started = true;
  for (const href of (boot.dataset.preload ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  import(boot.dataset.entry).catch(() => {
    // The page stays readable and its links still work; a reload tries again.
  });
}

if (boot) {
  // The first contentful paint is reported once the frame is on screen; a browser without the
  // paint timing API (or a page hidden in a background tab) starts after a short wait instead.
  const fallback = setTimeout(start, 1500);
  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) {
        observer.disconnect();
        clearTimeout(fallback);
        setTimeout(start, 0);
      }
    }).observe({ type: 'paint', buffered: true });
  } catch {
    clearTimeout(fallback);
    start();
  }
}
