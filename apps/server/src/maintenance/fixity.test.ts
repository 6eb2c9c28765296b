// The fixity check: every upload file's SHA-256 is recorded as it is written (through the real
// routes), and a nightly job on the job queue, with a stepped clock, hashes a share of the files
// each night so every one is checked within the cycle. A changed byte is found, logged, counted
// and quarantined (never replaced); the job keeps its place across a restart; and it works on S3.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, restartableData, TEST_ENGINE, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { pdfFile, pngFile } from '../../test/fixtures.js';
import { multipart } from '../../test/multipart.js';
import { readStored } from '../../test/storage.js';
import { storedFileChecksums } from '../db/schema/index.js';
import { uncheckedStorage } from '../storage/checksummed-storage.js';
import { recheckFailed } from './fixity.js';

const DAY = 86_400_000;
const WAIT = { timeout: 20_000, interval: 50 };
const METRICS_TOKEN = 'fixity-metrics-token-0123456789';
/** Before FIXITY_HOUR (3): the run at start-up does nothing. */
const FIRST_DAY = '2026-05-04T01:00:00Z';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function newKey(folder = 'photos'): string {
  return `${folder}/2026/05/${randomUUID()}/original.bin`;
}

async function rows(app: FastifyInstance) {
  return app.ctx.db.select().from(storedFileChecksums).orderBy(storedFileChecksums.key);
}

async function keysIn(app: FastifyInstance, folder: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of app.ctx.storage.list(folder)) keys.push(key);
  return keys.sort();
}

/** Log lines the app wrote, parsed. */
function logLines(lines: string[]): Record<string, unknown>[] {
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const t of opened.splice(0)) await t.close();
});

async function appWithClock(
  env: Record<string, string>,
  storage: 'local' | 's3' = 'local',
): Promise<{ t: TestApp; log: string[]; setNow(at: Date): void; now(): Date }> {
  let now = new Date(FIRST_DAY);
  const log: string[] = [];
  const t = await createTestApp(
    { FIXITY_SWEEP_SECONDS: '1', METRICS_TOKEN, LOG_LEVEL: 'info', ...env },
    { now: () => now, storage, logStream: { write: (line) => log.push(line) } },
  );
  opened.push(t);
  return { t, log, setNow: (at) => (now = at), now: () => now };
}

/** Moves the clock to `at` and waits for the job's pass of that day to end. */
async function night(
  c: { log: string[]; setNow(at: Date): void },
  at: Date,
): Promise<Record<string, unknown>> {
  const passes = () => logLines(c.log).filter((l) => l['msg'] === 'fixity check: pass done');
  const before = passes().length;
  c.setNow(at);
  await vi.waitFor(() => expect(passes().length).toBe(before + 1), WAIT);
  return passes().at(-1)!;
}

