import { insertMoments, replaceCharities } from '../timeline/timeline.repository.js';
import { insertImportedEvents } from '../events/events.repository.js';
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { IMPORT_ARCHIVE_FIELD, IMPORT_ARCHIVE_REQUIRED } from '@rips/shared/archives';
import { DOCUMENT_TYPES, type DocumentType } from '@rips/shared/galleries';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { memorials } from '../../db/schema/index.js';
import { deriveTags } from '../../db/tags.js';
import { AppError } from '../../errors.js';
import { formatBytes } from '../../media/images.js';
import { detectDocumentType, sanitizeFileName } from '../../media/documents.js';
import { newStorageKey } from '../../media/image-store.js';
import { removeUpload } from '../media/stored-files.js';
import { insertMemorial } from '../memorials/memorials.repository.js';
import type { TributeKind } from '../tributes/tribute-kind.js';
import { TRIBUTE_KINDS } from '../tributes/tribute-kinds.js';
import { uploadUsage } from '../uploads/uploads.repository.js';
import { assertUploadRoom } from '../uploads/uploads.service.js';
import type { UserRow } from '../users/users.repository.js';
import {
  ARCHIVE_FILES,
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  ARCHIVE_VERSION_UNBAGGED,
  ArchiveItemBaseSchema,
  BAG_FILES,
  MemorialArchiveSchema,
  memorialStory,
  type ArchiveItemBase,
  type ArchivePicture,
  type MemorialArchive,
} from './archive-format.js';
import {
  assertChecksum,
  BAG,
  JSON_MAX_BYTES,
  parseJson,
  readBag,
  readUnbaggedManifest,
  sha256Of,
  UNBAGGED,
  zodWhere,
  type Fixity,
  type Layout,
} from './archive-layout.js';
import { invalidArchive, SafeZip, type ZipLimits } from './zip-reader.js';

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

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Refuses an archive holding more items than one import may bring (in all, or of one kind),
 * counted on the parsed JSON before any item is read by its schema.
 */
function assertWithinCaps(ctx: AppContext, raw: unknown): void {
  const items = (raw as { items?: unknown } | null)?.items;
  if (!items || typeof items !== 'object') return;
  const { IMPORT_MAX_ITEMS, IMPORT_MAX_ITEMS_PER_KIND } = ctx.config;
  let total = 0;
  for (const [kind, list] of Object.entries(items)) {
    if (!Array.isArray(list)) continue;
    if (list.length > IMPORT_MAX_ITEMS_PER_KIND) {
      throw invalidArchive(
        `This archive holds ${count(list.length)} ${kind.slice(0, 40)}; an import brings at most ${count(IMPORT_MAX_ITEMS_PER_KIND)} of one kind.`,
      );
    }
    total += list.length;
  }
  if (total > IMPORT_MAX_ITEMS) {
    throw invalidArchive(
      `This archive holds ${count(total)} items; an import brings at most ${count(IMPORT_MAX_ITEMS)}.`,
    );
  }
}

/**
 * Reads and checks memorial.json: its format, its version (a bag holds version 2, or a version 1
 * archive someone bagged; an archive that is no bag is version 1), every field and every item.
 */
