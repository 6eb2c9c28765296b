import { createReadStream, createWriteStream } from 'node:fs';
import {
  access,
  mkdir,
  readdir,
  rename,
  rm,
  rmdir,
  stat,
  statfs,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../errors.js';
import { assertSafeKey, type Storage, type StorageBody, type StoredObject } from './storage.js';

/** Free blocks for unprivileged users and their size, as `fs.statfs` reports them. */
export type StatFs = (dir: string) => Promise<{ bavail: number; bsize: number }>;

export interface LocalStorageOptions {
  /** A write that would leave less free space than this on the disk is refused (507). */
  minFreeBytes?: number;
  /** Reads the disk's free space; tests may pass their own. */
  statfs?: StatFs;
}

export const DISK_FULL_MESSAGE =
  'The server is running out of space for uploads, so this file was not saved. Please try again later.';

/**
 * Refuses (507) writing `bytes` more into `dir` when that would leave less than `minFreeBytes` free
 * on its disk: a full disk would also stop the database and the logs.
 */
export async function assertDiskRoom(
  dir: string,
  bytes: number,
  minFreeBytes: number,
  read: StatFs = (d) => statfs(d),
): Promise<void> {
  if (minFreeBytes <= 0) return;
  const { bavail, bsize } = await read(dir);
  if (bavail * bsize - bytes < minFreeBytes) throw AppError.insufficientStorage(DISK_FULL_MESSAGE);
}

/** Files on local disk, outside any web root. Writes are atomic (temp file, then rename). */
export class LocalStorage implements Storage {
  private readonly minFreeBytes: number;
  private readonly statfs: StatFs;

  constructor(
    private readonly root: string,
    options: LocalStorageOptions = {},
  ) {
    this.minFreeBytes = options.minFreeBytes ?? 0;
    this.statfs = options.statfs ?? ((dir) => statfs(dir));
  }

  private resolve(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: StorageBody): Promise<void> {
    const file = this.resolve(key);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    // A stream's length is known only at its end: the floor alone is checked before it.
    await this.assertRoomFor(Buffer.isBuffer(body) ? body.length : 0, path.dirname(file));
    const temp = `${file}.${randomUUID()}.tmp`;
    try {
      if (Buffer.isBuffer(body)) await writeFile(temp, body, { mode: 0o600 });
      else await pipeline(body, createWriteStream(temp, { mode: 0o600 }));
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async ping(): Promise<void> {
    await mkdir(this.root, { recursive: true, mode: 0o700 });
    await access(this.root);
  }

  /** A full disk would also stop the database and the logs: keep a floor free for them. */
  async assertRoomFor(bytes: number, dir = this.root): Promise<void> {
    if (this.minFreeBytes <= 0) return;
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await assertDiskRoom(dir, bytes, this.minFreeBytes, this.statfs);
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.resolve(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return { stream: createReadStream(file), size: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async modifiedAt(key: string): Promise<Date | null> {
    const info = await stat(this.resolve(key)).catch(() => null);
    return info?.isFile() ? info.mtime : null;
  }

  async delete(key: string): Promise<void> {
    await rm(this.resolve(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.resolve(prefix), { recursive: true, force: true });
  }

  async move(from: string, to: string): Promise<void> {
    const source = this.resolve(from);
    const target = this.resolve(to);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(source, target);
    // An upload's own folder goes once its last file has moved; a folder shared with other
    // uploads (kind/yyyy/mm) is never touched, so a concurrent put cannot lose its parent.
    await rmdir(path.dirname(source)).catch(() => undefined);
  }

  async *list(prefix: string): AsyncIterable<string> {
    const dir = this.resolve(prefix);
    let entries;
    try {
      entries = await readdir(dir, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const full = path.join(entry.parentPath, entry.name);
      yield path.relative(this.root, full).split(path.sep).join('/');
    }
  }
}
