// bench/load: a mixed workload at 50 connections for 60 s, the app's memorial read against a
// bare Fastify route running the same query, and login latency with event-loop delay while reads
// run. Everything is measured in one run, on this machine, so compare the ratios. The workload is
// sent by many members, each within the per-member budgets, as real traffic is: a refusal (429) is
// an error.
//   npm run bench -- load            (LOAD_SECONDS, LOAD_CONNECTIONS, LOAD_MEMBERS override the defaults)
//   LOAD_PARTS=ratio npm run bench -- load    only the app/bare read ratio
//   LOAD_PROFILE=/tmp/prof ...       also writes CPU profiles of the app and the bare server
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
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

// The budgets each member is held to, passed to the app so the two cannot drift apart: a member
// may leave PRAYER_BUDGET prayers and add UPLOAD_BUDGET gallery items per rate-limit window.
const PRAYER_BUDGET = 30;
const UPLOAD_BUDGET = 100;
const WINDOW_SECONDS = 900;
// How many members leave prayers and how many families own (and fill) the memorials: enough that
// nobody nears a budget in the default minute (about 1,800 prayers and 600 photos were sent in
// one on this machine), as a day of real traffic spreads its gestures over many people.
const PRAYING_MEMBERS = Number(process.env.LOAD_MEMBERS ?? 150);
const FAMILIES = 10;
const MEMORIALS_PER_FAMILY = 4;
const APP_ENV = {
  PRAYER_LIMIT_PER_USER: String(PRAYER_BUDGET),
  UPLOAD_LIMIT_PER_USER: String(UPLOAD_BUDGET),
  RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
};

const PASSWORD = 'Remembering-Load-2026';

/** Signs `count` new members up and in (two at a time: each costs password hashes) and returns their tokens. */
async function signUpMembers(baseUrl, prefix, count) {
  const run = randomBytes(3).toString('hex');
  const avatar = await jpeg(count);
  const tokens = new Array(count);
  let next = 0;
  const one = async () => {
    while (next < count) {
      const i = next++;
      const userName = `load_${prefix}_${run}_${i}`;
      const form = new FormData();
      form.set('fullName', `Load ${prefix} ${i}`);
      form.set('email', `load-${prefix}-${run}-${i}@example.com`);
      form.set('userName', userName);
      form.set('password', PASSWORD);
      form.set('avatar', new Blob([avatar], { type: 'image/jpeg' }), 'me.jpg');
      const res = await api(baseUrl, 'POST', '/api/v1/users/register', { form });
      if (res.status !== 201)
        throw new Error(`signing up a member: ${res.status} ${JSON.stringify(res.body)}`);
      const signedIn = await api(baseUrl, 'POST', '/api/v1/users/login', {
        json: { userName, password: PASSWORD },
      });
      if (signedIn.status !== 200) throw new Error(`logging a new member in: ${signedIn.status}`);
      tokens[i] = signedIn.body.data.accessToken;
    }
  };
  await Promise.all([one(), one()]);
  return tokens;
}

/**
 * The people of the workload: FAMILIES sponsors, each owning MEMORIALS_PER_FAMILY memorials (only
 * a memorial's own people may add to its galleries), and PRAYING_MEMBERS visitors.
 */
async function seed(baseUrl) {
  const words = ['gardener', 'teacher', 'sailor', 'painter', 'nurse', 'baker', 'poet', 'pilot'];
  const families = await signUpMembers(baseUrl, 'family', FAMILIES);
  const visitors = await signUpMembers(baseUrl, 'visitor', PRAYING_MEMBERS);
  const memorials = [];
  for (const [f, token] of families.entries()) {
    const became = await api(baseUrl, 'PATCH', '/api/v1/users/become-sponsor', { token });
    if (became.status !== 200) throw new Error(`becoming a sponsor: ${became.status}`);
    for (let m = 0; m < MEMORIALS_PER_FAMILY; m++) {
      const i = f * MEMORIALS_PER_FAMILY + m;
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
      const res = await api(baseUrl, 'POST', '/api/v1/posts', { token, form });
      if (res.status !== 201)
        throw new Error(`seeding memorial: ${res.status} ${JSON.stringify(res.body)}`);
      memorials.push({ id: res.body.data._id, family: f });
    }
  }
  return {
    ids: memorials.map((m) => m.id),
    words,
    prayers: budgetPool(visitors, PRAYER_BUDGET),
    uploads: budgetPool(families, UPLOAD_BUDGET),
    ofFamily: families.map((_, f) => memorials.filter((m) => m.family === f).map((m) => m.id)),
  };
}

/**
 * Members taking turns, each used at most `budget` times in the run (the run is shorter than one
 * rate-limit window). `next()` is the next member in turn with budget left, as `{ token, index }`,
 * or null once everyone has used theirs.
 */
function budgetPool(tokens, budget) {
  const used = new Array(tokens.length).fill(0);
  let turn = 0;
  return {
    next() {
      for (let tried = 0; tried < tokens.length; tried++) {
        const index = turn++ % tokens.length;
        if (used[index] < budget) {
          used[index] += 1;
          return { token: tokens[index], index };
        }
      }
      return null;
    },
    size: tokens.length,
    mostUsed: () => Math.max(...used),
  };
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
      // Each prayer from the next member in turn with budget left.
      member: () => fixtures.prayers.next(),
      run: (r, { token }) =>
        fetch(`${baseUrl}/api/v1/prayers`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
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
      // Each by the next family in turn with budget left, to one of its own memorials.
      member: () => fixtures.uploads.next(),
      run: (r, { token, index }) => {
        const own = fixtures.ofFamily[index];
        const form = new FormData();
        form.set('postId', own[r % own.length]);
        form.set('name', 'Daniel Okafor');
        form.set('photoImg', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
        return fetch(`${baseUrl}/api/v1/photos`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
      },
    },
  ];
  const total = kinds.reduce((a, k) => a + k.weight, 0);
  const stats = new Map(kinds.map((k) => [k.name, { latencies: [], errors: 0, unsent: 0 }]));
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
      const member = kind.member ? kind.member() : null;
      if (kind.member && !member) {
        // Every member who could send it has used their budget: not sent, and reported as such
        // (a larger LOAD_MEMBERS models the traffic), rather than sent to be refused.
        stat.unsent += 1;
        continue;
      }
      try {
        const res = await kind.run(r, member);
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
      unsent: s.unsent,
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
  const app = await startApp({ LOG_LEVEL: 'info', DIAGNOSTICS: 'true', ...APP_ENV });
  try {
    const fixtures = await seed(app.baseUrl);

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
        'unsent (budgets used up)': r.unsent,
      })),
    );
    const totalErrors = mixed.rows.reduce((a, r) => a + r.errors, 0);
    const totalUnsent = mixed.rows.reduce((a, r) => a + r.unsent, 0);
    console.log(
      `members: ${fixtures.prayers.size} leaving prayers (most by one: ${fixtures.prayers.mostUsed()} of ${PRAYER_BUDGET}), ${fixtures.uploads.size} families uploading (most by one: ${fixtures.uploads.mostUsed()} of ${UPLOAD_BUDGET})`,
    );
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
      'every request of the mixed workload sent within the budgets': totalUnsent === 0,
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
