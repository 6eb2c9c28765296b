import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { IMPORT_ARCHIVE_FIELD, IMPORT_ARCHIVE_REQUIRED } from '@rips/shared/archives';
import { DOCUMENT_TYPES, type DocumentType } from '@rips/shared/galleries';
import type { AppContext } from '../../context.js';
import { deriveTags } from '../../db/tags.js';
import { AppError } from '../../errors.js';
import { Checksum, type Fingerprint } from '../../lib/checksum.js';
import { formatBytes } from '../../media/images.js';
import { detectDocumentType, sanitizeFileName } from '../../media/documents.js';
import { newStorageKey } from '../../media/image-store.js';
import { removeUpload } from '../media/stored-files.js';
import { requireCanCreateMemorial } from '../memorials/memorials.policy.js';
import { insertMemorial } from '../memorials/memorials.repository.js';
import type { TributeKind } from '../tributes/tribute-kind.js';
import { TRIBUTE_KINDS } from '../tributes/tribute-kinds.js';
import { assertUploadRoom } from '../uploads/uploads.service.js';
import type { UserRow } from '../users/users.repository.js';
import {
  ARCHIVE_FILES,
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  ArchiveItemBaseSchema,
  ManifestSchema,
  MemorialArchiveSchema,
  memorialStory,
  type ArchiveItemBase,
  type ArchivePicture,
  type Manifest,
  type MemorialArchive,
} from './archive-format.js';
import { invalidArchive, SafeZip, type ZipLimits } from './zip-reader.js';

/** memorial.json and manifest.json are read whole: they are text, bounded here. */
const JSON_MAX_BYTES = 64 * 1024 * 1024;

export function importLimits(ctx: AppContext): ZipLimits {
  const { config } = ctx;
  return {
    maxEntries: 50_000,
    maxEntryBytes: Math.max(config.MAX_IMAGE_BYTES, config.MAX_DOCUMENT_BYTES, JSON_MAX_BYTES),
    maxTotalBytes: config.MEMORIAL_UPLOAD_QUOTA_BYTES + 2 * JSON_MAX_BYTES,
    maxRatio: 100,
    ratioFloor: 1024 * 1024,
  };
}

/** One item of the archive, read by the generic schema and by its kind's own. */
interface ArchiveItem {
  kind: TributeKind;
  base: ArchiveItemBase;
  fields: Record<string, unknown>;
}

function zodWhere(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0]!;
  const where = issue.path.map(String).join('.') || '(top)';
  return `${where}: ${issue.message}`;
}

function parseJson(bytes: Buffer, name: string): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw invalidArchive(`${name} is not valid JSON.`);
  }
}

/** Reads and checks memorial.json: its format, its version, every field and every item. */
function readArchive(raw: unknown): { archive: MemorialArchive; items: ArchiveItem[] } {
  const head = raw as { format?: unknown; version?: unknown } | null;
  if (!head || head.format !== ARCHIVE_FORMAT) {
    throw invalidArchive('memorial.json is not a memorial archive of this product.');
  }
  if (head.version !== ARCHIVE_VERSION) {
    throw invalidArchive(
      `This archive uses version ${JSON.stringify(head.version)} of the memorial archive format; this site reads version ${ARCHIVE_VERSION}.`,
    );
  }
  const parsed = MemorialArchiveSchema.safeParse(raw);
  if (!parsed.success) {
    throw invalidArchive(`memorial.json has a wrong field (${zodWhere(parsed.error)}).`);
  }
  const archive = parsed.data;
  const items: ArchiveItem[] = [];
  for (const [path, list] of Object.entries(archive.items)) {
    const kind = TRIBUTE_KINDS.find((k) => k.path === path);
    if (!kind)
      throw invalidArchive(`memorial.json holds items of an unknown kind "${path.slice(0, 40)}".`);
    list.forEach((entry, index) => {
      const base = ArchiveItemBaseSchema.safeParse(entry);
      const fields = kind.archive.fields.safeParse(entry);
      const error = !base.success ? base.error : !fields.success ? fields.error : null;
      if (error || !base.success || !fields.success) {
        throw invalidArchive(
          `memorial.json has a wrong field in ${path}[${index}] (${zodWhere(error!)}).`,
        );
      }
      if (kind.file?.form === 'document' && !base.data.file) {
        throw invalidArchive(`memorial.json: ${path}[${index}] has no file.`);
      }
      items.push({ kind, base: base.data, fields: fields.data });
    });
  }
  return { archive, items };
}

