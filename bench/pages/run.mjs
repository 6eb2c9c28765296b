// Page speed and quality: Lighthouse (mobile preset, default simulated throttling) on the
// production build, three cold runs per page, medians reported against the targets.
//
// Run:   npm run bench:pages          (builds first when needed; or: npm run bench -- pages)
// Options (environment):
//   BENCH_PAGE_RUNS=3                 Lighthouse runs per page (the median is reported).
//   CHROME_PATH=/usr/bin/chromium     the browser (Debian's Chromium; no browser is downloaded).
//   BENCH_PAGE_ONLY=home,login        only these pages (home, login, sign-up, memoriams, post,
//                                     memorial).
//   BENCH_PAGE_SAVE=/tmp/lhr          also write every Lighthouse report (JSON) and the trace it
//                                     read (<page>-<run>.trace.json) there, to dig in.
//
// Pages: /, /login, /sign-up and /memoriams as a first-time visitor, and a seeded memorial page as
// its owner (the demo sponsor, "post"), with six photos, a candle, three moments of a life
// timeline and a funeral added through the API first so those sections show, and as a visitor
// without an account ("memorial"). Each run starts a fresh Chrome profile (cold HTTP cache). For
// the signed-in page the session is written as a login leaves it (localStorage, and the HttpOnly
// page session cookie) from a blank page that DevTools answers (nothing of the site is loaded
// beforehand), and the audit runs with disableStorageReset.
import { writeFileSync, mkdirSync } from 'node:fs';
import { photo } from '../lib/photo.mjs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { ensureChromium } from '../../scripts/ensure-chromium.mjs';
import { api, demoPassword, ROOT, startApp } from '../lib/server.mjs';

const RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// The default browser is installed from Debian when missing, as `npm test` does.
if (!process.env.CHROME_PATH && !ensureChromium()) process.exit(1);
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const TARGETS = {
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
  seo: 90,
  lcpMs: 1800,
  tbtMs: 100,
  cls: 0.02,
  firstVisitJsGzipKb: 150,
  memorialTotalKb: 400,
};

