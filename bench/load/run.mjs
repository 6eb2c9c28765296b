// bench/load: a mixed workload at 50 connections for 60 s, the app's memorial read against a
// bare Fastify route running the same query, and login latency with event-loop delay while reads
// run. Everything is measured in one run, on this machine, so compare the ratios.
//   npm run bench -- load            (LOAD_SECONDS, LOAD_CONNECTIONS override the defaults)
//   LOAD_PARTS=ratio npm run bench -- load    only the app/bare read ratio
//   LOAD_PROFILE=/tmp/prof ...       also writes CPU profiles of the app and the bare server
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import sharp from 'sharp';
import {
  api,
  demoPassword,
  fmt,
  freePort,
  login,
  percentile,
  ROOT,
  startApp,
  waitFor,
} from '../lib/server.mjs';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50);
const PROFILE_DIR = process.env.LOAD_PROFILE;
const results = {
  startedAt: new Date().toISOString(),
  engine: process.env.DATABASE_URL ? 'postgres' : 'pglite',
};

const jpeg = (seed) =>
  sharp({
    create: {
      width: 900,
      height: 600,
      channels: 3,
      background: { r: 120 + (seed % 100), g: 150, b: 170 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();

async function seed(baseUrl, dataDir) {
  const sponsor = await login(baseUrl, 'sponsor', demoPassword(dataDir, 'sponsor'));
  const visitor = await login(baseUrl, 'visitor', demoPassword(dataDir, 'visitor'));
  const words = ['gardener', 'teacher', 'sailor', 'painter', 'nurse', 'baker', 'poet', 'pilot'];
  const ids = [];
  for (let i = 0; i < 40; i++) {
    const form = new FormData();
    form.set('title', `Remembered Friend ${i}`);
    form.set(
      'description',
      `A life of kindness, number ${i}, remembered by many friends and family.`,
    );
    form.set('traits', `${words[i % words.length]} ${words[(i * 3) % words.length]} kind`);
    form.set('dateOfBirth', '1950-05-01');
    form.set('deathDate', '2020-05-01');
    form.set('postImg', new Blob([await jpeg(i)], { type: 'image/jpeg' }), 'memorial.jpg');
    const res = await api(baseUrl, 'POST', '/api/v1/posts', { token: sponsor, form });
    if (res.status !== 201)
      throw new Error(`seeding memorial: ${res.status} ${JSON.stringify(res.body)}`);
    ids.push(res.body.data._id);
  }
  return { sponsor, visitor, ids, words };
}

/** The mixed workload: weighted request kinds, per-kind latency, every non-2xx counted as an error. */
async function mixedWorkload(baseUrl, fixtures) {
  const photo = await jpeg(7);
  const kinds = [
    { name: 'browse', weight: 30, run: () => fetch(`${baseUrl}/api/v1/posts?limit=24`) },
    {
      name: 'search',
      weight: 20,
      run: (r) =>
        fetch(`${baseUrl}/api/v1/posts?q=${fixtures.words[r % fixtures.words.length]}&limit=24`),
    },
    {
      name: 'read memorial',
      weight: 30,
      run: (r) => fetch(`${baseUrl}/api/v1/posts/post/${fixtures.ids[r % fixtures.ids.length]}`),
    },
    {
      name: 'leave prayer',
      weight: 15,
      run: (r) =>
        fetch(`${baseUrl}/api/v1/prayers`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${fixtures.visitor}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            postId: fixtures.ids[r % fixtures.ids.length],
            prayerText: 'Thinking of you and your family today.',
          }),
        }),
    },
    {
      name: 'upload photo',
      weight: 5,
      run: (r) => {
        const form = new FormData();
        form.set('postId', fixtures.ids[r % fixtures.ids.length]);
        form.set('name', 'Daniel Okafor');
        form.set('photoImg', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
        return fetch(`${baseUrl}/api/v1/photos`, {
          method: 'POST',
          headers: { authorization: `Bearer ${fixtures.sponsor}` },
          body: form,
        });
      },
    },
  ];
  const total = kinds.reduce((a, k) => a + k.weight, 0);
  const stats = new Map(kinds.map((k) => [k.name, { latencies: [], errors: 0 }]));
  const errors = [];
  const deadline = Date.now() + SECONDS * 1000;
  let counter = 0;
  const worker = async () => {
    while (Date.now() < deadline) {
      const r = counter++;
      let pick = (r * 7919) % total;
      const kind = kinds.find((k) => (pick -= k.weight) < 0);
      const started = performance.now();
      const stat = stats.get(kind.name);
      try {
        const res = await kind.run(r);
        await res.arrayBuffer();
        if (res.status >= 400) {
          stat.errors += 1;
          if (errors.length < 5) errors.push(`${kind.name}: HTTP ${res.status}`);
        }
      } catch (error) {
        stat.errors += 1;
        if (errors.length < 5) errors.push(`${kind.name}: ${error.cause?.code ?? error.message}`);
      }
      stat.latencies.push(performance.now() - started);
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const elapsed = (Date.now() - started) / 1000;
  const rows = [...stats].map(([name, s]) => {
    const sorted = s.latencies.sort((a, b) => a - b);
    return {
      kind: name,
      requests: sorted.length,
      rps: sorted.length / elapsed,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      errors: s.errors,
    };
  });
  return { elapsed, rows, errors };
}

function cannon(url, { connections, duration, headers, overallRate }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers, overallRate }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

async function startBare(dbDir, nodeArgs = []) {
  const port = await freePort();
  let out = '';
  const child = spawn(
    process.execPath,
    [...nodeArgs, path.join(ROOT, 'bench/load/bare-server.mjs'), dbDir, String(port)],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/bare/posts/00000000-0000-0000-0000-000000000000`, child, () => out);
  return {
    baseUrl,
    stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))),
  };
}

function eventLoopDelay(output, from) {
  const lines = output
    .slice(from)
    .split('\n')
    .filter((l) => l.includes('event-loop delay'));
  const last = lines.at(-1);
  return last ? JSON.parse(last).eventLoopDelayMs : null;
}

/**
 * The app's memorial read against the bare route, each alone on the machine in turn, on the same
 * data (the app's database directory is copied for the bare server). With LOAD_PROFILE=<dir> both
 * processes write a CPU profile there.
 */
async function readRatio(dataDir, memorialId) {
  const nodeArgs = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  const app = await startApp({ DATA_DIR: dataDir, SEED_DEMO: 'false' }, { nodeArgs });
  const appUrl = `${app.baseUrl}/api/v1/posts/post/${memorialId}`;
  await cannon(appUrl, { connections: 50, duration: 3 }); // warm-up
  const appRead = await cannon(appUrl, { connections: 50, duration: 15 });
  await app.stop({ keepData: true });
  const copy = mkdtempSync(path.join(os.tmpdir(), 'rips-bare-'));
  cpSync(path.join(dataDir, 'db'), copy, { recursive: true });
  const bare = await startBare(copy, nodeArgs);
  const bareUrl = `${bare.baseUrl}/bare/posts/${memorialId}`;
  await cannon(bareUrl, { connections: 50, duration: 3 });
  const bareRead = await cannon(bareUrl, { connections: 50, duration: 15 });
  await bare.stop();
  rmSync(copy, { recursive: true, force: true });
  const ratio = appRead.requests.average / bareRead.requests.average;
  results.readRatio = {
    app: appRead.requests.average,
    bare: bareRead.requests.average,
    ratio,
    appP99: appRead.latency.p99,
    bareP99: bareRead.latency.p99,
    appErrors: appRead.errors + appRead.non2xx,
  };
  console.log(`\nMemorial read, 50 connections × 15 s (after 3 s of warm-up each):`);
  console.log(
    `  app  ${appRead.requests.average.toFixed(0)} req/s (p99 ${appRead.latency.p99} ms, errors ${appRead.errors + appRead.non2xx})`,
  );
  console.log(
    `  bare ${bareRead.requests.average.toFixed(0)} req/s (p99 ${bareRead.latency.p99} ms)`,
  );
  console.log(
    `  ratio app/bare ${ratio.toFixed(2)}   (target >= 0.70: ${ratio >= 0.7 ? 'met' : 'MISSED'})`,
  );
  if (PROFILE_DIR) console.log(`  CPU profiles written to ${PROFILE_DIR}`);
  return ratio;
}

/** LOAD_PARTS=ratio: only the app/bare read comparison, on the demo data. */
async function ratioOnly() {
  const app = await startApp({});
  const page = await api(app.baseUrl, 'GET', '/api/v1/posts?limit=1');
  await app.stop({ keepData: true });
  const ratio = await readRatio(app.dataDir, page.body.data[0]._id);
  rmSync(app.dataDir, { recursive: true, force: true });
  return ratio;
}

async function main() {
  console.log(
    `engine: ${results.engine}; mixed workload ${CONNECTIONS} connections × ${SECONDS} s`,
  );
  const app = await startApp({ LOG_LEVEL: 'info', DIAGNOSTICS: 'true' });
  try {
    const fixtures = await seed(app.baseUrl, app.dataDir);

    // 1. Mixed workload.
    const mixed = await mixedWorkload(app.baseUrl, fixtures);
    results.mixed = mixed;
    console.log(`\nMixed workload (${mixed.elapsed.toFixed(1)} s):`);
    console.table(
      mixed.rows.map((r) => ({
        kind: r.kind,
        requests: r.requests,
        'req/s': r.rps.toFixed(1),
        p50: fmt(r.p50),
        p99: fmt(r.p99),
        errors: r.errors,
      })),
    );
    const totalErrors = mixed.rows.reduce((a, r) => a + r.errors, 0);
    const totalRps = mixed.rows.reduce((a, r) => a + r.rps, 0);
    console.log(
      `throughput ${totalRps.toFixed(1)} req/s, errors ${totalErrors}${mixed.errors.length ? ` (${mixed.errors.join('; ')})` : ''}`,
    );

    // 2. Login latency and event-loop delay while reads run at a steady rate: first reads alone,
    // then the same reads with logins, so the difference is what argon2 costs the event loop.
    const readUrl = `${app.baseUrl}/api/v1/posts/post/${fixtures.ids[0]}`;
    const READ_RATE = Number(process.env.LOAD_READ_RATE ?? 150);
    let mark = app.output().length;
    app.child.kill('SIGUSR2');
    await cannon(readUrl, { connections: 10, duration: 10, overallRate: READ_RATE });
    app.child.kill('SIGUSR2');
    await new Promise((r) => setTimeout(r, 300));
    const readsOnlyDelay = eventLoopDelay(app.output(), mark);
    mark = app.output().length;
    app.child.kill('SIGUSR2');
    const loginLatencies = [];
    const visitorPassword = demoPassword(app.dataDir, 'visitor');
    let loginErrors = 0;
    const stopAt = Date.now() + 20_000;
    const loginLoop = async () => {
      while (Date.now() < stopAt) {
        const started = performance.now();
        const res = await fetch(`${app.baseUrl}/api/v1/users/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ userName: 'visitor', password: visitorPassword }),
        });
        await res.arrayBuffer();
        if (res.status !== 200) loginErrors += 1;
        loginLatencies.push(performance.now() - started);
      }
    };
    const [reads] = await Promise.all([
      cannon(readUrl, { connections: 10, duration: 20, overallRate: READ_RATE }),
      ...Array.from({ length: 4 }, loginLoop),
    ]);
    app.child.kill('SIGUSR2');
    await new Promise((r) => setTimeout(r, 300));
    const delay = eventLoopDelay(app.output(), mark);
    loginLatencies.sort((a, b) => a - b);
    results.loginUnderReads = {
      logins: loginLatencies.length,
      loginErrors,
      p50: percentile(loginLatencies, 50),
      p99: percentile(loginLatencies, 99),
      readsRps: reads.requests.average,
      readErrors: reads.errors + reads.non2xx,
      eventLoopDelayMs: delay,
      readsOnlyEventLoopDelayMs: readsOnlyDelay,
    };
    console.log(
      `\nEvent-loop delay with reads alone at ${READ_RATE} req/s: p50 ${readsOnlyDelay?.p50} ms, p99 ${readsOnlyDelay?.p99} ms`,
    );
    console.log(`Logins while the same reads run (4 login loops, 20 s):`);
    console.log(
      `  logins ${loginLatencies.length}, errors ${loginErrors}, p50 ${fmt(percentile(loginLatencies, 50))}, p99 ${fmt(percentile(loginLatencies, 99))}`,
    );
    console.log(
      `  reads ${reads.requests.average.toFixed(0)} req/s, errors ${reads.errors + reads.non2xx}`,
    );
    console.log(
      `  event-loop delay p50 ${delay?.p50} ms, p99 ${delay?.p99} ms, max ${delay?.max} ms   (target p99 < 50 ms: ${delay && delay.p99 < 50 ? 'met' : 'MISSED'})`,
    );

    // 3. The app's memorial read against a bare route running the same query.
    await app.stop({ keepData: true });
    const ratio = await readRatio(app.dataDir, fixtures.ids[0]);

    const verdicts = {
      'zero errors in the mixed workload': totalErrors === 0,
      'event-loop delay p99 < 50 ms during logins': Boolean(delay && delay.p99 < 50),
      'app read >= 0.7 of bare read': ratio >= 0.7,
    };
    results.verdicts = verdicts;
    console.log('\nTargets:');
    for (const [name, ok] of Object.entries(verdicts)) console.log(`  ${ok ? '✓' : '✗'} ${name}`);
  } finally {
    await app.stop();
  }
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench/results/load.json'), JSON.stringify(results, null, 2));
}

(process.env.LOAD_PARTS === 'ratio' ? ratioOnly() : main()).catch((error) => {
  console.error(error);
  process.exit(1);
});