/** Every file memorial.json points at, with what it must be. */
type MediaCheck =
  | { path: string; form: 'webp'; width: number; maxBytes: number }
  | { path: string; form: 'document'; type: DocumentType; maxBytes: number };

function pictureChecks(picture: ArchivePicture | null | undefined, maxBytes: number): MediaCheck[] {
  return (picture?.variants ?? []).map((v) => ({
    path: v.path,
    form: 'webp' as const,
    width: v.width,
    maxBytes,
  }));
}

function documentTypeOf(fileName: string): DocumentType {
  const extension = path.extname(fileName).slice(1).toLowerCase();
  if (!(extension in DOCUMENT_TYPES)) {
    throw invalidArchive(`The document "${fileName.slice(0, 80)}" is not a PDF, DOC or DOCX file.`);
  }
  return extension as DocumentType;
}

function mediaChecks(
  ctx: AppContext,
  archive: MemorialArchive,
  items: ArchiveItem[],
): MediaCheck[] {
  const { MAX_IMAGE_BYTES, MAX_DOCUMENT_BYTES } = ctx.config;
  const checks = pictureChecks(archive.memorial.picture, MAX_IMAGE_BYTES);
  for (const item of items) {
    checks.push(...pictureChecks(item.base.picture, MAX_IMAGE_BYTES));
    if (item.base.file) {
      const type = documentTypeOf(String(item.fields['fileName']));
      checks.push({
        path: item.base.file.path,
        form: 'document',
        type,
        maxBytes: MAX_DOCUMENT_BYTES,
      });
    }
  }
  return checks;
}

/** The bytes are what memorial.json says: a clean WebP of that width, or a document of that type. */
async function verifyMedia(ctx: AppContext, check: MediaCheck, bytes: Buffer): Promise<void> {
  if (bytes.length > check.maxBytes) {
    throw invalidArchive(`${check.path} is larger than ${formatBytes(check.maxBytes)}.`);
  }
  if (check.form === 'document') {
    const type = await detectDocumentType(bytes).catch(() => null);
    if (type !== check.type) {
      throw invalidArchive(
        `${check.path} is not the ${DOCUMENT_TYPES[check.type].label} file it is named as.`,
      );
    }
    return;
  }
  const meta = await sharp(bytes, { limitInputPixels: ctx.config.MAX_IMAGE_PIXELS })
    .metadata()
    .catch(() => null);
  if (!meta || meta.format !== 'webp' || meta.width !== check.width || (meta.pages ?? 1) > 1) {
    throw invalidArchive(`${check.path} is not a WebP picture ${check.width} pixels wide.`);
  }
  // The site strips location and camera data from every picture; an archive may not bring it back.
  if (meta.exif || meta.xmp || meta.iptc) {
    throw invalidArchive(`${check.path} carries EXIF, XMP or IPTC metadata.`);
  }
}

async function sha256Of(zip: SafeZip, name: string): Promise<Fingerprint> {
  const checksum = new Checksum();
  try {
    for await (const chunk of await zip.stream(name)) checksum.update(chunk as Buffer);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalidArchive(`The archive entry ${JSON.stringify(name)} is damaged.`);
  }
  return checksum.digest();
}

