import { pipeline } from 'node:stream/promises';
import { Checksum, type Fingerprint } from '../lib/checksum.js';
import type { Storage } from '../storage/storage.js';
import { QUARANTINE } from './reconcile.js';
import { STORAGE_KINDS } from './tables.js';

export interface StorageCopyReport {
  /** Files written to the target and read back with the source's size and SHA-256. */
  copied: number;
  /** Files the target already held with the same size and SHA-256: left as they were. */
  alreadyThere: number;
  bytes: number;
  /** Keys whose copy does not read back as the source (nothing is deleted either way). */
  mismatched: string[];
}

async function fingerprint(storage: Storage, key: string): Promise<Fingerprint | null> {
  const object = await storage.get(key);
  if (!object) return null;
  const checksum = new Checksum();
  for await (const chunk of object.stream) checksum.update(chunk as Buffer);
  return checksum.digest();
}

const same = (a: Fingerprint | null, b: Fingerprint | null) =>
  a !== null && b !== null && a.size === b.size && a.sha256 === b.sha256;

/** Streams one file from `source` to `target`, fingerprinting the bytes as they pass. */
async function copyOne(source: Storage, target: Storage, key: string): Promise<Fingerprint | null> {
  const object = await source.get(key);
  if (!object) return null;
  const checksum = new Checksum();
  const tap = checksum.tap();
  await Promise.all([pipeline(object.stream, tap), target.put(key, tap)]);
  return checksum.digest();
}

/**
 * Copies every upload and every quarantined file from `source` to `target` (local disk to S3),
 * then reads each copy back and compares its size and SHA-256 with the source's. Files the
 * target already holds identically are skipped, so it can run again after new uploads. The
 * source is never changed.
 */
export async function copyStorage(
  source: Storage,
  target: Storage,
  onProgress: (done: number) => void = () => undefined,
): Promise<StorageCopyReport> {
  const report: StorageCopyReport = { copied: 0, alreadyThere: 0, bytes: 0, mismatched: [] };
  let done = 0;
  for (const folder of [...STORAGE_KINDS, QUARANTINE]) {
    for await (const key of source.list(folder)) {
      // Half-written files of a crashed local upload are not uploads.
      if (key.endsWith('.tmp')) continue;
      const existing = await fingerprint(target, key);
      const original = existing ? await fingerprint(source, key) : null;
      if (same(existing, original)) {
        report.alreadyThere += 1;
      } else {
        const sent = await copyOne(source, target, key);
        if (!sent) continue; // deleted from the source meanwhile
        if (same(await fingerprint(target, key), sent)) {
          report.copied += 1;
          report.bytes += sent.size;
        } else {
          report.mismatched.push(key);
        }
      }
      onProgress(++done);
    }
  }
  return report;
}
