import { createHash } from 'node:crypto';
import { AppError } from '../../errors.js';
import { Checksum, type Fingerprint } from '../../lib/checksum.js';
import { ARCHIVE_FILES, BAG_FILES, ManifestSchema } from './archive-format.js';
import { declarationProblem, parseManifest, payloadOxum } from './bagit.js';
import { invalidArchive, type SafeZip } from './zip-reader.js';

/**
 * How an archive's files are laid out and vouched for: a BagIt bag (the payload under `data/`,
 * `manifest-sha256.txt`; decision 0123) or a version 1 archive (`manifest.json` beside the
 * payload). The import reads both through these.
 */

/** memorial.json and the manifests are read whole: they are text, bounded here. */
export const JSON_MAX_BYTES = 64 * 1024 * 1024;

export function zodWhere(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0]!;
  const where = issue.path.map(String).join('.') || '(top)';
  return `${where}: ${issue.message}`;
}

export function parseJson(bytes: Buffer, name: string): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw invalidArchive(`${name} is not valid JSON.`);
  }
}

export async function sha256Of(zip: SafeZip, name: string): Promise<Fingerprint> {
  const checksum = new Checksum();
  try {
    for await (const chunk of await zip.stream(name)) checksum.update(chunk as Buffer);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalidArchive(`The archive entry ${JSON.stringify(name)} is damaged.`);
  }
  return checksum.digest();
}

/**
 * A file's expected SHA-256, from the manifest that lists it; its size too when the manifest
 * gives one (version 1's manifest.json; a bag's entries are held to their declared size by the
 * reader, and the Payload-Oxum to the sum).
 */
export interface Fixity {
  path: string;
  sha256: string;
  size: number | null;
}

/** Where the payload is and which manifest vouches for it. */
export type Layout =
  | { kind: 'bag'; root: 'data/'; manifest: 'manifest-sha256.txt' }
  | { kind: 'unbagged'; root: ''; manifest: 'manifest.json' };

export const BAG: Layout = { kind: 'bag', root: BAG_FILES.payload, manifest: BAG_FILES.manifest };
export const UNBAGGED: Layout = { kind: 'unbagged', root: '', manifest: ARCHIVE_FILES.manifest };

export function assertChecksum(layout: Layout, file: Fixity, actual: Fingerprint): void {
  if (actual.sha256 !== file.sha256 || (file.size !== null && actual.size !== file.size)) {
    throw invalidArchive(
      `${file.path.slice(0, 120)} does not match its checksum in ${layout.manifest}: the archive was changed or damaged.`,
    );
  }
}

export const shown = (name: string) => name.slice(0, 120);

/**
 * Version 1's manifest.json read and matched against the archive's entries (no file is hashed
 * here): every entry is listed once, every listed file is in the archive.
 */
export async function readUnbaggedManifest(zip: SafeZip): Promise<Fixity[]> {
  if (!zip.entries.has(ARCHIVE_FILES.manifest)) {
    throw invalidArchive(
      'The archive has neither bagit.txt nor manifest.json: it is not a memorial archive.',
    );
  }
  const parsed = ManifestSchema.safeParse(
    parseJson(await zip.read(ARCHIVE_FILES.manifest, JSON_MAX_BYTES), ARCHIVE_FILES.manifest),
  );
  if (!parsed.success) {
    throw invalidArchive(`manifest.json has a wrong field (${zodWhere(parsed.error)}).`);
  }
  const manifest = parsed.data;
  const listed = new Set<string>();
  for (const file of manifest.files) {
    if (listed.has(file.path)) {
      throw invalidArchive(`manifest.json lists ${shown(file.path)} more than once.`);
    }
    listed.add(file.path);
  }
  for (const name of zip.entries.keys()) {
    if (name !== ARCHIVE_FILES.manifest && !listed.has(name)) {
      throw invalidArchive(`${shown(name)} is in the archive but not in manifest.json.`);
    }
  }
  for (const file of manifest.files) {
    if (!zip.entries.has(file.path)) {
      throw invalidArchive(
        `${shown(file.path)} is listed in manifest.json but missing from the archive.`,
      );
    }
  }
  return manifest.files;
}

/** A tag file's text (UTF-8, bounded). */
export async function readTagFile(zip: SafeZip, name: string): Promise<string> {
  return (await zip.read(name, JSON_MAX_BYTES)).toString('utf8');
}

