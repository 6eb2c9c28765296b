// bench/render: server-rendered memorial pages, with the page cache off and on, in one run.
//   (a) /post/{id} pages per second: 10 anonymous connections for RENDER_SECONDS, cycling over
//       the demo memorials;
//   (b) /api/v1/home/legends p99 (one connection) while 10 connections load memorial pages,
//       beside the same probe on an idle server;
//   (c) / pages per second the same way, the home page beside the memorial pages: from the
//       cache, a memorial page should cost no more than the home page.
// Both servers use the same data dir, one after the other; the render limit per address is
// raised in both so only the cache differs. Prints both and the ratio.
//   npm run bench -- render          (RENDER_SECONDS, RENDER_CONNECTIONS override the defaults)
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { api, ROOT, startApp } from '../lib/server.mjs';

const SECONDS = Number(process.env.RENDER_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.RENDER_CONNECTIONS ?? 10);
const WARM_UP_SECONDS = 2;
const PROBE_SECONDS = 4;

function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** A memorial page as the server sent it: rendered (its data handed over), or the app shell. */
async function isRenderedPage(baseUrl, url) {
  const res = await fetch(`${baseUrl}${url}`);
  const text = await res.text();
  return res.status === 200 && /<div id="root">\s*</.test(text);
}

async function measure(label, env, dataDir) {
  const app = await startApp({
    SEED_DEMO: 'true',
    ...env,
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
  });
  try {
    const list = await api(app.baseUrl, 'GET', '/api/v1/posts?limit=8');
    const paths = list.body.data.map((m) => `/post/${m._id}`);
    if (paths.length === 0) throw new Error('no memorial to render');
    if (!(await isRenderedPage(app.baseUrl, paths[0])))
      throw new Error(`${label}: ${paths[0]} did not come back as a rendered page`);
    const pages = {
      url: app.baseUrl,
      connections: CONNECTIONS,
      requests: paths.map((p) => ({ method: 'GET', path: p })),
    };
    await cannon({ ...pages, duration: WARM_UP_SECONDS });

    const legendsUrl = `${app.baseUrl}/api/v1/home/legends`;
    const idle = await cannon({ url: legendsUrl, connections: 1, duration: PROBE_SECONDS });

    // (a) pages per second.
    const rendered = await cannon({ ...pages, duration: SECONDS });
    // (b) the legends while the same page load runs.
    const [, legends] = await Promise.all([
      cannon({ ...pages, duration: SECONDS }),
      cannon({ url: legendsUrl, connections: 1, duration: SECONDS }),
    ]);
    // (c) the home page, as (a).
    const home = await cannon({
      ...pages,
      requests: [{ method: 'GET', path: '/' }],
      duration: SECONDS,
    });
    const stillRendered = await isRenderedPage(app.baseUrl, paths[paths.length - 1]);
    return {
      label,
      memorials: paths.length,
      pagesPerSecond: rendered.requests.average,
      pageP99: rendered.latency.p99,
      pageErrors: rendered.errors + rendered.non2xx,
      homePerSecond: home.requests.average,
      homeP99: home.latency.p99,
      homeErrors: home.errors + home.non2xx,
      legendsIdleP99: idle.latency.p99,
      legendsP99: legends.latency.p99,
      legendsP50: legends.latency.p50,
      legendsErrors: legends.errors + legends.non2xx,
      stillRendered,
      dataDir: app.dataDir,
    };
  } finally {
    await app.stop({ keepData: true });
  }
}

function print(r) {
  console.log(`\n${r.label}:`);
  console.log(
    `  /post/{id}  ${r.pagesPerSecond.toFixed(0)} pages/s (p99 ${r.pageP99} ms, errors ${r.pageErrors}, ${r.memorials} memorials, rendered: ${r.stillRendered ? 'yes' : 'NO'})`,
  );
  console.log(
    `  /           ${r.homePerSecond.toFixed(0)} pages/s (p99 ${r.homeP99} ms, errors ${r.homeErrors}); memorial/home ${(r.pagesPerSecond / r.homePerSecond).toFixed(2)}`,
  );
  console.log(
    `  /api/v1/home/legends p99 ${r.legendsP99} ms (p50 ${r.legendsP50} ms, errors ${r.legendsErrors}) while ${CONNECTIONS} connections load pages; idle p99 ${r.legendsIdleP99} ms`,
  );
}

async function main() {
  console.log(
    `engine: ${process.env.DATABASE_URL ? 'postgres' : 'pglite'}; ${CONNECTIONS} connections × ${SECONDS} s per part`,
  );
  const noLimit = { PAGE_RENDERS_PER_MINUTE_PER_IP: '100000000' };
  const off = await measure('Page cache off (PAGE_CACHE_SECONDS=0)', {
    ...noLimit,
    PAGE_CACHE_SECONDS: '0',
  });
  print(off);
  let on;
  try {
    on = await measure(
      'Page cache on (PAGE_CACHE_SECONDS=5)',
      { ...noLimit, PAGE_CACHE_SECONDS: '5' },
      off.dataDir,
    );
    print(on);
  } finally {
    rmSync(off.dataDir, { recursive: true, force: true });
  }
  const ratio = on.pagesPerSecond / off.pagesPerSecond;
  console.log(
    `\nRatio on/off: pages/s ×${ratio.toFixed(2)}; legends p99 under page load ${off.legendsP99} ms → ${on.legendsP99} ms`,
  );
  const results = {
    startedAt: new Date().toISOString(),
    connections: CONNECTIONS,
    seconds: SECONDS,
    off: { ...off, dataDir: undefined },
    on: { ...on, dataDir: undefined },
    ratio,
  };
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench/results/render.json'), JSON.stringify(results, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
