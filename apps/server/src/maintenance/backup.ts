import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { sql, type SQL } from 'drizzle-orm';
import * as tar from 'tar';
import type { Db } from '../db/client.js';
import { Checksum, type Fingerprint } from '../lib/checksum.js';
import { uncheckedStorage } from '../storage/checksummed-storage.js';
import type { Storage } from '../storage/storage.js';
import { STORAGE_KINDS, TABLES_IN_DEPENDENCY_ORDER } from './tables.js';

const FORMAT = 'rips-backup/1';
const BATCH = 500;

/** Size and SHA-256 of one archive entry, as it was written. */
export type EntryChecksum = Fingerprint;

export interface BackupManifest {
  format: typeof FORMAT;
  createdAt: string;
  rows: Record<string, number>;
  files: number;
  /** Every entry but the manifest itself, by its path in the archive (absent in older backups). */
  entries?: Record<string, EntryChecksum>;
}

interface Stores {
  db: Db;
  storage: Storage;
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}

/** The tables whose primary key is not their `id` column, and the columns it is made of. */
const OTHER_KEYS: Record<string, string[]> = {
  memorial_people: ['memorial_id', 'user_id'],
  memorial_likes: ['memorial_id', 'user_id'],
  tribute_digests: ['memorial_id'],
  follow_digests: ['follow_id', 'period'],
  anniversary_reminder_sends: ['reminder_id', 'occasion', 'occurs_on'],
  legacy_plans: ['user_id'],
  stored_file_checksums: ['key'],
  yearly_copy_opt_outs: ['memorial_id', 'user_id'],
  yearly_copy_runs: ['memorial_id', 'period'],
};

/** Primary-key columns: pages follow them (keyset paging, served by the key's index). */
function primaryKey(table: string): string[] {
  return OTHER_KEYS[table] ?? ['id'];
}

async function dumpTable(
  db: Db,
  table: string,
  file: string,
): Promise<{ rows: number; checksum: EntryChecksum }> {
  const out = createWriteStream(file, { mode: 0o600 });
  const checksum = new Checksum();
  const keys = primaryKey(table);
  const columns = sql.raw(keys.map((k) => `t.${k}`).join(', '));
  let count = 0;
  let last: unknown[] | null = null;
  for (;;) {
    // WHERE key > last page's last key: unlike OFFSET, no row is skipped or read twice, and each
    // page costs the same however deep it is.
    const after: SQL = last
      ? sql`WHERE (${columns}) > (${sql.join(
          last.map((value) => sql`${value}`),
          sql`, `,
        )})`
      : sql``;
    const result = await db.execute(
      sql`SELECT row_to_json(t)::text AS row, ${sql.raw(keys.map((k, i) => `t.${k} AS k${i}`).join(', '))} FROM ${sql.identifier(table)} t ${after} ORDER BY ${columns} LIMIT ${sql.raw(String(BATCH))}`,
    );
    const rows = rowsOf(result);
    for (const { row } of rows) {
      const line = `${String(row)}\n`;
      checksum.update(line);
      if (!out.write(line)) await once(out, 'drain');
    }
    count += rows.length;
    if (rows.length < BATCH) break;
    const lastRow = rows[rows.length - 1]!;
    last = keys.map((_, i) => lastRow[`k${i}`]);
  }
  out.end();
  await once(out, 'finish');
  return { rows: count, checksum: checksum.digest() };
}

async function copyFile(
  storage: Storage,
  key: string,
  target: string,
): Promise<EntryChecksum | null> {
  const object = await storage.get(key);
  if (!object) return null;
  const checksum = new Checksum();
  await mkdir(path.dirname(target), { recursive: true });
  await pipeline(object.stream, checksum.tap(), createWriteStream(target, { mode: 0o600 }));
  return checksum.digest();
}

/**
 * Reads the archive back and checks it holds exactly the entries written, each with its size
 * and checksum, and that each table file holds the rows the manifest counts.
 */