describe(`the fixity check (${TEST_ENGINE})`, () => {
  it('records the checksum of every file an upload stores, and drops it with the file', async () => {
    const { t } = await appWithClock({});
    const owner = await createUser(t.app, { role: 'sponsor' });
    const post = (
      url: string,
      fields: Record<string, string>,
      files: Parameters<typeof multipart>[1],
    ) => {
      const { payload, headers } = multipart(fields, files);
      return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...owner.auth } });
    };
    const memorial = await post(
      '/api/v1/posts',
      { title: 'Agnes Ward', description: 'Kept bees.' },
      { postImg: await pngFile(800, 600) },
    );
    expect(memorial.statusCode, memorial.body).toBe(201);
    const postId = memorial.json().data._id as string;
    const photo = await post('/api/v1/photos', { postId }, { photoImg: await pngFile(700, 500) });
    expect(photo.statusCode, photo.body).toBe(201);
    const document = await post('/api/v1/documents', { postId }, { documentFile: pdfFile() });
    expect(document.statusCode, document.body).toBe(201);

    const stored = [
      ...(await keysIn(t.app, 'memorials')),
      ...(await keysIn(t.app, 'photos')),
      ...(await keysIn(t.app, 'documents')),
    ].sort();
    expect(stored.length).toBeGreaterThanOrEqual(3);
    const recorded = await rows(t.app);
    expect(recorded.map((r) => r.key)).toEqual(stored);
    for (const row of recorded) {
      const bytes = (await readStored(t.app.ctx.storage, row.key))!;
      expect(row.sha256).toBe(sha256(bytes));
      expect(row.size).toBe(bytes.length);
      expect(row.failedAt).toBeNull();
    }

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/posts/${postId}`,
      headers: owner.auth,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await rows(t.app)).toEqual([]);
  }, 90_000);

  it('checks a share each night and every file within the cycle', async () => {
    const c = await appWithClock({ FIXITY_CYCLE_DAYS: '3', FIXITY_BATCH_MIN: '1' });
    const { app } = c.t;
    const keys = Array.from({ length: 7 }, () => newKey());
    for (const [i, key] of keys.entries()) await app.ctx.storage.put(key, Buffer.from(`file ${i}`));
    expect((await rows(app)).map((r) => r.key).sort()).toEqual([...keys].sort());

    const nights: string[][] = [];
    for (let n = 0; n < 3; n++) {
      const at = new Date(new Date(FIRST_DAY).getTime() + n * DAY + 2 * 3600_000);
      const pass = await night(c, at);
      // ceil(7 / 3) a night.
      expect(pass['verified']).toBe(3);
      expect(pass['failed']).toBe(0);
      nights.push(
        (await rows(app))
          .filter((r) => r.lastCheckedAt?.getTime() === at.getTime())
          .map((r) => r.key),
      );
    }
    // The oldest first: the first two nights check six different files, the third the last one
    // (and two of the first night's), so every file is checked within the three nights.
    expect(new Set([...nights[0]!, ...nights[1]!]).size).toBe(6);
    expect(new Set(nights.flat())).toEqual(new Set(keys));
    // Another run the same day does not pass again.
    await new Promise((r) => setTimeout(r, 1500));
    expect(logLines(c.log).filter((l) => l['msg'] === 'fixity check: pass done')).toHaveLength(3);
  }, 90_000);

  it('finds a changed byte: logs it, counts it, quarantines the file and marks the row', async () => {
    const c = await appWithClock({ FIXITY_BATCH_MIN: '100' });
    const { app, dataDir } = c.t;
    const good = newKey('memorials');
    const damaged = newKey('documents');
    const original = Buffer.from('The order of service, as it was uploaded.');
    await app.ctx.storage.put(good, Buffer.from('untouched'));
    await app.ctx.storage.put(damaged, original);
    // A file stored before checksums were kept: on disk, no row.
    const older = newKey('avatars');
    const olderFile = path.join(dataDir, 'uploads', ...older.split('/'));
    await uncheckedStorage(app.ctx.storage).put(older, Buffer.from('from before'));

    // One byte flipped on disk, behind the app's back.
    const file = path.join(dataDir, 'uploads', ...damaged.split('/'));
    const changed = Buffer.from(original);
    changed[4] = changed[4]! ^ 0x01;
    await writeFile(file, changed);

    const at = new Date('2026-05-04T03:30:00Z');
    const pass = await night(c, at);
    expect(pass).toMatchObject({ verified: 1, firstSeen: 1, failed: 1, found: 1 });

    const errors = logLines(c.log).filter((l) => l['level'] === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      key: damaged,
      expectedSha256: sha256(original),
      foundSha256: sha256(changed),
      quarantinedAs: `quarantine/2026-05-04/${damaged}`,
    });
    expect(String(errors[0]!['msg'])).toMatch(/differs from the checksum recorded at upload/);

    const metrics = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.body).toMatch(/rips_fixity_failures_total\{reason="mismatch"\} 1/);
    expect(metrics.body).toMatch(/rips_fixity_checked_total\{result="verified"\} 1/);
    expect(metrics.body).toMatch(/rips_fixity_checked_total\{result="first_seen"\} 1/);
    expect(metrics.body).toMatch(/rips_fixity_failed_files 1/);

    // Moved, not replaced or deleted: the changed bytes wait in quarantine for an operator.
    await expect(stat(file)).rejects.toThrow(/ENOENT/);
    const quarantined = path.join(
      dataDir,
      'uploads',
      'quarantine',
      '2026-05-04',
      ...damaged.split('/'),
    );
    expect((await readFile(quarantined)).equals(changed)).toBe(true);
    const [row] = await app.ctx.db
      .select()
      .from(storedFileChecksums)
      .where(eq(storedFileChecksums.key, damaged));
    expect(row!.failedAt?.toISOString()).toBe(at.toISOString());
    expect(row!.sha256).toBe(sha256(original));
    // The older file's sum is recorded now: first seen, not verified.
    const [first] = await app.ctx.db
      .select()
      .from(storedFileChecksums)
      .where(eq(storedFileChecksums.key, older));
    expect(first!.sha256).toBe(sha256(await readFile(olderFile)));

    // The next night the failed file is not quarantined again, logged again or counted again.
    await night(c, new Date(at.getTime() + DAY));
    expect(logLines(c.log).filter((l) => l['level'] === 50)).toHaveLength(1);
    const again = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(again.body).toMatch(/rips_fixity_failures_total\{reason="mismatch"\} 1/);

    // The operator puts the backup's copy back: the recheck finds it matches and clears it.
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, original);
    const rechecked = await recheckFailed(app.ctx.db, uncheckedStorage(app.ctx.storage), c.now());
    expect(rechecked).toEqual([{ key: damaged, result: 'restored' }]);
    expect(
      await app.ctx.db
        .select()
        .from(storedFileChecksums)
        .where(isNotNull(storedFileChecksums.failedAt)),
    ).toEqual([]);
  }, 90_000);

  it('finds a changed object in an S3 bucket and moves it to the quarantine in the bucket', async () => {
    const c = await appWithClock({ FIXITY_BATCH_MIN: '100' }, 's3');
    const { app } = c.t;
    const key = newKey('photos');
    const original = Buffer.from('a photo, as stored');
    await app.ctx.storage.put(key, original);
    await app.ctx.storage.put(newKey('photos'), Buffer.from('another'));
    // The object rewritten behind the app's back (no new sum recorded).
    await uncheckedStorage(app.ctx.storage).put(key, Buffer.from('a photo, as storeD'));

    const pass = await night(c, new Date('2026-05-04T04:00:00Z'));
    expect(pass).toMatchObject({ verified: 1, failed: 1 });
    expect(await readStored(app.ctx.storage, key)).toBeNull();
    expect((await readStored(app.ctx.storage, `quarantine/2026-05-04/${key}`))?.toString()).toBe(
      'a photo, as storeD',
    );
    const [row] = await app.ctx.db
      .select()
      .from(storedFileChecksums)
      .where(eq(storedFileChecksums.key, key));
    expect(row!.failedAt).not.toBeNull();
  }, 90_000);
});

describe(`the fixity check across a restart (${TEST_ENGINE})`, () => {
  it('goes on from the files the first server did not reach', async () => {
    const data = await restartableData('fixity-restart');
    let now = new Date(FIRST_DAY);
    const start = () =>
      data.start(
        {
          FIXITY_SWEEP_SECONDS: '1',
          FIXITY_CYCLE_DAYS: '3',
          FIXITY_BATCH_MIN: '1',
        },
        { now: () => now },
      );
    const checkedOn = async (app: FastifyInstance, at: Date) =>
      (await rows(app))
        .filter((r) => r.lastCheckedAt?.getTime() === at.getTime())
        .map((r) => r.key);
    try {
      const keys = Array.from({ length: 6 }, () => newKey());
      const first = await start();
      let nightOne: string[];
      const dayOne = new Date('2026-05-04T03:10:00Z');
      try {
        for (const key of keys) await first.app.ctx.storage.put(key, Buffer.from(key));
        now = dayOne;
        await vi.waitFor(
          async () => expect(await checkedOn(first.app, dayOne)).toHaveLength(2),
          WAIT,
        );
        nightOne = await checkedOn(first.app, dayOne);
      } finally {
        await first.close();
      }

      const dayTwo = new Date(dayOne.getTime() + DAY);
      now = dayTwo;
      const second = await start();
      try {
        await vi.waitFor(
          async () => expect(await checkedOn(second.app, dayTwo)).toHaveLength(2),
          WAIT,
        );
        const nightTwo = await checkedOn(second.app, dayTwo);
        expect(nightTwo.filter((key) => nightOne.includes(key))).toEqual([]);
        // Several runs more that day: no second pass.
        await new Promise((r) => setTimeout(r, 2500));
        expect(await checkedOn(second.app, dayTwo)).toHaveLength(2);
        expect((await rows(second.app)).filter((r) => r.lastCheckedAt === null)).toHaveLength(2);
      } finally {
        await second.close();
      }
    } finally {
      await data.dispose();
    }
  }, 120_000);
});
