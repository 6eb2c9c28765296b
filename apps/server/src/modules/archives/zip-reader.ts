import { Transform, type Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ErrorCode } from '@rips/shared/api';
import { AppError } from '../../errors.js';
import { formatBytes } from '../../media/images.js';

/** Bounds on an uploaded archive, so a small upload cannot make us inflate gigabytes. */
export interface ZipLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
  /** Inflated size over compressed size, per entry, past `ratioFloor` bytes. */
  maxRatio: number;
  ratioFloor: number;
}

/** A 422 naming what is wrong with the archive. */
export function invalidArchive(message: string): AppError {
  return new AppError(422, ErrorCode.InvalidArchive, message);
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** Why an entry's name is refused, or null when it is a plain relative path. */
export function unsafeEntryName(name: string): string | null {
  if (name.includes('\\')) return 'contains a backslash';
  if (name.includes('\u0000')) return 'contains a NUL character';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'is an absolute path';
  if (name.split('/').some((segment) => segment === '..' || segment === '.')) {
    return 'leaves its folder ("..")';
  }
  if (name.length > 400) return 'is too long';
  return null;
}

/** The entry's name: UTF-8 (the flag every current writer sets), read from its raw bytes. */
function entryName(entry: Entry): string {
  const raw = entry.fileName as unknown as Buffer | string;
  return Buffer.isBuffer(raw) ? raw.toString('utf8') : raw;
}

function isSymlink(entry: Entry): boolean {
  const unixMode = (entry.externalFileAttributes >>> 16) & S_IFMT;
  return unixMode === S_IFLNK;
}

/**
 * An uploaded ZIP opened from a temporary file: every entry checked before any is read (names,
 * symlinks, duplicates, count, declared sizes and ratios), then each read through a counter that
 * stops it at its declared size, whatever the header claims.
 */
export class SafeZip {
  private constructor(
    private readonly zip: ZipFile,
    readonly entries: Map<string, Entry>,
    private readonly limits: ZipLimits,
  ) {}

  static async open(file: string, limits: ZipLimits): Promise<SafeZip> {
    const zip = await new Promise<ZipFile>((resolve, reject) =>
      yauzl.open(
        file,
        // Names are checked here, to say which rule an entry breaks (yauzl's own check only fails).
        { lazyEntries: true, autoClose: false, validateEntrySizes: true, decodeStrings: false },
        (error, opened) => (error ? reject(error) : resolve(opened)),
      ),
    ).catch(() => {
      throw invalidArchive('The file is not a ZIP archive, or it is damaged.');
    });
    try {
      const entries = await SafeZip.listEntries(zip, limits);
      return new SafeZip(zip, entries, limits);
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  private static listEntries(zip: ZipFile, limits: ZipLimits): Promise<Map<string, Entry>> {
    if (zip.entryCount > limits.maxEntries) {
      throw invalidArchive(
        `The archive holds ${zip.entryCount} entries; at most ${limits.maxEntries} are accepted.`,
      );
    }
    const entries = new Map<string, Entry>();
    let total = 0;
    return new Promise((resolve, reject) => {
      const fail = (message: string) => reject(invalidArchive(message));
      zip.on('error', () => fail('The archive is damaged and cannot be read.'));
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: Entry) => {
        const name = entryName(entry);
        const shown = JSON.stringify(name.slice(0, 80));
        const unsafe = unsafeEntryName(name);
        if (unsafe) return fail(`The archive entry ${shown} ${unsafe}.`);
        if (isSymlink(entry)) return fail(`The archive entry ${shown} is a symbolic link.`);
        if (entries.has(name)) return fail(`The archive holds ${shown} twice.`);
        if (!name.endsWith('/')) {
          if (entry.uncompressedSize > limits.maxEntryBytes) {
            return fail(
              `The archive entry ${shown} is larger than ${formatBytes(limits.maxEntryBytes)}.`,
            );
          }
          total += entry.uncompressedSize;
          if (total > limits.maxTotalBytes) {
            return fail(
              `The archive unpacks to more than ${formatBytes(limits.maxTotalBytes)}, the limit.`,
            );
          }
          const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
          if (entry.uncompressedSize > limits.ratioFloor && ratio > limits.maxRatio) {
            return fail(
              `The archive entry ${shown} is compressed suspiciously well (a zip bomb?).`,
            );
          }
          entries.set(name, entry);
        }
        zip.readEntry();
      });
      zip.readEntry();
    });
  }

  /** The entry's bytes as a stream that fails past its declared size. */
  async stream(name: string): Promise<Readable> {
    const entry = this.entries.get(name);
    if (!entry) throw invalidArchive(`The archive has no ${JSON.stringify(name)}.`);
    const source = await new Promise<Readable>((resolve, reject) =>
      this.zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
    ).catch(() => {
      throw invalidArchive(`The archive entry ${JSON.stringify(name)} cannot be read.`);
    });
    let seen = 0;
    const limit = Math.min(entry.uncompressedSize, this.limits.maxEntryBytes);
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        seen += chunk.length;
        if (seen > limit)
          done(invalidArchive(`The archive entry ${JSON.stringify(name)} is larger than it says.`));
        else done(null, chunk);
      },
    });
    source.on('error', (error) => counter.destroy(error));
    return source.pipe(counter);
  }

  /** The entry's bytes in memory (only for entries whose size the caller has bounded). */
  async read(name: string, maxBytes: number): Promise<Buffer> {
    const entry = this.entries.get(name);
    if (!entry) throw invalidArchive(`The archive has no ${name}.`);
    if (entry.uncompressedSize > maxBytes) {
      throw invalidArchive(`${name} is larger than ${formatBytes(maxBytes)}.`);
    }
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of await this.stream(name)) chunks.push(chunk as Buffer);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw invalidArchive(`The archive entry ${JSON.stringify(name)} is damaged.`);
    }
    return Buffer.concat(chunks);
  }

  close(): void {
    this.zip.close();
  }
}
