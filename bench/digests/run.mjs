// Digests to followers at scale: seeds 10,000 followers of 1,000 memorials with recent tributes
// and timeline moments, runs one weekly digest run into a real SMTP server on loopback started
// here, and prints the time to queue and to deliver every digest, mails per second, and the peak
// memory (RSS) of this process, which runs the server (decision 0114).
//
// Run:   npm run build && node bench/digests/run.mjs          (or: npm run bench digests)
// Options (environment):
//   BENCH_FOLLOWERS=10000   followers, each following one memorial
//   BENCH_MEMORIALS=1000    memorials, public, each with 3 prayers, 2 flowers and a moment
//
// Plain ESM against the built server (apps/server/dist), on the embedded database. The run is
// the server's own `runFollowDigests` with a clock a week and a day ahead, so the period due
// holds the seeded tributes; delivery is the mail queue's workers sending to the SMTP server.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../../apps/server/dist/app.js';
import { loadConfig } from '../../apps/server/dist/config.js';
import { openDatabase } from '../../apps/server/dist/db/client.js';
import { runFollowDigests } from '../../apps/server/dist/modules/follows/follow-digest.service.js';
import { memoryOf, writeResults } from '../lib/measure.mjs';

const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 10_000);
const MEMORIALS = Number(process.env.BENCH_MEMORIALS ?? 1_000);
const DAY = 86_400_000;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** A real SMTP server on a free loopback port that counts what it accepts (and keeps nothing). */
async function startSmtp() {
  const state = { received: 0, url: '' };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    // A relay on loopback: no reverse DNS lookup of 127.0.0.1 before each greeting.
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.on('end', () => {
        state.received += 1;
        callback();
      });
      stream.resume();
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `smtp://127.0.0.1:${server.server.address().port}`;
  state.close = () => new Promise((resolve) => server.close(resolve));
  return state;
}

/** Followers, memorials and what was left on them a moment ago, in a few INSERT ... SELECTs. */
async function seed(db) {
  const run = (text) => db.execute(sql.raw(text));
  const owner = await run(`INSERT INTO users (full_name, email, user_name, password_hash, role)
    VALUES ('Bench Family', 'family@bench.example', 'bench_family', 'x', 'sponsor') RETURNING id`);
  const ownerId = owner.rows[0].id;
  await run(`INSERT INTO memorials (owner_id, title, visibility)
    SELECT '${ownerId}', 'Memorial ' || n, 'public' FROM generate_series(1, ${MEMORIALS}) AS n`);
  await run(`INSERT INTO memorial_people (memorial_id, user_id, role)
    SELECT id, owner_id, 'owner' FROM memorials`);
  await run(`INSERT INTO users (full_name, email, user_name, password_hash)
    SELECT 'Follower ' || n, 'follower' || n || '@bench.example', 'follower_' || n, 'x'
    FROM generate_series(1, ${FOLLOWERS}) AS n`);
  // Each follower follows one memorial (ten a memorial), confirmed a minute ago.
  await run(`INSERT INTO follows (memorial_id, user_id, confirmed_at)
    SELECT m.id, u.id, now() - interval '1 minute'
    FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM users WHERE role = 'visitor') u
    JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM memorials) m
      ON m.k = u.k % ${MEMORIALS}`);
  const recent = `now() - interval '30 seconds'`;
  await run(`INSERT INTO prayers (memorial_id, author_name, text, created_at)
    SELECT id, 'Friend ' || n, 'Remembered with love.', ${recent}
    FROM memorials, generate_series(1, 3) AS n`);
  await run(`INSERT INTO flowers (memorial_id, author_name, bouquet, created_at)
    SELECT id, 'Neighbour ' || n, 'lavender', ${recent} FROM memorials, generate_series(1, 2) AS n`);
  await run(`INSERT INTO memorial_moments (memorial_id, year, month, title, created_at)
    SELECT id, 1962, 6, 'Married in Leeds', ${recent} FROM memorials`);
}

const smtp = await startSmtp();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rips-bench-digests-'));
const config = loadConfig(
  {},
  {
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1:3000',
    SMTP_URL: smtp.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
  },
);
const database = await openDatabase({ dataDir: config.dbDir });
let app;
try {
  await database.migrate();
  const seedStart = performance.now();
  await seed(database.db);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  app = await buildApp({ config, database, logger: false, webDistDir: null });
  await app.ready();

  let peak = memoryOf(process.pid).rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryOf(process.pid).rss);
  }, 100);
  const loadBefore = os.loadavg();
  const clock = new Date(Date.now() + 8 * DAY);
  const start = performance.now();
  const run = await runFollowDigests({ ...app.ctx, now: () => clock });
  const queuedSeconds = (performance.now() - start) / 1000;
  const deadline = Date.now() + 30 * 60_000;
  while (smtp.received < run.mailed && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const sentSeconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  const loadAfter = os.loadavg();
  const results = {
    followers: FOLLOWERS,
    memorials: MEMORIALS,
    seedSeconds: Number(seedSeconds.toFixed(1)),
    checked: run.checked,
    queued: run.mailed,
    delivered: smtp.received,
    queuedSeconds: Number(queuedSeconds.toFixed(1)),
    sentSeconds: Number(sentSeconds.toFixed(1)),
    mailsPerSecond: Number((smtp.received / sentSeconds).toFixed(1)),
    peakRssDuringRunBytes: peak,
    peakRssProcessBytes: memoryOf(process.pid).hwm,
    loadAverage: { before: loadBefore, after: loadAfter },
    cpus: os.cpus().length,
  };
  console.log(
    `Seeded ${FOLLOWERS} followers of ${MEMORIALS} memorials in ${results.seedSeconds} s.`,
  );
  console.log(
    `Weekly run: ${run.checked} follows looked at, ${run.mailed} digests queued in ${results.queuedSeconds} s.`,
  );
  console.log(
    `Delivered ${smtp.received} to the loopback SMTP server in ${results.sentSeconds} s: ${results.mailsPerSecond} mails/s.`,
  );
  console.log(
    `Peak RSS during the run ${mb(peak)} (process high-water mark ${mb(results.peakRssProcessBytes)}).`,
  );
  console.log(
    `Load average (1, 5, 15 min) before ${loadBefore.map((l) => l.toFixed(2)).join(', ')}; after ${loadAfter.map((l) => l.toFixed(2)).join(', ')} on ${results.cpus} CPUs.`,
  );
  if (smtp.received !== run.mailed) {
    console.error(`Expected ${run.mailed} mails, the SMTP server accepted ${smtp.received}.`);
    process.exitCode = 1;
  }
  writeResults('digests', results);
} finally {
  await app?.close();
  await database.close();
  await smtp.close();
  await rm(dataDir, { recursive: true, force: true });
}

// ━━ Second part: reminder selection at 100,000 memorials (bench/digests/reminders.mjs, built
// separately). It runs here when that file exists.
if (existsSync(new URL('./reminders.mjs', import.meta.url)))
  await (await import('./reminders.mjs')).run();