async function signIn(baseUrl, userName, password) {
  const res = await api(baseUrl, 'POST', '/api/v1/users/login', { json: { userName, password } });
  if (res.status !== 200)
    throw new Error(`login ${userName}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

async function seedMemorial(baseUrl, session) {
  const own = await api(baseUrl, 'GET', '/api/v1/posts/get-sponsor-post', {
    token: session.accessToken,
  });
  const memorial = own.body.data?.[0];
  if (!memorial) throw new Error('the demo sponsor owns no memorial; is SEED_DEMO on?');
  for (let i = 0; i < 6; i += 1) {
    const form = new FormData();
    form.set('postId', memorial._id);
    form.set('name', session.user.fullName);
    form.set('photoImg', new Blob([await photo(i)], { type: 'image/jpeg' }), `family-${i + 1}.jpg`);
    const res = await api(baseUrl, 'POST', '/api/v1/photos', { token: session.accessToken, form });
    if (res.status !== 201 && res.status !== 200)
      throw new Error(`photo upload: ${res.status} ${JSON.stringify(res.body)}`);
  }
  // The sections a family fills in the first weeks: a candle, a life timeline and the funeral.
  const sections = [
    ['/api/v1/candles', { postId: memorial._id, message: 'Thinking of you today.' }],
    ...[
      { year: 1941, month: 3, day: 2, title: 'Born in Leeds', place: 'Leeds' },
      { year: 1963, title: 'Married Tom at St Anne’s' },
      { year: 1980, title: 'Moved to Bristol', text: 'A house by the harbour.' },
    ].map((moment) => ['/api/v1/timeline', { postId: memorial._id, ...moment }]),
    [
      '/api/v1/events',
      {
        postId: memorial._id,
        kind: 'funeral',
        title: 'Funeral service',
        startsLocal: '2030-03-14T14:00',
        endsLocal: '2030-03-14T15:30',
        timeZone: 'Europe/London',
        placeName: 'St Mary’s Church',
        placeAddress: '1 Church Lane, London',
      },
    ],
  ];
  for (const [url, json] of sections) {
    const res = await api(baseUrl, 'POST', url, { token: session.accessToken, json });
    if (res.status !== 201 && res.status !== 200)
      throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return memorial._id;
}

/** Gzipped size of every script the page loaded, fetched again with gzip only (the server sends .gz siblings). */
async function gzipSizeOf(urls) {
  let total = 0;
  for (const url of urls) {
    // A kept-alive connection the server has just closed fails once; a second ask gets a new one.
    const ask = () => fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    const res = await ask().catch(ask);
    const encoded = res.headers.get('content-encoding');
    const length = Number(res.headers.get('content-length'));
    const body = Buffer.from(await res.arrayBuffer());
    // fetch decodes the body; content-length (when sent) is the encoded size on the wire.
    total += encoded === 'gzip' && length > 0 ? length : body.length;
  }
  return total;
}

async function audit(url, session) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  try {
    if (session) {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      // The session is written on a blank page of the site's origin that DevTools answers
      // itself: nothing of the site is fetched beforehand, so the HTTP cache stays cold.
      const page = await browser.newPage();
      await page.setRequestInterception(true);
      page.on(
        'request',
        (request) =>
          void request.respond({
            status: 200,
            contentType: 'text/html',
            body: '<!doctype html><title>bench</title>',
          }),
      );
      await page.goto(new URL('/__bench-blank', url).href);
      await page.evaluate(
        (value) => localStorage.setItem('user', value),
        JSON.stringify({ data: session }),
      );
      await page.setCookie({
        name: 'rips_session',
        value: session.accessToken,
        url: new URL('/', url).href,
        httpOnly: true,
        sameSite: 'Lax',
      });
      await page.close();
      await browser.disconnect();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      disableStorageReset: Boolean(session),
    });
    if (!result?.lhr) throw new Error(`no Lighthouse result for ${url}`);
    // The trace is what Lighthouse read: the page's own timings, before the simulated slowdown.
    return { lhr: result.lhr, trace: result.artifacts?.Trace };
  } finally {
    await chrome.kill();
  }
}

/** One cold audit; a run whose trace Lighthouse could not read (NO_NAVSTART and the like) is repeated. */
async function auditWithRetry(url, session, attempts = 3) {
  for (let attempt = 1; ; attempt += 1) {
    const audited = await audit(url, session);
    const { runtimeError } = audited.lhr;
    if (!runtimeError || attempt >= attempts) {
      if (runtimeError)
        throw new Error(
          `Lighthouse failed on ${url}: ${runtimeError.code} ${runtimeError.message}`,
        );
      return audited;
    }
    console.log(`  (run discarded: ${runtimeError.code}; repeating)`);
  }
}

function median(values) {
  const sorted = [...values].filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function measure(lhr) {
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const failed = requests.filter((r) => r.statusCode >= 400);
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ),
    lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
    tbtMs: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    fcpMs: lhr.audits['first-contentful-paint'].numericValue,
    totalBytes: lhr.audits['total-byte-weight'].numericValue,
    jsTransferBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    jsGzipBytes: await gzipSizeOf(scripts.map((r) => r.url)),
    requests: requests.length,
    failedRequests: failed.map((r) => `${r.statusCode} ${r.url}`),
    lcpElement:
      lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node
        ?.snippet ?? null,
    belowTarget: Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 1 &&
          a.scoreDisplayMode !== 'informative' &&
          a.scoreDisplayMode !== 'notApplicable' &&
          a.scoreDisplayMode !== 'manual',
      )
      .map((a) => a.id),
  };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function summarise(name, runs, viewer) {
  const pick = (f) => median(runs.map(f));
  return {
    page: name,
    viewer,
    runs: runs.length,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, pick((r) => r.scores[c])])),
    lcpMs: pick((r) => r.lcpMs),
    tbtMs: pick((r) => r.tbtMs),
    cls: pick((r) => r.cls),
    fcpMs: pick((r) => r.fcpMs),
    totalBytes: pick((r) => r.totalBytes),
    jsTransferBytes: pick((r) => r.jsTransferBytes),
    jsGzipBytes: pick((r) => r.jsGzipBytes),
    lcpElement: runs[0]?.lcpElement ?? null,
    failedRequests: [...new Set(runs.flatMap((r) => r.failedRequests))],
    auditsNotPassed: [...new Set(runs.flatMap((r) => r.belowTarget))].sort(),
  };
}

function checks(summary) {
  const s = summary;
  const list = [
    [
      'performance',
      s.scores.performance,
      `>= ${TARGETS.performance}`,
      s.scores.performance >= TARGETS.performance,
    ],
    [
      'accessibility',
      s.scores.accessibility,
      `= ${TARGETS.accessibility}`,
      s.scores.accessibility >= TARGETS.accessibility,
    ],
    [
      'best practices',
      s.scores['best-practices'],
      `>= ${TARGETS['best-practices']}`,
      s.scores['best-practices'] >= TARGETS['best-practices'],
    ],
    ['SEO', s.scores.seo, `>= ${TARGETS.seo}`, s.scores.seo >= TARGETS.seo],
    ['LCP', `${Math.round(s.lcpMs)} ms`, `<= ${TARGETS.lcpMs} ms`, s.lcpMs <= TARGETS.lcpMs],
    ['TBT', `${Math.round(s.tbtMs)} ms`, `<= ${TARGETS.tbtMs} ms`, s.tbtMs <= TARGETS.tbtMs],
    ['CLS', s.cls.toFixed(3), `<= ${TARGETS.cls}`, s.cls <= TARGETS.cls],
  ];
  if (s.page === '/')
    list.push([
      'first-visit JS (gzip)',
      kb(s.jsGzipBytes),
      `<= ${TARGETS.firstVisitJsGzipKb} KB`,
      s.jsGzipBytes <= TARGETS.firstVisitJsGzipKb * 1024,
    ]);
  if (s.page.startsWith('/post/'))
    list.push([
      'total transfer',
      kb(s.totalBytes),
      `<= ${TARGETS.memorialTotalKb} KB`,
      s.totalBytes <= TARGETS.memorialTotalKb * 1024,
    ]);
  return list;
}

const app = await startApp();
let failed = 0;
try {
  const owner = await signIn(app.baseUrl, 'sponsor', demoPassword(app.dataDir, 'sponsor'));
  const memorialId = await seedMemorial(app.baseUrl, owner);
  const pages = [
    { name: 'home', path: '/', session: null },
    { name: 'login', path: '/login', session: null },
    { name: 'sign-up', path: '/sign-up', session: null },
    { name: 'memoriams', path: '/memoriams', session: null },
    { name: 'post', path: `/post/${memorialId}`, session: owner },
    // The same memorial as a visitor who followed a shared link sees it: no account, no galleries.
    { name: 'memorial', path: `/post/${memorialId}`, session: null },
  ];
  const only = process.env.BENCH_PAGE_ONLY?.split(',');
  const summaries = [];
  for (const { name, path: pagePath, session } of pages) {
    if (only && !only.includes(name)) continue;
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) {
      const { lhr, trace } = await auditWithRetry(`${app.baseUrl}${pagePath}`, session);
      if (process.env.BENCH_PAGE_SAVE) {
        mkdirSync(process.env.BENCH_PAGE_SAVE, { recursive: true });
        const file = `${name}-${i + 1}.json`;
        writeFileSync(path.join(process.env.BENCH_PAGE_SAVE, file), JSON.stringify(lhr));
        if (trace)
          writeFileSync(
            path.join(process.env.BENCH_PAGE_SAVE, file.replace('.json', '.trace.json')),
            JSON.stringify(trace),
          );
      }
      runs.push(await measure(lhr));
    }
    const summary = summarise(pagePath, runs, session ? 'owner' : 'visitor');
    summaries.push(summary);

    console.log(
      `\n${pagePath}${session ? ' (signed in as the owner)' : ' (a visitor)'}: median of ${runs.length} runs`,
    );
    console.log(
      `  scores: performance ${summary.scores.performance}, accessibility ${summary.scores.accessibility}, ` +
        `best practices ${summary.scores['best-practices']}, SEO ${summary.scores.seo}`,
    );
    console.log(
      `  LCP ${Math.round(summary.lcpMs)} ms, TBT ${Math.round(summary.tbtMs)} ms, CLS ${summary.cls.toFixed(3)}, FCP ${Math.round(summary.fcpMs)} ms`,
    );
    console.log(
      `  transfer: total ${kb(summary.totalBytes)}, JS ${kb(summary.jsTransferBytes)} as sent (brotli), ${kb(summary.jsGzipBytes)} gzipped`,
    );
    if (summary.lcpElement) console.log(`  LCP element: ${summary.lcpElement.slice(0, 120)}`);
    if (summary.failedRequests.length)
      console.log(`  failed requests: ${summary.failedRequests.join(', ')}`);
    if (summary.auditsNotPassed.length)
      console.log(`  audits not fully passed: ${summary.auditsNotPassed.join(', ')}`);
    for (const [label, value, target, ok] of checks(summary)) {
      if (!ok) failed += 1;
      console.log(`  ${ok ? 'ok  ' : 'MISS'} ${label}: ${value} (target ${target})`);
    }
  }
  const out = path.join(ROOT, 'bench/results/pages.json');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(
    out,
    `${JSON.stringify({ at: new Date().toISOString(), runsPerPage: RUNS, targets: TARGETS, pages: summaries }, null, 2)}\n`,
  );
  console.log(
    `\n${failed === 0 ? 'Every target met.' : `${failed} target(s) missed.`} Results: ${path.relative(ROOT, out)}`,
  );
} finally {
  await app.stop();
}
process.exitCode = failed === 0 ? 0 : 1;
