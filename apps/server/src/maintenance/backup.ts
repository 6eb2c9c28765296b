import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import type { Db } from '../db/client.js';
import type { Storage } from '../storage/storage.js';
import { STORAGE_KINDS, TABLES_IN_DEPENDENCY_ORDER } from './tables.js';

const FORMAT = 'rips-backup/1';
const BATCH = 500;

export interface BackupManifest {
  format: typeof FORMAT;
  createdAt: string;
  rows: Record<string, number>;
  files: number;
}

interface Stores {
  db: Db;
  storage: Storage;
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}

async function dumpTable(db: Db, table: string, file: string): Promise<number> {
  const out = createWriteStream(file);
  let count = 0;
  // Pages in primary-key order: stable between pages, and served by the key's index.
  const order =
    table === 'memorial_contributors' || table === 'memorial_likes' ? 'memorial_id, user_id' : 'id';
  for (let offset = 0; ; offset += BATCH) {
    const result = await db.execute(
      sql.raw(
        `SELECT row_to_json(t)::text AS row FROM "${table}" t ORDER BY ${order} LIMIT ${BATCH} OFFSET ${offset}`,
      ),
    );
    const rows = rowsOf(result);
    for (const { row } of rows) {
      if (!out.write(`${String(row)}\n`)) await once(out, 'drain');
    }
    count += rows.length;
    if (rows.length < BATCH) break;
  }
  out.end();
  await once(out, 'finish');
  return count;
}

/** Writes one .tar.gz holding every table as JSON lines and every stored file. */
export async function writeBackup(stores: Stores, archive: string): Promise<BackupManifest> {
  const staging = await mkdtemp(path.join(os.tmpdir(), 'rips-backup-'));
  try {
    await mkdir(path.join(staging, 'tables'));
    const rows: Record<string, number> = {};
    for (const table of TABLES_IN_DEPENDENCY_ORDER) {
      rows[table] = await dumpTable(
        stores.db,
        table,
        path.join(staging, 'tables', `${table}.jsonl`),
      );
    }
    let files = 0;
    for (const kind of STORAGE_KINDS) {
      for await (const key of stores.storage.list(kind)) {
        const object = await stores.storage.get(key);
        if (!object) continue;
        const target = path.join(staging, 'uploads', ...key.split('/'));
        await mkdir(path.dirname(target), { recursive: true });
        await pipeline(object.stream, createWriteStream(target));
        files += 1;
      }
    }
    const manifest: BackupManifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      rows,
      files,
    };
    await writeFile(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    await mkdir(path.dirname(path.resolve(archive)), { recursive: true });
    await tar.create({ gzip: true, file: archive, cwd: staging, portable: true }, [
      'manifest.json',
      'tables',
      ...(files > 0 ? ['uploads'] : []),
    ]);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function assertEmpty(db: Db): Promise<void> {
  for (const table of TABLES_IN_DEPENDENCY_ORDER) {
    const [row] = rowsOf(await db.execute(sql.raw(`SELECT count(*)::int AS n FROM "${table}"`)));
    if (Number(row?.['n']) > 0) {
      throw new Error(
        `Refusing to restore: table "${table}" already holds rows. Restore into an empty data dir or database.`,
      );
    }
  }
}

async function restoreTable(db: Db, table: string, file: string): Promise<number> {
  let batch: string[] = [];
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const json = `[${batch.join(',')}]`;
    await db.execute(
      sql`INSERT INTO ${sql.identifier(table)} SELECT * FROM json_populate_recordset(NULL::${sql.identifier(table)}, ${json}::json)`,
    );
    count += batch.length;
    batch = [];
  };
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    batch.push(line);
    if (batch.length === BATCH) await flush();
  }
  await flush();
  return count;
}

async function* walk(dir: string, base = dir): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full, base);
    else if (entry.isFile()) yield path.relative(base, full).split(path.sep).join('/');
  }
}

/** Brings an empty database and storage back to the state a backup holds. */
export async function restoreBackup(stores: Stores, archive: string): Promise<BackupManifest> {
  await assertEmpty(stores.db);
  const staging = await mkdtemp(path.join(os.tmpdir(), 'rips-restore-'));
  try {
    await tar.extract({ file: archive, cwd: staging, strict: true });
    const manifest = JSON.parse(
      await readFile(path.join(staging, 'manifest.json'), 'utf8'),
    ) as BackupManifest;
    if (manifest.format !== FORMAT)
      throw new Error(`Unknown backup format: ${String(manifest.format)}`);
    // All rows or none: a failed restore leaves the database empty, ready for another try.
    await stores.db.transaction(async (tx) => {
      for (const table of TABLES_IN_DEPENDENCY_ORDER) {
        const restored = await restoreTable(
          tx,
          table,
          path.join(staging, 'tables', `${table}.jsonl`),
        );
        if (restored !== (manifest.rows[table] ?? 0)) {
          throw new Error(
            `Table "${table}": the backup lists ${manifest.rows[table]} rows but holds ${restored}.`,
          );
        }
      }
    });
    for await (const key of walk(path.join(staging, 'uploads'))) {
      await stores.storage.put(
        key,
        await readFile(path.join(staging, 'uploads', ...key.split('/'))),
      );
    }
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