/** Every entry is in the manifest, every manifest file is in the archive, every checksum holds. */
async function verifyManifest(zip: SafeZip): Promise<Manifest> {
  if (!zip.entries.has(ARCHIVE_FILES.manifest)) {
    throw invalidArchive('The archive has no manifest.json: it is not a memorial archive.');
  }
  const parsed = ManifestSchema.safeParse(
    parseJson(await zip.read(ARCHIVE_FILES.manifest, JSON_MAX_BYTES), ARCHIVE_FILES.manifest),
  );
  if (!parsed.success) {
    throw invalidArchive(`manifest.json has a wrong field (${zodWhere(parsed.error)}).`);
  }
  const manifest = parsed.data;
  const listed = new Set(manifest.files.map((f) => f.path));
  for (const name of zip.entries.keys()) {
    if (name !== ARCHIVE_FILES.manifest && !listed.has(name)) {
      throw invalidArchive(`${name.slice(0, 120)} is in the archive but not in manifest.json.`);
    }
  }
  for (const file of manifest.files) {
    if (!zip.entries.has(file.path)) {
      throw invalidArchive(
        `${file.path.slice(0, 120)} is listed in manifest.json but missing from the archive.`,
      );
    }
    const actual = await sha256Of(zip, file.path);
    if (actual.sha256 !== file.sha256 || actual.size !== file.size) {
      throw invalidArchive(
        `${file.path.slice(0, 120)} does not match its checksum in manifest.json: the archive was changed or damaged.`,
      );
    }
  }
  return manifest;
}

/** The uploaded archive, written to a temporary file of the data dir (never held in memory). */
async function receiveArchive(ctx: AppContext, request: FastifyRequest, dir: string) {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Please send the archive as multipart form data (field "archive").',
    );
  }
  const max = ctx.config.IMPORT_MAX_BYTES;
  const part = await request.file({ limits: { fileSize: max, files: 1 } }).catch(() => undefined);
  if (!part) {
    throw AppError.validation(IMPORT_ARCHIVE_REQUIRED, [
      { path: IMPORT_ARCHIVE_FIELD, message: IMPORT_ARCHIVE_REQUIRED },
    ]);
  }
  if (part.fieldname !== IMPORT_ARCHIVE_FIELD) {
    part.file.resume();
    throw AppError.badRequest(
      `Unexpected file field "${part.fieldname.slice(0, 40)}": send the archive as "archive".`,
    );
  }
  const file = path.join(dir, 'archive.zip');
  await pipeline(part.file, createWriteStream(file, { mode: 0o600 }));
  if (part.file.truncated) {
    throw AppError.tooLarge(`The archive is larger than ${formatBytes(max)}.`);
  }
  return file;
}

export interface ImportResult {
  memorialId: string;
  items: number;
  files: number;
}

/**
 * Recreates a memorial from its archive, owned by `user`: the archive is checked whole (entries,
 * manifest checksums, memorial.json, every file's content) before anything is stored; files are
 * then stored under new keys and every row written in one transaction. Any failure removes what
 * this import stored, so a refused archive leaves nothing behind.
 */
