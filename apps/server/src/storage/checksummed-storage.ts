import { pipeline } from 'node:stream';
import type { Db } from '../db/client.js';
import { Checksum } from '../lib/checksum.js';
import * as repo from '../maintenance/fixity.repository.js';
import { STORAGE_FOLDERS } from '../modules/media/stored-files.js';
import type { Storage, StorageBody, StoredObject } from './storage.js';

/**
 * Whether a key is a stored upload file whose sum is kept: under a folder of
 * STORED_FILE_REFERENCES, and not a half-written `.tmp`. Exports, imports and quarantine are
 * transient and left out.
 */
export function isFixityKey(key: string): boolean {
  return STORAGE_FOLDERS.includes(key.slice(0, key.indexOf('/'))) && !key.endsWith('.tmp');
}

/**
 * Storage that records the SHA-256 and size of every upload file as its bytes stream in
 * (stored_file_checksums, decision 0125), and drops or carries the record when the file is
 * deleted or moved. Every writer goes through it (`ctx.storage`), so none can forget. A row is
 * dropped before its file, so a check never sees a row whose file was deleted on purpose.
 */
export class ChecksummedStorage implements Storage {
  readonly assertRoomFor?: (bytes: number) => Promise<void>;

  constructor(
    /** The storage itself, for the fixity check's quarantine (which keeps the row). */
    readonly inner: Storage,
    private readonly db: Db,
    private readonly now: () => Date,
  ) {
    const room = inner.assertRoomFor?.bind(inner);
    if (room) this.assertRoomFor = (bytes) => room(bytes);
  }

  async put(key: string, body: StorageBody): Promise<void> {
    if (!isFixityKey(key)) return this.inner.put(key, body);
    const checksum = new Checksum();
    let counted: StorageBody;
    if (Buffer.isBuffer(body)) {
      checksum.update(body);
      counted = body;
    } else {
      // pipeline passes an error of the source on to the tap, so the write fails with it.
      counted = pipeline(body, checksum.tap(), () => undefined);
    }
    await this.inner.put(key, counted);
    await repo.recordWrite(this.db, key, checksum.digest(), this.now());
  }

  get(key: string): Promise<StoredObject | null> {
    return this.inner.get(key);
  }

  async delete(key: string): Promise<void> {
    if (isFixityKey(key)) await repo.deleteChecksum(this.db, key);
    await this.inner.delete(key);
  }

  async deletePrefix(prefix: string): Promise<void> {
    if (isFixityKey(`${prefix}/`)) await repo.deleteChecksumsUnder(this.db, prefix);
    await this.inner.deletePrefix(prefix);
  }

  /** The sum goes with the file to another upload key; out of them (quarantine) it is dropped. */
  async move(from: string, to: string): Promise<void> {
    const row = isFixityKey(from) ? await repo.deleteChecksum(this.db, from) : null;
    await this.inner.move(from, to);
    if (row?.sha256 && isFixityKey(to)) await repo.insertMoved(this.db, to, row);
  }

  list(prefix: string): AsyncIterable<string> {
    return this.inner.list(prefix);
  }

  modifiedAt(key: string): Promise<Date | null> {
    return this.inner.modifiedAt(key);
  }

  ping(): Promise<void> {
    return this.inner.ping();
  }

  close(): void {
    this.inner.close?.();
  }
}

/** The storage under the checksums, when `storage` records them. */
export function uncheckedStorage(storage: Storage): Storage {
  return storage instanceof ChecksummedStorage ? storage.inner : storage;
}
