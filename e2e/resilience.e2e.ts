// Process-level faults against the production build: SIGTERM under load, SIGKILL mid-upload and
// mid-delete, and SIGKILL in the middle of a weekly digest run.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/server/src/db/client.js';
import { MAIL_JOB, MailSeal } from '../apps/server/src/mail/mail-queue.js';
import { reconcileStorage } from '../apps/server/src/maintenance/reconcile.js';
import { LocalStorage } from '../apps/server/src/storage/local-storage.js';
import { minimalPdf } from '../apps/server/test/hostile-corpus.js';
import { freePort, spawnServer } from '../scripts/server-process.mjs';
import { createMemorial, DEMO, startServer, type RunningServer } from './harness.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

let bigPng: Buffer;
beforeAll(async () => {
  // Noise does not compress, so decoding and re-encoding it keeps the server busy for a while.
  const noise = Buffer.alloc(1600 * 1600 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  bigPng = await sharp(noise, { raw: { width: 1600, height: 1600, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
});

/** A GET on a kept-alive connection: the status, or the socket error's code. */
function getStatus(url: string, agent: http.Agent): Promise<number | string> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

let counter = 0;
function registration(): FormData {
  counter += 1;
  const form = new FormData();
  form.set('fullName', `Load Tester ${counter}`);
  form.set('email', `load${counter}-${process.pid}@example.com`);
  form.set('userName', `load_${counter}_${process.pid}`);
  form.set('password', 'Steady-under-load-1');
  form.set('avatar', new Blob([bigPng], { type: 'image/png' }), 'avatar.png');
  return form;
}

const ENV = { REGISTER_LIMIT_PER_IP: '10000', SEED_DEMO: 'false', LOG_LEVEL: 'info' };

describe('graceful shutdown', () => {
  let server: RunningServer;
  afterAll(async () => server?.stop());

  it('finishes in-flight requests, refuses new ones with 503 and exits within 10 s', async () => {
    server = await startServer(ENV);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    // Warm the pool so later requests reuse open keep-alive connections.
    const warm = await Promise.all(
      Array.from({ length: 8 }, () => getStatus(`${server.baseUrl}/api/v1/users/me`, agent)),
    );
    expect(warm).toEqual(Array(8).fill(401));
    const inFlight = Array.from({ length: 12 }, () =>
      fetch(`${server.baseUrl}/api/v1/users/register`, {
        method: 'POST',
        body: registration(),
      }).then((r) => r.status),
    );
    // Signal only once the server has received all of them: these are the in-flight requests.
    const received = () =>
      server.output().match(/"url":"\/api\/v1\/users\/register"/g)?.length ?? 0;
    while (received() < inFlight.length) await new Promise((r) => setTimeout(r, 20));
    const signalledAt = Date.now();
    server.process.kill('SIGTERM');
    // Late requests go out once the server says it is draining (a fixed pause raced the signal
    // on a busy machine, and the requests were answered as usual).
    while (!server.output().includes('shutting down: finishing in-flight requests')) {
      await new Promise((r) => setTimeout(r, 10));
    }
    const late = await Promise.all(
      Array.from({ length: 8 }, () => getStatus(`${server.baseUrl}/api/v1/users/me`, agent)),
    );
    expect(await Promise.all(inFlight)).toEqual(Array(12).fill(201));
    // The server keeps listening while it drains, so late requests get a clear 503.
    expect(late).toEqual(Array(8).fill(503));
    const code = await server.exited;
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect(code).toBe(0);
    agent.destroy();
  });
});

describe('crash safety', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'rips-crash-'));
  });
  afterAll(async () => rm(dataDir, { recursive: true, force: true }));

  it('leaves no orphan file and no row without its files after SIGKILL during uploads', async () => {
    let movedAtStart = 0;
    for (const delay of [300, 700, 1100, 1500]) {
      const server = await startServer({ ...ENV, DATA_DIR: dataDir }, { keepDataDir: true });
      movedAtStart += Number(/moved (\d+) unreferenced files/.exec(server.output())?.[1] ?? 0);
      const uploads = Array.from({ length: 6 }, () =>
        fetch(`${server.baseUrl}/api/v1/users/register`, {
          method: 'POST',
          body: registration(),
        }).catch(() => null),
      );
      await new Promise((r) => setTimeout(r, delay));
      server.process.kill('SIGKILL');
      await Promise.all(uploads);
      await server.exited;
    }
    // Debris exactly as a crash between storing a file and writing its row leaves it, so the
    // start-up check has something to repair whatever the kills above happened to hit.
    const planted = path.join(
      dataDir,
      'uploads',
      'photos',
      '2026',
      '01',
      '11111111-2222-4333-8444-555555555555',
    );
    await mkdir(planted, { recursive: true });
    await writeFile(path.join(planted, '640.webp'), 'orphan');
    await writeFile(path.join(planted, '320.webp.abc.tmp'), 'half-written');

    // A clean restart checks storage: it moves a crash's few orphans to quarantine by itself and
    // leaves more than that for an operator; either way it logs counts, never a key.
    const server = await startServer({ ...ENV, DATA_DIR: dataDir }, { keepDataDir: true });
    expect(server.output()).toMatch(/storage check: /);
    expect(server.output()).not.toContain('11111111-2222-4333-8444-555555555555');
    movedAtStart += Number(/moved (\d+) unreferenced files/.exec(server.output())?.[1] ?? 0);
    await server.stop();

    // The operator's command moves whatever is left; nothing is deleted.
    const cli = spawnSync(
      process.execPath,
      [path.join(ROOT, 'apps/server/dist/cli/storage-check.js'), '--apply'],
      {
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
        encoding: 'utf8',
      },
    );
    expect(cli.status, cli.stderr).toBe(0);
    const quarantined = (await readdir(path.join(dataDir, 'uploads', 'quarantine'))).map((day) =>
      path.join(
        dataDir,
        'uploads',
        'quarantine',
        day,
        path.relative(path.join(dataDir, 'uploads'), planted),
        '640.webp',
      ),
    );
    expect(
      await Promise.all(quarantined.map((file) => readFile(file, 'utf8').catch(() => null))),
    ).toContain('orphan');

    const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    try {
      const report = await reconcileStorage(
        { db: database.db, storage: new LocalStorage(path.join(dataDir, 'uploads')) },
        { mode: 'dry-run', graceMs: 0, quarantineDays: 30 },
      );
      expect(report.orphanFiles).toEqual([]);
      expect(report.missingFiles).toEqual([]);
    } finally {
      await database.close();
    }
    console.log(`crash safety: start-up checks moved ${movedAtStart} orphaned files to quarantine`);
    // Five server starts and a storage-check run: more than the default on a busy machine.
  }, 240_000);

  it('leaves no half-made or half-deleted memorial after SIGKILL during creates and deletes', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rips-crash-memorials-'));
    try {
      let server = await startServer(
        { ...ENV, SEED_DEMO: 'true', DATA_DIR: dir },
        { keepDataDir: true },
      );
      const token = await loginToken(server.baseUrl);
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) ids.push(await memorialWithGalleries(server.baseUrl, token, i));

      // Kill while memorials and their pictures are being created.
      const creates = Array.from({ length: 6 }, (_, i) =>
        createPicturedMemorial(server.baseUrl, token, `Interrupted ${i}`).catch(() => null),
      );
      await new Promise((r) => setTimeout(r, 500));
      server.process.kill('SIGKILL');
      await Promise.all(creates);
      await server.exited;

      // Kill while memorials with galleries are being deleted.
      server = await startServer({ ...ENV, DATA_DIR: dir }, { keepDataDir: true });
      const deletes = ids.map((id) =>
        fetch(`${server.baseUrl}/api/v1/posts/${id}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${token}` },
        }).catch(() => null),
      );
      await new Promise((r) => setTimeout(r, 60));
      server.process.kill('SIGKILL');
      await Promise.all(deletes);
      await server.exited;

      server = await startServer({ ...ENV, DATA_DIR: dir }, { keepDataDir: true });
      await server.stop();
      const database = await openDatabase({ dataDir: path.join(dir, 'db') });
      try {
        // Deletes cut short leave files without rows; they go to quarantine, and no row may
        // have lost its files.
        const stores = { db: database.db, storage: new LocalStorage(path.join(dir, 'uploads')) };
        const check = { graceMs: 0, quarantineDays: 30 } as const;
        const report = await reconcileStorage(stores, { ...check, mode: 'apply' });
        expect(report.missingFiles).toEqual([]);
        const after = await reconcileStorage(stores, { ...check, mode: 'dry-run' });
        expect(after.orphanFiles).toEqual([]);
        // Every gallery or tribute row still belongs to a memorial that exists.
        for (const table of [
          'photos',
          'memorabilia',
          'documents',
          'flowers',
          'prayers',
          'memorial_people',
        ]) {
          const result = await database.db.execute(
            sql.raw(
              `SELECT count(*)::int AS n FROM "${table}" x LEFT JOIN memorials m ON m.id = x.memorial_id WHERE m.id IS NULL`,
            ),
          );
          expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n, table).toBe(0);
        }
        // A memorial that survived still has all of its galleries; one that went, went whole.
        for (const id of ids) {
          const result = await database.db.execute(
            sql`SELECT (SELECT count(*)::int FROM memorials WHERE id = ${id}) AS memorial, (SELECT count(*)::int FROM photos WHERE memorial_id = ${id}) AS photos, (SELECT count(*)::int FROM documents WHERE memorial_id = ${id}) AS documents`,
          );
          const counts = (
            result as unknown as { rows: { memorial: number; photos: number; documents: number }[] }
          ).rows[0]!;
          expect(counts, id).toEqual(
            counts.memorial === 1
              ? { memorial: 1, photos: 2, documents: 1 }
              : { memorial: 0, photos: 0, documents: 0 },
          );
        }
      } finally {
        await database.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/** Rows of a query on the embedded database of a stopped server. */
async function rowsOf<T>(database: Awaited<ReturnType<typeof openDatabase>>, query: string) {
  const result = await database.db.execute(sql.raw(query));
  return (result as unknown as { rows: T[] }).rows;
}

describe('a digest run killed half way', () => {
  it('queues every follower’s digest exactly once across SIGKILL and restart', async () => {
    const FOLLOWERS = 3000;
    const secret = 'digest-crash-test-secret-0123456789abcdef';
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rips-crash-digests-'));
    const env = {
      ...ENV,
      DATA_DIR: dir,
      JWT_SECRET: secret,
      FOLLOW_DIGEST_CHECK_SECONDS: '1',
      FOLLOW_DIGEST_BATCH: '50',
    };
    try {
      // Migrated by a first start, then seeded while stopped: a memorial, its followers of two
      // weeks, and prayers left eight days ago, so this week's digest is due at the next start.
      await (await startServer(env, { keepDataDir: true })).stop();
      let database = await openDatabase({ dataDir: path.join(dir, 'db') });
      try {
        const run = (query: string) => database.db.execute(sql.raw(query));
        await run(`INSERT INTO users (full_name, email, user_name, password_hash, role)
          VALUES ('Crash Family', 'family@crash.example', 'crash_family', 'x', 'sponsor')`);
        await run(`INSERT INTO memorials (owner_id, title, visibility)
          SELECT id, 'Ada Crash', 'public' FROM users WHERE user_name = 'crash_family'`);
        await run(`INSERT INTO memorial_people (memorial_id, user_id, role)
          SELECT id, owner_id, 'owner' FROM memorials`);
        await run(`INSERT INTO users (full_name, email, user_name, password_hash)
          SELECT 'Reader ' || n, 'reader' || n || '@crash.example', 'reader_' || n, 'x'
          FROM generate_series(1, ${FOLLOWERS}) AS n`);
        await run(`INSERT INTO follows (memorial_id, user_id, confirmed_at, created_at)
          SELECT m.id, u.id, now() - interval '15 days', now() - interval '15 days'
          FROM memorials m, users u WHERE u.user_name LIKE 'reader_%'`);
        await run(`INSERT INTO prayers (memorial_id, author_name, text, created_at)
          SELECT id, 'Neighbour', 'Remembered with love.', now() - interval '8 days' FROM memorials`);
      } finally {
        await database.close();
      }

      // The run starts with the server; the process is killed once its log says a first batch of
      // follows was claimed and queued.
      const port = String(await freePort());
      const child = spawnServer({
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: port,
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          MAIL_OUTBOX: 'true',
          ...env,
          LOG_LEVEL: 'debug',
        },
      });
      const killed = new Promise<void>((resolve, reject) => {
        let batches = 0;
        let log = '';
        const timer = setTimeout(
          () => reject(new Error(`no digest batch logged:\n${log}`)),
          60_000,
        );
        child.stdout!.on('data', (chunk: Buffer) => {
          log += chunk.toString();
          batches = (log.match(/digest batch done/g) ?? []).length;
          if (batches >= 1 && child.exitCode === null && child.signalCode === null) {
            clearTimeout(timer);
            child.kill('SIGKILL');
            resolve();
          }
        });
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        await killed;
      } finally {
        // Also when no batch was logged: no server may outlive the test.
        child.kill('SIGKILL');
        await exited;
      }

      const ledger = async () =>
        (await rowsOf<{ n: number }>(database, 'SELECT count(*)::int AS n FROM follow_digests'))[0]!
          .n;
      /** The recipients of the queued mail jobs (sealed rows, opened with the site's key). */
      const queuedTo = async () => {
        const seal = new MailSeal(secret);
        const tables = await rowsOf<{ name: string }>(
          database,
          "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'pgboss' AND table_name IN ('job', 'archive')",
        );
        const recipients: string[] = [];
        for (const { name } of tables)
          for (const row of await rowsOf<{ data: unknown }>(
            database,
            `SELECT data FROM pgboss.${name} WHERE name = '${MAIL_JOB}'`,
          ))
            recipients.push(seal.open(row.data).to);
        return recipients;
      };
      database = await openDatabase({ dataDir: path.join(dir, 'db') });
      let claimedAtKill: number;
      try {
        claimedAtKill = await ledger();
        // Claimed and queued in one transaction: as many mails as claims, whatever the moment.
        expect(await queuedTo()).toHaveLength(claimedAtKill);
      } finally {
        await database.close();
      }
      expect(
        claimedAtKill,
        'the kill came after the run had finished: raise FOLLOWERS',
      ).toBeLessThan(FOLLOWERS);
      expect(claimedAtKill).toBeGreaterThan(0);

      // Started again, the next run does the rest, and nobody is queued twice. Its mails are
      // counted as queued jobs (delivered or not), so the test waits for the run, not the outbox.
      const server = await startServer(env, { keepDataDir: true });
      const runDeadline = Date.now() + 120_000;
      while (!server.output().includes('digests queued') && Date.now() < runDeadline)
        await new Promise((r) => setTimeout(r, 200));
      await server.stop();
      database = await openDatabase({ dataDir: path.join(dir, 'db') });
      try {
        expect(await ledger()).toBe(FOLLOWERS);
        const recipients = await queuedTo();
        expect(recipients).toHaveLength(FOLLOWERS);
        expect(new Set(recipients).size).toBe(FOLLOWERS);
      } finally {
        await database.close();
      }
      console.log(
        `digest crash: killed with ${claimedAtKill} of ${FOLLOWERS} digests claimed and queued; after the restart ${FOLLOWERS} queued, one each`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 240_000);
});

async function loginToken(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO.sponsor),
  });
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** A memorial with the large picture, so its creation keeps the server busy. */
function createPicturedMemorial(baseUrl: string, token: string, title: string): Promise<string> {
  return createMemorial(baseUrl, token, { title }, { png: bigPng, name: 'memorial.png' });
}

async function memorialWithGalleries(baseUrl: string, token: string, i: number): Promise<string> {
  const id = await createPicturedMemorial(baseUrl, token, `Complete ${i}`);
  const small = await sharp({
    create: { width: 400, height: 300, channels: 3, background: '#7fa99a' },
  })
    .png()
    .toBuffer();
  for (let k = 0; k < 2; k++) {
    const form = new FormData();
    form.set('postId', id);
    form.set('name', 'Daniel Okafor');
    form.set('photoImg', new Blob([small], { type: 'image/png' }), 'photo.png');
    const res = await fetch(`${baseUrl}/api/v1/photos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(201);
  }
  const doc = new FormData();
  doc.set('postId', id);
  doc.set('documentFile', new Blob([minimalPdf()], { type: 'application/pdf' }), 'order.pdf');
  const res = await fetch(`${baseUrl}/api/v1/documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: doc,
  });
  expect(res.status).toBe(201);
  return id;
}
