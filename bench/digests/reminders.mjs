// Anniversary reminders at scale: seeds 100,000 memorials, each with a member's reminder, and
// measures the selection the daily job runs (`dueReminders`: today's due reminders, one batch,
// with what each mail needs and the visibility rule for the reminder's own member).
//
// Run:   npm run build && node bench/digests/reminders.mjs
// Or, from another script: `const { run } = await import('./reminders.mjs'); await run()`, which
// answers the figures (and prints them).
// Options (environment):
//   DATABASE_URL=postgres://...   runs on PostgreSQL instead, in a throw-away database created
//                                 beside the one named (dropped afterwards); PGlite otherwise.
//   BENCH_MEMORIALS=100000        memorials seeded, one reminder each.
//   BENCH_MEMBERS=1000            members the reminders belong to (100 each by default).
//   BENCH_ROUNDS=50               measured selections (after 5 warm-up ones), each on another day.
//
// Plain ESM against the built server (apps/server/dist). Each reminder's next due day is spread
// over the year ahead, as reminders of birthdays and anniversaries are; every day of a year has
// about 274 due at 100,000. The selection reads the `next_due` index (decision 0116); each round
// asks for another day of the coming fifty, and is answered its first batch (200), the most one
// query of the job reads.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { createPostgresDatabase } from '../../scripts/postgres-database.mjs';
import { loadConfig } from '../../apps/server/dist/config.js';
import { openDatabase } from '../../apps/server/dist/db/client.js';
import { dueReminders } from '../../apps/server/dist/modules/reminders/reminders.repository.js';
import { REMINDER_BATCH } from '../../apps/server/dist/modules/reminders/reminders.service.js';

const TOTAL = Number(process.env.BENCH_MEMORIALS ?? 100_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const WARMUP = 5;
const BATCH = 10_000;
const FIRST_DAY = '2026-11-27';

const addDays = (day, n) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function seed(db) {
  await db.execute(
    sql.raw(`INSERT INTO users (full_name, email, user_name, password_hash, role)
      SELECT 'Bench Member ' || n, 'bench-member-' || n || '@example.com', 'bench_member_' || n, 'x',
             CASE WHEN n = 1 THEN 'sponsor' ELSE 'visitor' END
      FROM generate_series(1, ${MEMBERS}) AS n`),
  );
  const owner = (
    await db.execute(sql.raw(`SELECT id FROM users WHERE user_name = 'bench_member_1'`))
  ).rows[0].id;
  for (let from = 1; from <= TOTAL; from += BATCH) {
    const to = Math.min(from + BATCH - 1, TOTAL);
    await db.execute(
      sql.raw(`INSERT INTO memorials (owner_id, title, date_of_birth, death_date, observe_yahrzeit, visibility)
        SELECT '${owner}', 'Memorial ' || n, date '1900-01-01' + (n * 7919 % 30000),
               date '1900-01-01' + (n * 7919 % 30000) + (20 + n % 70) * 365, n % 10 = 0,
               CASE n % 10 WHEN 0 THEN 'private' WHEN 1 THEN 'members' WHEN 2 THEN 'unlisted' ELSE 'public' END
        FROM generate_series(${from}, ${to}) AS n`),
    );
  }
  await db.execute(
    sql.raw(
      `INSERT INTO memorial_people (memorial_id, user_id, role) SELECT id, owner_id, 'owner' FROM memorials`,
    ),
  );
  // One reminder per memorial, by members in turn; next due days spread over the coming year.
  await db.execute(
    sql.raw(`WITH m AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM memorials),
      u AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM users)
      INSERT INTO anniversary_reminders (user_id, memorial_id, birthday, death, days_before, next_due)
      SELECT u.id, m.id, true, m.n % 2 = 0, (m.n % 8)::int, date '${FIRST_DAY}' + (m.n * 7919 % 365)::int
      FROM m JOIN u ON u.k = m.n % ${MEMBERS}`),
  );
  // Private memorials' reminders belong to members who are among their people (as viewers).
  await db.execute(
    sql.raw(`INSERT INTO memorial_people (memorial_id, user_id, role)
      SELECT r.memorial_id, r.user_id, 'viewer' FROM anniversary_reminders r
      JOIN memorials m ON m.id = r.memorial_id
      WHERE m.visibility = 'private' AND r.user_id <> m.owner_id ON CONFLICT DO NOTHING`),
  );
  await db.execute(sql.raw('VACUUM ANALYZE'));
}

async function runOn(engine, databaseUrl) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rips-bench-reminders-'));
  const postgres = databaseUrl ? await createPostgresDatabase(databaseUrl, 'rips_bench') : null;
  const config = loadConfig(
    {},
    {
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://127.0.0.1:3000',
      MAIL_OUTBOX: 'true',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    },
  );
  const database = await openDatabase(postgres ? { url: postgres.url } : { dataDir: config.dbDir });
  try {
    await database.migrate();
    const seedStart = performance.now();
    await seed(database.db);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const load = [os.loadavg()];
    const timings = [];
    let rows = 0;
    for (let i = 0; i < WARMUP + ROUNDS; i++) {
      const today = addDays(FIRST_DAY, i % 50);
      const start = performance.now();
      const batch = await dueReminders(database.db, today, REMINDER_BATCH);
      const ms = performance.now() - start;
      if (i >= WARMUP) {
        timings.push(ms);
        rows += batch.length;
      }
    }
    load.push(os.loadavg());
    const perDay = (
      await database.db.execute(
        sql.raw(
          `SELECT count(*)::int AS n FROM anniversary_reminders WHERE next_due = date '${FIRST_DAY}'`,
        ),
      )
    ).rows[0].n;
    const sorted = [...timings].sort((a, b) => a - b);
    return {
      engine,
      memorials: TOTAL,
      reminders: TOTAL,
      members: MEMBERS,
      seedSeconds,
      dueOnFirstDay: perDay,
      rounds: ROUNDS,
      batch: REMINDER_BATCH,
      meanRows: rows / ROUNDS,
      p50Ms: percentile(sorted, 50),
      p95Ms: percentile(sorted, 95),
      maxMs: sorted.at(-1),
      load,
    };
  } finally {
    await database.close();
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function report(r) {
  const loads = r.load.map((l) => l.map((x) => x.toFixed(2)).join(', '));
  console.log(
    `reminder selection (${r.engine}): ${r.memorials.toLocaleString('en-US')} memorials, ${r.reminders.toLocaleString('en-US')} reminders of ${r.members.toLocaleString('en-US')} members (seeded in ${r.seedSeconds.toFixed(1)} s)`,
  );
  console.log(
    `  today's due reminders, first batch of ${r.batch} (${r.meanRows.toFixed(0)} rows on average; ${r.dueOnFirstDay} due on ${FIRST_DAY}), ${r.rounds} days: p50 ${r.p50Ms.toFixed(2)} ms, p95 ${r.p95Ms.toFixed(2)} ms, max ${r.maxMs.toFixed(2)} ms`,
  );
  console.log(`  load average before: ${loads[0]}; after: ${loads[1]}`);
}

/** Runs the benchmark on PGlite (or on PostgreSQL with DATABASE_URL) and answers its figures. */
export async function run() {
  const result = await runOn(
    process.env.DATABASE_URL ? 'postgres' : 'pglite',
    process.env.DATABASE_URL,
  );
  report(result);
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await run();
}
