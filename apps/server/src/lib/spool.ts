import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { isProcessAlive } from './process-alive.js';

/**
 * Uploads are written here while they arrive (decision 0065): memory no longer grows with file
 * size. Each process has a folder of its own (`host-pid`), because instances on PostgreSQL may
 * share one data dir. Spool files are not stored files: nothing points at them, they exist only
 * for the length of one request, so they are deleted (never quarantined) when it ends.
 */
export function processSpoolDir(spoolDir: string): string {
  return path.join(spoolDir, `${safeHost()}-${process.pid}`);
}

/** A new file name in this process's spool folder (created on first use, owner-only). */
export async function newSpoolFile(spoolDir: string): Promise<string> {
  const dir = processSpoolDir(spoolDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return path.join(dir, `${randomUUID()}.part`);
}

/** Removes a spool file; one that is already gone is fine. */
export async function removeSpoolFile(file: string): Promise<void> {
  await unlink(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

/** Folders of other hosts (a shared volume) are only removed once nobody wrote to them for a day. */
const FOREIGN_FOLDER_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * At start-up: removes what crashed or killed processes left in the spool. A folder of this host
 * whose process is gone is removed whole; this process's own folder starts empty.
 * Returns how many files were removed.
 */
export async function sweepSpool(spoolDir: string, now = Date.now()): Promise<number> {
  let entries: string[];
  try {
    entries = await readdir(spoolDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const host = safeHost();
  let removed = 0;
  for (const name of entries) {
    const folder = path.join(spoolDir, name);
    const match = /^(.*)-(\d+)$/.exec(name);
    let stale: boolean;
    if (match && match[1] === host) {
      const pid = Number(match[2]);
      stale = pid === process.pid || !isProcessAlive(pid);
    } else {
      const info = await stat(folder).catch(() => null);
      stale = info !== null && now - info.mtimeMs > FOREIGN_FOLDER_AGE_MS;
    }
    if (!stale) continue;
    removed += await countFiles(folder);
    await rm(folder, { recursive: true, force: true });
  }
  return removed;
}

async function countFiles(folder: string): Promise<number> {
  try {
    return (await readdir(folder)).length;
  } catch {
    return 1;
  }
}

function safeHost(): string {
  return hostname().replace(/[^A-Za-z0-9.]/g, '_') || 'host';
}
