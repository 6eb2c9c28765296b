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

// Until the app has taken over a part of the page, pressing one of its buttons would do nothing
// (links work by themselves). Such a press is held and made again once React has adopted that
// button: React marks the elements it has adopted with a `__reactProps$…` property.
const adopted = (element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));
let held = null;

function hold(event) {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (!button || button.type === 'submit' || adopted(button)) return;
  event.preventDefault();
  event.stopPropagation();
  // The last press counts; one wait serves them all.
  const waiting = held !== null;
  held = button;
  if (waiting) return;
  const deadline = Date.now() + 10_000;
  const retry = () => {
    if (!held.isConnected || Date.now() > deadline) held = null;
    else if (adopted(held)) {
      const target = held;
      held = null;
      target.click();
    } else setTimeout(retry, 50);
  };
  retry();
}

if (boot) {
  document.addEventListener('click', hold, true);

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