function readArchive(
  raw: unknown,
  now: Date,
  layout: Layout,
): { archive: MemorialArchive; items: ArchiveItem[] } {
  const head = raw as { format?: unknown; version?: unknown } | null;
  if (!head || head.format !== ARCHIVE_FORMAT) {
    throw invalidArchive('memorial.json is not a memorial archive of this product.');
  }
  if (head.version !== ARCHIVE_VERSION && head.version !== ARCHIVE_VERSION_UNBAGGED) {
    throw invalidArchive(
      `This archive uses version ${JSON.stringify(head.version)} of the memorial archive format; this site reads versions ${ARCHIVE_VERSION_UNBAGGED} and ${ARCHIVE_VERSION}.`,
    );
  }
  if (layout.kind === 'unbagged' && head.version !== ARCHIVE_VERSION_UNBAGGED) {
    throw invalidArchive(
      `memorial.json says version ${head.version}, whose archives are BagIt bags, but the archive has no bagit.txt.`,
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
      // An item cannot have been left after the archive reached this site.
      if (new Date(base.data.createdAt).getTime() > now.getTime()) {
        throw invalidArchive(
          `memorial.json: ${path}[${index}] is dated ${base.data.createdAt}, later than now.`,
        );
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

function pictureChecks(
  picture: ArchivePicture | null | undefined,
  maxBytes: number,
  root: string,
): MediaCheck[] {
  return (picture?.variants ?? []).map((v) => ({
    path: root + v.path,
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

/** Every file memorial.json names, by its entry in the archive (`root`: the payload's folder). */
function mediaChecks(
  ctx: AppContext,
  archive: MemorialArchive,
  items: ArchiveItem[],
  root: string,
): MediaCheck[] {
  const { MAX_IMAGE_BYTES, MAX_DOCUMENT_BYTES } = ctx.config;
  const checks = pictureChecks(archive.memorial.picture, MAX_IMAGE_BYTES, root);
  for (const item of items) {
    checks.push(...pictureChecks(item.base.picture, MAX_IMAGE_BYTES, root));
    if (item.base.file) {
      const type = documentTypeOf(String(item.fields['fileName']));
      checks.push({
        path: root + item.base.file.path,
        form: 'document',
        type,
        maxBytes: MAX_DOCUMENT_BYTES,
      });
    }
  }
  // Each stored file belongs to one item: a file named twice would be stored (and counted) twice.
  const seen = new Set<string>();
  for (const check of checks) {
    if (seen.has(check.path)) {
      throw invalidArchive(
        `memorial.json names ${check.path.slice(0, 120)} more than once: each picture and document belongs to one item.`,
      );
    }
    seen.add(check.path);
  }
  return checks;
}

/** The bytes are what memorial.json says: a clean WebP of that width, or a document of that type. */
async function verifyMedia(ctx: AppContext, check: MediaCheck, bytes: Buffer): Promise<void> {
  if (bytes.length > check.maxBytes) {
    throw invalidArchive(`${check.path} is larger than ${formatBytes(check.maxBytes)}.`);
  }
  if (check.form === 'document') {
    // Parsed whole: through the same gate as uploaded documents, so imports never add to it.
    const type = await ctx.documentWork.run(() => detectDocumentType(bytes)).catch(() => null);
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

/** The uploaded archive, streamed to `file` (never held in memory). */
export async function receiveArchive(
  ctx: AppContext,
  request: FastifyRequest,
  file: string,
): Promise<void> {
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
  await pipeline(part.file, createWriteStream(file, { mode: 0o600 }));
  if (part.file.truncated) {
    throw AppError.tooLarge(`The archive is larger than ${formatBytes(max)}.`);
  }
}

export function openArchive(ctx: AppContext, file: string): Promise<SafeZip> {
  return SafeZip.open(file, importLimits(ctx));
}

/** What an archive brings, read and checked without reading its media files. */
export interface ImportPlan {
  layout: Layout;
  /** Every payload file's checksum, in its manifest's order. */
  fixity: Fixity[];
  archive: MemorialArchive;
  items: ArchiveItem[];
  /** Every media file, each once (two items never share one). */
  checks: MediaCheck[];
}

/**
 * Refuses (403 QUOTA_EXCEEDED) an archive whose files would take the new memorial or the member
 * past an upload quota: counted from each distinct file's size, before any is read.
 */
async function assertImportRoom(
  ctx: AppContext,
  user: UserRow,
  plan: Pick<ImportPlan, 'items' | 'checks'>,
  zip: SafeZip,
): Promise<void> {
  const uploads = plan.items.filter((i) => i.base.picture || i.base.file).length;
  const scope = { memorialId: randomUUID(), userId: user.id };
  const usage = await uploadUsage(ctx.db, scope);
  const { MEMORIAL_UPLOAD_QUOTA_COUNT, USER_UPLOAD_QUOTA_COUNT } = ctx.config;
  if (uploads > MEMORIAL_UPLOAD_QUOTA_COUNT) {
    throw AppError.quotaExceeded(
      `This archive holds ${count(uploads)} pictures and documents; a memorial holds at most ${count(MEMORIAL_UPLOAD_QUOTA_COUNT)}.`,
    );
  }
  if (usage.user.count + uploads > USER_UPLOAD_QUOTA_COUNT) {
    throw AppError.quotaExceeded(
      `This archive's ${count(uploads)} pictures and documents would take your uploads past your limit of ${count(USER_UPLOAD_QUOTA_COUNT)} files.`,
    );
  }
  let bytes = 0;
  for (const check of plan.checks) bytes += zip.entries.get(check.path)?.uncompressedSize ?? 0;
  await assertUploadRoom(ctx, scope, bytes);
}

/**
 * Reads and checks everything but the media files: the entries, the manifest (a bag's
 * declaration, manifests and Payload-Oxum, or version 1's manifest.json: no duplicate, nothing
 * missing or unlisted), memorial.json (its checksum, the caps on its items, every field, no date
 * later than now, no file named twice) and the quotas from the files' sizes. Cheap enough to
 * answer a request.
 */
export async function planImport(
  ctx: AppContext,
  user: UserRow,
  zip: SafeZip,
  now = new Date(),
): Promise<ImportPlan> {
  const layout = zip.entries.has(BAG_FILES.declaration) ? BAG : UNBAGGED;
  const fixity = layout.kind === 'bag' ? await readBag(zip) : await readUnbaggedManifest(zip);
  const memorialPath = layout.root + ARCHIVE_FILES.memorial;
  const listed = fixity.find((f) => f.path === memorialPath);
  if (!listed) {
    throw invalidArchive(
      `The archive has no ${memorialPath} in ${layout.manifest}: it is not a memorial archive.`,
    );
  }
  const json = await zip.read(memorialPath, JSON_MAX_BYTES);
  assertChecksum(layout, listed, {
    sha256: createHash('sha256').update(json).digest('hex'),
    size: json.length,
  });
  const raw = parseJson(json, ARCHIVE_FILES.memorial);
  assertWithinCaps(ctx, raw);
  const { archive, items } = readArchive(raw, now, layout);
  const checks = mediaChecks(ctx, archive, items, layout.root);
  for (const check of checks) {
    if (!zip.entries.has(check.path)) {
      throw invalidArchive(`memorial.json names ${check.path}, which the archive does not hold.`);
    }
  }
  await assertImportRoom(ctx, user, { items, checks }, zip);
  return { layout, fixity, archive, items, checks };
}

/**
 * Every payload file of the manifest hashed once, in the manifest's order (the first that does
 * not match is named), and each media file verified by its content once, from the same read
 * (memorial.json was hashed by `planImport`).
 */
async function verifyFiles(ctx: AppContext, zip: SafeZip, plan: ImportPlan): Promise<void> {
  const checks = new Map(plan.checks.map((c) => [c.path, c]));
  const memorialPath = plan.layout.root + ARCHIVE_FILES.memorial;
  for (const file of plan.fixity) {
    if (file.path === memorialPath) continue;
    const check = checks.get(file.path);
    if (!check) {
      assertChecksum(plan.layout, file, await sha256Of(zip, file.path));
      continue;
    }
    const bytes = await zip.read(check.path, check.maxBytes);
    assertChecksum(plan.layout, file, {
      sha256: createHash('sha256').update(bytes).digest('hex'),
      size: bytes.length,
    });
    await verifyMedia(ctx, check, bytes);
  }
}

export interface ImportResult {
  memorialId: string;
  items: number;
  files: number;
}

/** How an import tells its job where it stands, each through the statement that makes the change. */
export interface ImportProgress {
  /** The memorial exists (still private to its importer): remembered so a retry can remove it. */
  created(tx: Db, memorialId: string): Promise<void>;
  /** Every row is in: the memorial takes its own privacy, and the import is done. */
  finished(tx: Db, memorialId: string): Promise<void>;
}

/**
 * Recreates a memorial from its archive, owned by `user`: the archive is checked whole (entries,
 * manifest checksums, memorial.json, every file's content) before anything is stored; files are
 * then stored under new keys and the rows written in batches, each in a short statement of its
 * own, so nothing else waits on the import. Any failure removes what this import stored and
 * created, so a refused archive leaves nothing behind.
 */
export async function runImport(
  ctx: AppContext,
  user: UserRow,
  zip: SafeZip,
  progress: ImportProgress,
): Promise<ImportResult> {
  // Checked again: the member's uploads may have grown since the archive was accepted.
  const plan = await planImport(ctx, user, zip);
  await verifyFiles(ctx, zip, plan);
  return restore(ctx, user, zip, plan, progress);
}

/** Rows written per statement; between two, other requests' queries take their turn. */
const IMPORT_BATCH_ROWS = 100;

/**
 * Stores the verified files under new keys and writes every row; undoes its own files and its
 * memorial on failure.
 */
async function restore(
  ctx: AppContext,
  user: UserRow,
  zip: SafeZip,
  { archive, items, layout }: Pick<ImportPlan, 'archive' | 'items' | 'layout'>,
  progress: ImportProgress,
): Promise<ImportResult> {
  const stored: string[] = [];
  let files = 0;
  const storePicture = async (folder: string, picture: ArchivePicture | null | undefined) => {
    if (!picture) return null;
    const key = newStorageKey(folder);
    stored.push(key);
    let byteSize = 0;
    for (const variant of picture.variants) {
      const bytes = await zip.read(layout.root + variant.path, ctx.config.MAX_IMAGE_BYTES);
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
  let memorialId: string | null = null;
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
        const bytes = await zip.read(
          layout.root + item.base.file.path,
          ctx.config.MAX_DOCUMENT_BYTES,
        );
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
    // The memorial's createdAt is the import's time: its own dates stay in its story (and the
    // archive's items keep theirs). Private to the importer until every row is in.
    const now = new Date();
    memorialId = await ctx.db.transaction(async (tx) => {
      // The importer is its owner (insertMemorial puts them among its people); the people of the
      // other site are names in the archive only.
      const row = await insertMemorial(tx, {
        ownerId: user.id,
        ...memorialStory(m),
        tags,
        tagsText: tags.join('\u001f'),
        visibility: 'private',
        indexable: false,
        tributeModeration: m.tributeModeration,
        allowAccessRequests: m.allowAccessRequests,
        allowGuestTributes: m.allowGuestTributes,
        allowCandles: m.allowCandles,
        galleryAudience: m.galleryAudience,
        allowPublicBook: m.allowPublicBook,
        observeYahrzeit: m.observeYahrzeit,
        diedAfterSunset: m.diedAfterSunset,
        createdAt: now,
        updatedAt: now,
        ...(portrait
          ? {
              imageKey: portrait.imageKey,
              imageWidths: portrait.imageWidths,
              imageWidth: portrait.imageWidth,
              imageHeight: portrait.imageHeight,
            }
          : {}),
      });
      await progress.created(tx, row.id);
      return row.id;
    });
    for (const kind of TRIBUTE_KINDS) {
      const ofKind = rows.filter((r) => r.kind === kind).map((r) => r.values);
      for (let i = 0; i < ofKind.length; i += IMPORT_BATCH_ROWS) {
        const batch = ofKind.slice(i, i + IMPORT_BATCH_ROWS);
        await ctx.db.insert(kind.table).values(batch.map((values) => ({ ...values, memorialId })));
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    const id = memorialId;
    // The timeline's moments keep their dates, words and author's name; the charities their order.
    await insertMoments(
      ctx.db,
      m.timeline.map((moment) => ({
        memorialId: id,
        year: moment.year,
        month: moment.month,
        day: moment.day,
        title: moment.title,
        text: moment.text,
        place: moment.place,
        status: 'published' as const,
        authorName: moment.author.fullName,
        createdAt: new Date(moment.createdAt),
        updatedAt: new Date(moment.updatedAt),
      })),
    );
    await replaceCharities(ctx.db, id, m.charities);
    await insertImportedEvents(ctx.db, id, m.events);
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(memorials)
        .set({ visibility: m.visibility, indexable: m.indexable })
        .where(eq(memorials.id, id));
      await progress.finished(tx, id);
    });
    return { memorialId: id, items: rows.length, files };
  } catch (error) {
    if (memorialId) await removeImportedMemorial(ctx.db, memorialId).catch(() => undefined);
    await Promise.allSettled(stored.map((key) => removeUpload(ctx.storage, key)));
    throw error;
  }
}

/** A memorial an import created and did not finish, with every row on it. */
export async function removeImportedMemorial(db: Db, memorialId: string): Promise<void> {
  await db.delete(memorials).where(eq(memorials.id, memorialId));
}