export async function verifyArchive(archive: string, manifest: BackupManifest): Promise<void> {
  const expected = manifest.entries ?? {};
  const found = new Map<string, EntryChecksum & { lines: number }>();
  let manifestSeen = false;
  const pending: Promise<void>[] = [];
  await tar.list({
    file: archive,
    onReadEntry: (entry) => {
      if (entry.type !== 'File') return;
      const name = entry.path.replace(/^\.\//, '');
      if (name === 'manifest.json') {
        manifestSeen = true;
        return;
      }
      const checksum = new Checksum();
      let lines = 0;
      entry.on('data', (chunk: Buffer) => {
        checksum.update(chunk);
        for (const byte of chunk) if (byte === 0x0a) lines += 1;
      });
      pending.push(
        new Promise((resolve) =>
          entry.on('end', () => {
            found.set(name, { ...checksum.digest(), lines });
            resolve();
          }),
        ),
      );
    },
  });
  await Promise.all(pending);
  const problems: string[] = [];
  if (!manifestSeen) problems.push('manifest.json is missing');
  for (const [name, want] of Object.entries(expected)) {
    const got = found.get(name);
    if (!got) problems.push(`${name} is missing`);
    else if (got.size !== want.size || got.sha256 !== want.sha256)
      problems.push(`${name} differs from what was written`);
  }
  for (const name of found.keys()) if (!(name in expected)) problems.push(`${name} is unexpected`);
  for (const [table, rows] of Object.entries(manifest.rows)) {
    const got = found.get(`tables/${table}.jsonl`);
    if (got && got.lines !== rows)
      problems.push(`tables/${table}.jsonl holds ${got.lines} rows, not ${rows}`);
  }
  if (problems.length > 0) {
    throw new Error(`The backup ${archive} failed its read-back check: ${problems.join('; ')}.`);
  }
}

/**
 * Writes one .tar.gz holding every table as JSON lines and every stored file, readable by its
 * owner only. All tables are read in one REPEATABLE READ, READ ONLY transaction: one snapshot,
 * so a child row never comes without its parent however the site is written to meanwhile. The
 * archive is read back and checked before it takes its final name.
 */
export async function writeBackup(stores: Stores, archive: string): Promise<BackupManifest> {
  const staging = await mkdtemp(path.join(os.tmpdir(), 'rips-backup-'));
  const target = path.resolve(archive);
  const partial = `${target}.${randomUUID()}.partial`;
  try {
    await mkdir(path.join(staging, 'tables'));
    const entries: Record<string, EntryChecksum> = {};
    const rows: Record<string, number> = {};
    let files = 0;
    await stores.db.transaction(
      async (tx) => {
        for (const table of TABLES_IN_DEPENDENCY_ORDER) {
          const name = `tables/${table}.jsonl`;
          const dumped = await dumpTable(tx, table, path.join(staging, ...name.split('/')));
          rows[table] = dumped.rows;
          entries[name] = dumped.checksum;
        }
        // Files are copied while the snapshot is held, as close to it as storage allows.
        for (const kind of STORAGE_KINDS) {
          for await (const key of stores.storage.list(kind)) {
            const name = `uploads/${key}`;
            const checksum = await copyFile(
              stores.storage,
              key,
              path.join(staging, ...name.split('/')),
            );
            if (!checksum) continue;
            entries[name] = checksum;
            files += 1;
          }
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const manifest: BackupManifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      rows,
      files,
      entries,
    };
    await writeFile(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    await mkdir(path.dirname(target), { recursive: true });
    await pipeline(
      tar.create({ gzip: true, cwd: staging, portable: true }, [
        'manifest.json',
        'tables',
        ...(files > 0 ? ['uploads'] : []),
      ]),
      createWriteStream(partial, { mode: 0o600 }),
    );
    // The mode given at creation is narrowed by the umask, never widened; say it outright.
    await chmod(partial, 0o600);
    await verifyArchive(partial, manifest);
    await rename(partial, target);
    return manifest;
  } finally {
    await rm(partial, { force: true });
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
    if (manifest.entries) await verifyArchive(archive, manifest);
    // All rows or none: a failed restore leaves the database empty, ready for another try.
    await stores.db.transaction(async (tx) => {
      for (const table of TABLES_IN_DEPENDENCY_ORDER) {
        // A table newer than the backup is not in it: it starts empty, as on a fresh site.
        if (!(table in manifest.rows)) continue;
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
    // Under the checksums: the restored table holds the sums recorded at upload, which the
    // fixity check verifies the restored files against.
    const storage = uncheckedStorage(stores.storage);
    for await (const key of walk(path.join(staging, 'uploads'))) {
      await storage.put(key, await readFile(path.join(staging, 'uploads', ...key.split('/'))));
    }
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
