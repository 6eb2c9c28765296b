import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { pngFile } from '../../test/fixtures.js';
import type { Db } from '../db/client.js';
import {
  legacies,
  legacyAssets,
  memorialContributors,
  memorials,
  prayers,
} from '../db/schema/index.js';
import { storeImage } from '../media/image-store.js';
import { imageLimits } from '../modules/auth/auth.service.js';
import type { Storage } from '../storage/storage.js';
import { restoreBackup, writeBackup } from './backup.js';
import { reconcileStorage } from './reconcile.js';
import { STORAGE_KINDS, TABLES_IN_DEPENDENCY_ORDER } from './tables.js';

let source: TestApp;
let target: TestApp;
let scratch: string;

beforeAll(async () => {
  [source, target] = await Promise.all([createTestApp(), createTestApp()]);
  scratch = await mkdtemp(path.join(os.tmpdir(), 'rips-backup-test-'));
});
afterAll(async () => {
  await Promise.all([source?.close(), target?.close()]);
  await rm(scratch, { recursive: true, force: true });
});

async function tableRows(db: Db, table: string): Promise<string[]> {
  const result = await db.execute(sql.raw(`SELECT row_to_json(t)::text AS row FROM "${table}" t`));
  return (result as unknown as { rows: { row: string }[] }).rows.map((r) => r.row).sort();
}

async function storedFiles(storage: Storage): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const kind of STORAGE_KINDS) {
    for await (const key of storage.list(kind)) {
      const object = await storage.get(key);
      const chunks: Buffer[] = [];
      for await (const chunk of object!.stream) chunks.push(chunk as Buffer);
      files.set(key, Buffer.concat(chunks).toString('base64'));
    }
  }
  return files;
}

async function seedMemorial(t: TestApp) {
  const { db, storage } = t.app.ctx;
  const owner = await createUser(t.app, { role: 'sponsor' });
  const helper = await createUser(t.app);
  const image = await storeImage(
    storage,
    'memorials',
    (await pngFile(700, 400)).body,
    imageLimits(t.app.ctx),
  );
  const [memorial] = await db
    .insert(memorials)
    .values({
      ownerId: owner.row.id,
      title: 'Ruth “Ruthie” Ng',
      traits: 'baker poet',
      tags: ['baker', 'poet'],
      tagsText: 'baker\u001fpoet',
      dateOfBirth: '1940-02-29',
      ...image,
    })
    .returning();
  await db.insert(memorialContributors).values({ memorialId: memorial!.id, userId: helper.row.id });
  await db.insert(prayers).values({
    memorialId: memorial!.id,
    ownerId: helper.row.id,
    text: 'Rest gently — 安らかに 🕊️',
  });
  const [legacy] = await db
    .insert(legacies)
    .values({ userId: owner.row.id, birthPlace: 'Penang', description: 'Line one\nline "two"' })
    .returning();
  await db.insert(legacyAssets).values({
    legacyId: legacy!.id,
    position: 0,
    item: 'House',
    description: 'By the sea',
    value: '$1',
    beneficiaries: 'Ann',
  });
  return { memorial: memorial!, image };
}

describe(`backup and restore (${TEST_ENGINE})`, () => {
  it('names every table of the schema in dependency order', async () => {
    const result = await source.app.ctx.db.execute(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    const tables = (result as unknown as { rows: { table_name: string }[] }).rows
      .map((r) => r.table_name)
      .sort();
    expect([...TABLES_IN_DEPENDENCY_ORDER].sort()).toEqual(tables);
  });

  it('round-trips every row and every file into an empty data dir', async () => {
    await seedMemorial(source);
    await seedMemorial(source);
    const archive = path.join(scratch, 'backup.tar.gz');
    const manifest = await writeBackup(source.app.ctx, archive);
    expect(manifest.rows['memorials']).toBe(2);
    expect(manifest.files).toBeGreaterThan(0);

    await restoreBackup(target.app.ctx, archive);
    for (const table of TABLES_IN_DEPENDENCY_ORDER) {
      expect(await tableRows(target.app.ctx.db, table), table).toEqual(
        await tableRows(source.app.ctx.db, table),
      );
    }
    const before = await storedFiles(source.app.ctx.storage);
    const after = await storedFiles(target.app.ctx.storage);
    expect(after.size).toBe(before.size);
    expect(after).toEqual(before);

    await expect(restoreBackup(target.app.ctx, archive)).rejects.toThrow(/already holds rows/);
    expect((await readFile(archive)).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });
});

describe(`storage reconciliation (${TEST_ENGINE})`, () => {
  it('removes files no row points at and reports rows whose files are gone', async () => {
    const { storage } = source.app.ctx;
    const { image } = await seedMemorial(source);
    const orphan = await storeImage(
      storage,
      'photos',
      (await pngFile()).body,
      imageLimits(source.app.ctx),
    );
    await storage.put(`${image.imageKey}/640.webp.1234.tmp`, Buffer.from('half-written'));

    const young = await reconcileStorage(source.app.ctx, { graceMs: 60_000 });
    expect(young.removedFiles).toEqual([]);

    const report = await reconcileStorage(source.app.ctx, { graceMs: 0 });
    expect(report.removedFiles.sort()).toEqual(
      [
        `${image.imageKey}/640.webp.1234.tmp`,
        ...orphan.imageWidths.map((w) => `${orphan.imageKey}/${w}.webp`),
      ].sort(),
    );
    expect(await storage.get(`${orphan.imageKey}/${orphan.imageWidths[0]}.webp`)).toBeNull();
    expect(await storage.get(`${image.imageKey}/${image.imageWidths[0]}.webp`)).not.toBeNull();
    expect(report.missingFiles).toEqual([]);

    await storage.deletePrefix(image.imageKey);
    const missing = await reconcileStorage(source.app.ctx, { graceMs: 0 });
    expect(missing.missingFiles).toEqual([
      expect.objectContaining({ table: 'memorials', key: image.imageKey }),
    ]);
  });
});