/** A SHA-256 manifest of the bag, each path listed once. */
export async function readBagManifest(zip: SafeZip, name: string): Promise<Fixity[]> {
  const lines = parseManifest(await readTagFile(zip, name), name);
  if (typeof lines === 'string') throw invalidArchive(lines);
  const seen = new Set<string>();
  for (const line of lines) {
    if (seen.has(line.path))
      throw invalidArchive(`${name} lists ${shown(line.path)} more than once.`);
    seen.add(line.path);
    if (!zip.entries.has(line.path)) {
      throw invalidArchive(
        `${shown(line.path)} is listed in ${name} but missing from the archive.`,
      );
    }
  }
  return lines.map((line) => ({ ...line, size: null }));
}

/** The bag's own files, which may stand beside data/ (RFC 8493 §2.2): they are never stored. */
export const TAG_FILE = /^(bagit|bag-info|fetch|(tag)?manifest-[a-z0-9]+)\.txt$/;

/**
 * A bag read and matched against the archive's entries (nothing but the tag files is hashed
 * here): bagit.txt declares BagIt 1.0 (or 0.97) in UTF-8; manifest-sha256.txt lists every payload
 * file once and nothing missing; the Payload-Oxum, when bag-info.txt gives one, is the payload's
 * size and count; tagmanifest-sha256.txt, when present, matches the tag files it lists; and any
 * other file beside data/ is one it lists. Answers the payload's checksums.
 */
export async function readBag(zip: SafeZip): Promise<Fixity[]> {
  const problem = declarationProblem(await readTagFile(zip, BAG_FILES.declaration));
  if (problem) throw invalidArchive(problem);
  if (zip.entries.has('fetch.txt')) {
    throw invalidArchive('The bag has a fetch.txt: this site imports only complete bags.');
  }
  if (!zip.entries.has(BAG_FILES.manifest)) {
    throw invalidArchive(
      'The bag has no manifest-sha256.txt: this site checks a bag by its SHA-256 manifest.',
    );
  }
  const payload = await readBagManifest(zip, BAG_FILES.manifest);
  const listed = new Set<string>();
  for (const file of payload) {
    if (!file.path.startsWith(BAG_FILES.payload)) {
      throw invalidArchive(
        `manifest-sha256.txt lists ${shown(file.path)}, which is not under data/.`,
      );
    }
    listed.add(file.path);
  }
  let bytes = 0;
  let count = 0;
  for (const [name, entry] of zip.entries) {
    if (!name.startsWith(BAG_FILES.payload)) continue;
    if (!listed.has(name)) {
      throw invalidArchive(`${shown(name)} is in the archive but not in manifest-sha256.txt.`);
    }
    bytes += entry.uncompressedSize;
    count += 1;
  }
  if (zip.entries.has(BAG_FILES.info)) {
    const oxum = payloadOxum(await readTagFile(zip, BAG_FILES.info));
    if (typeof oxum === 'string') throw invalidArchive(oxum);
    if (oxum && (oxum.bytes !== bytes || oxum.files !== count)) {
      throw invalidArchive(
        `bag-info.txt's Payload-Oxum says ${oxum.files} files of ${oxum.bytes} bytes, but data/ holds ${count} files of ${bytes} bytes.`,
      );
    }
  }
  const tagged = new Set<string>();
  if (zip.entries.has(BAG_FILES.tagManifest)) {
    for (const file of await readBagManifest(zip, BAG_FILES.tagManifest)) {
      if (file.path.startsWith(BAG_FILES.payload)) {
        throw invalidArchive(`tagmanifest-sha256.txt lists ${shown(file.path)}, a payload file.`);
      }
      const bytes = await zip.read(file.path, JSON_MAX_BYTES);
      if (createHash('sha256').update(bytes).digest('hex') !== file.sha256) {
        throw invalidArchive(
          `${shown(file.path)} does not match its checksum in tagmanifest-sha256.txt: the archive was changed or damaged.`,
        );
      }
      tagged.add(file.path);
    }
  }
  for (const name of zip.entries.keys()) {
    if (name.startsWith(BAG_FILES.payload) || TAG_FILE.test(name) || tagged.has(name)) continue;
    throw invalidArchive(
      `${shown(name)} is beside data/ but neither a bag file nor listed in tagmanifest-sha256.txt.`,
    );
  }
  return payload;
}
