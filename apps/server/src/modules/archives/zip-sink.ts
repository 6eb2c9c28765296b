import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { Checksum } from '../../lib/checksum.js';

export interface FileDigest {
  path: string;
  sha256: string;
  size: number;
}

/** One fixed time for every entry, so two exports of the same memorial differ only in content. */
const ENTRY_TIME = new Date(Date.UTC(2000, 0, 1));

/**
 * A ZIP written as it is read: entries are added one at a time and each stored file is read from
 * storage only when the archive reaches it, so memory stays bounded by the stream buffers whatever
 * the memorial holds. Every entry's SHA-256 and size are taken on the way (for the manifest).
 */
export class ZipSink {
  private readonly zip = new yazl.ZipFile();
  readonly output: Readable;
  readonly digests: FileDigest[] = [];
  private closed: Promise<never>;

  constructor() {
    this.output = this.zip.outputStream as Readable;
    // A reader that goes away (a closed connection) ends the archive: pending entries fail at once.
    this.closed = new Promise<never>((_resolve, reject) => {
      this.output.once('close', () => reject(new Error('the archive stream was closed')));
      this.output.once('error', reject);
    });
    this.closed.catch(() => undefined);
  }

  /** Small entries built in memory (pages, JSON); compressed. */
  addBuffer(path: string, data: Buffer): FileDigest {
    const digest = {
      path,
      sha256: createHash('sha256').update(data).digest('hex'),
      size: data.length,
    };
    this.zip.addBuffer(data, path, { mtime: ENTRY_TIME, mode: 0o100644, compress: true });
    this.digests.push(digest);
    return digest;
  }

  /**
   * A stored file, copied as it is read. Resolves once the archive has taken all of it, so the
   * caller opens the next file only then. Media is stored, not deflated: WebP and PDF are
   * compressed already.
   */
  async addStream(path: string, source: Readable): Promise<FileDigest> {
    const checksum = new Checksum();
    const counter = checksum.tap();
    this.zip.addReadStream(counter, path, { mtime: ENTRY_TIME, mode: 0o100644, compress: false });
    await Promise.race([pipeline(source, counter), this.closed]);
    // The entry is complete once the zip has read everything the counter passed on.
    if (!counter.readableEnded) {
      await Promise.race([new Promise((resolve) => counter.once('end', resolve)), this.closed]);
    }
    const { sha256, size } = checksum.digest();
    const digest = { path, sha256, size };
    this.digests.push(digest);
    return digest;
  }

  end(): void {
    this.zip.end();
  }

  /** Ends the archive with an error: the reader sees a broken download, never a short "complete" one. */
  fail(error: Error): void {
    this.output.destroy(error);
  }
}
