import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';

/** The size and SHA-256 (hex) of some bytes: how backups, archives and storage copies are checked. */
export interface Fingerprint {
  size: number;
  sha256: string;
}

/** Counts bytes and hashes them as they pass. */
export class Checksum {
  private readonly hash = createHash('sha256');
  size = 0;

  update(chunk: Buffer | string): void {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    this.hash.update(bytes);
    this.size += bytes.length;
  }

  digest(): Fingerprint {
    return { size: this.size, sha256: this.hash.digest('hex') };
  }

  /** A stream that passes its bytes on unchanged, counting and hashing them on the way. */
  tap(): Transform {
    return new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        this.update(chunk);
        done(null, chunk);
      },
    });
  }
}
