import type { Readable } from 'node:stream';

/** Bytes to store: whole in memory, or a stream that is written as it arrives. */
export type StorageBody = Buffer | Readable;

export interface StoredObject {
  stream: Readable;
  size: number;
}

/**
 * Where uploaded bytes live. Keys are made by the server only (never from a client's file name):
 * `kind/yyyy/mm/uuid/file`. Metadata lives in the database; this holds bytes alone.
 */
export interface Storage {
  /**
   * Stores `body` under `key`, replacing what is there. Nothing is visible under the key until
   * every byte is stored; a failed stream leaves nothing behind.
   */
  put(key: string, body: StorageBody): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix/`. */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * Moves one object to another key, replacing what is there (a rename on local disk, so the
   * object is never half in both places). The storage check quarantines orphans with it.
   */
  move(from: string, to: string): Promise<void>;
  /** Every key under a top-level folder, for reconciliation and backup. */
  list(prefix: string): AsyncIterable<string>;
  /** When the object was written, or null when it does not exist. */
  modifiedAt(key: string): Promise<Date | null>;
  /**
   * Refuses (507) when writing `bytes` more would leave the disk below its floor; storage with no
   * disk of ours to fill (a bucket) has no such method.
   */
  assertRoomFor?(bytes: number): Promise<void>;
  /** Throws when the storage cannot be reached (readiness checks). */
  ping(): Promise<void>;
  /** Lets go of connections, if it holds any. */
  close?(): void;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/;

/** Rejects keys that could escape the storage root; keys come from the server, so this is a guard. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..') || key.includes('//')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}
