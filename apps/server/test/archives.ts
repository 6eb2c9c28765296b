import { createHash } from 'node:crypto';
import yauzl from 'yauzl';

/** Every file of a ZIP held in memory, by name (directories left out). */
export async function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (e, z) => (e ? reject(e) : resolve(z))),
  );
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          files.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
        stream.on('error', reject);
      });
    });
    zip.readEntry();
  });
  return files;
}

/** The payload of a bag (its data/ folder), by name within it: what version 1 held at its top. */
export function payloadOf(files: Map<string, Buffer>): Map<string, Buffer> {
  return new Map(
    [...files]
      .filter(([name]) => name.startsWith('data/'))
      .map(([name, data]) => [name.slice('data/'.length), data]),
  );
}

/** The payload of an exported archive, unzipped (`index.html`, `memorial.json`, `media/…`). */
export async function unzipPayload(buffer: Buffer): Promise<Map<string, Buffer>> {
  return payloadOf(await unzip(buffer));
}

const sha256Hex = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * The bag's manifests and Payload-Oxum written again for its files as they now are: a consistent
 * forgery, as anyone could make, for tests of what the bag's checksums cannot catch.
 */
export function resealBag(files: Map<string, Buffer>): Map<string, Buffer> {
  const payload = [...files].filter(([name]) => name.startsWith('data/'));
  files.set(
    'manifest-sha256.txt',
    Buffer.from(payload.map(([name, data]) => `${sha256Hex(data)}  ${name}\n`).join('')),
  );
  const bytes = payload.reduce((sum, [, data]) => sum + data.length, 0);
  const info = files.get('bag-info.txt')!.toString('utf8');
  files.set(
    'bag-info.txt',
    Buffer.from(info.replace(/^Payload-Oxum: .*$/m, `Payload-Oxum: ${bytes}.${payload.length}`)),
  );
  const tags = ['bagit.txt', 'bag-info.txt', 'manifest-sha256.txt', 'index.html'];
  files.set(
    'tagmanifest-sha256.txt',
    Buffer.from(tags.map((name) => `${sha256Hex(files.get(name)!)}  ${name}\n`).join('')),
  );
  return files;
}

/**
 * A bag as a version 1 archive would hold it: the payload at the top, memorial.json saying
 * version 1, and manifest.json (SHA-256 and size of every other file) in place of the bag's files.
 */
export function asVersion1(files: Map<string, Buffer>): Map<string, Buffer> {
  const payload = payloadOf(files);
  const json = JSON.parse(payload.get('memorial.json')!.toString('utf8'));
  json.version = 1;
  payload.set('memorial.json', Buffer.from(JSON.stringify(json, null, 2)));
  const manifest = {
    format: 'rips-archive-manifest',
    version: 1,
    algorithm: 'sha256',
    files: [...payload].map(([path, data]) => ({
      path,
      sha256: sha256Hex(data),
      size: data.length,
    })),
  };
  payload.set('manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)));
  return payload;
}