export async function importMemorial(
  ctx: AppContext,
  user: UserRow,
  request: FastifyRequest,
): Promise<ImportResult> {
  requireCanCreateMemorial(user);
  const tmpRoot = path.join(ctx.config.dataDir, 'tmp');
  await mkdir(tmpRoot, { recursive: true, mode: 0o700 });
  const dir = await mkdtemp(path.join(tmpRoot, 'import-'));
  let zip: SafeZip | null = null;
  try {
    const file = await receiveArchive(ctx, request, dir);
    zip = await SafeZip.open(file, importLimits(ctx));
    await verifyManifest(zip);
    const raw = parseJson(
      await zip.read(ARCHIVE_FILES.memorial, JSON_MAX_BYTES),
      ARCHIVE_FILES.memorial,
    );
    const { archive, items } = readArchive(raw);
    const checks = mediaChecks(ctx, archive, items);
    let totalBytes = 0;
    for (const check of checks) {
      if (!zip.entries.has(check.path)) {
        throw invalidArchive(`memorial.json names ${check.path}, which the archive does not hold.`);
      }
      const bytes = await zip.read(check.path, check.maxBytes);
      await verifyMedia(ctx, check, bytes);
      totalBytes += bytes.length;
    }
    await assertUploadRoom(ctx, { memorialId: randomUUID(), userId: user.id }, totalBytes);
    return await restore(ctx, user, zip, archive, items);
  } finally {
    zip?.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Stores the verified files under new keys and writes every row; undoes its own files on failure. */
async function restore(
  ctx: AppContext,
  user: UserRow,
  zip: SafeZip,
  archive: MemorialArchive,
  items: ArchiveItem[],
): Promise<ImportResult> {
  const stored: string[] = [];
  let files = 0;
  const storePicture = async (folder: string, picture: ArchivePicture | null | undefined) => {
    if (!picture) return null;
    const key = newStorageKey(folder);
    stored.push(key);
    let byteSize = 0;
    for (const variant of picture.variants) {
      const bytes = await zip.read(variant.path, ctx.config.MAX_IMAGE_BYTES);
      await ctx.storage.put(`${key}/${variant.width}.webp`, bytes);
      byteSize += bytes.length;
      files += 1;
    }
    return {
      imageKey: key,
      imageWidths: picture.variants.map((v) => v.width),
      imageWidth: picture.width,
      imageHeight: picture.height,
      byteSize,
    };
  };
  try {
    const m = archive.memorial;
    const portrait = await storePicture('memorials', m.picture);
    const rows: { kind: TributeKind; values: Record<string, unknown> }[] = [];
    for (const item of items) {
      const values: Record<string, unknown> = {
        ...item.kind.archive.values(item.fields),
        authorName: item.base.author.fullName,
        createdAt: new Date(item.base.createdAt),
        ownerId: user.id,
      };
      const spec = item.kind.file;
      if (spec?.form === 'image') {
        Object.assign(values, (await storePicture(spec.folder, item.base.picture)) ?? {});
      } else if (spec?.form === 'document' && item.base.file) {
        const fileName = sanitizeFileName(String(item.fields['fileName']));
        const type = documentTypeOf(fileName);
        const bytes = await zip.read(item.base.file.path, ctx.config.MAX_DOCUMENT_BYTES);
        const folder = newStorageKey('documents');
        stored.push(folder);
        const fileKey = `${folder}/file.${type}`;
        await ctx.storage.put(fileKey, bytes);
        files += 1;
        Object.assign(values, {
          fileKey,
          fileName,
          mimeType: DOCUMENT_TYPES[type].mimeType,
          sizeBytes: bytes.length,
        });
      }
      rows.push({ kind: item.kind, values });
    }
    const tags = deriveTags(m.traits);
    const memorialId = await ctx.db.transaction(async (tx) => {
      // The importer is its owner (insertMemorial puts them among its people); the people of the
      // other site are names in the archive only.
      const row = await insertMemorial(tx, {
        ownerId: user.id,
        ...memorialStory(m),
        tags,
        tagsText: tags.join('\u001f'),
        visibility: m.visibility,
        indexable: m.indexable,
        tributeModeration: m.tributeModeration,
        allowAccessRequests: m.allowAccessRequests,
        createdAt: new Date(m.createdAt),
        updatedAt: new Date(m.updatedAt),
        ...(portrait
          ? {
              imageKey: portrait.imageKey,
              imageWidths: portrait.imageWidths,
              imageWidth: portrait.imageWidth,
              imageHeight: portrait.imageHeight,
            }
          : {}),
      });
      for (const { kind, values } of rows) {
        await tx.insert(kind.table).values({ ...values, memorialId: row.id });
      }
      return row.id;
    });
    return { memorialId, items: rows.length, files };
  } catch (error) {
    await Promise.allSettled(stored.map((key) => removeUpload(ctx.storage, key)));
    throw error;
  }
}
