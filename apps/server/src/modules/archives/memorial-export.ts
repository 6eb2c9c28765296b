import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { DOCUMENT_TYPES } from '@rips/shared/galleries';
import { findBouquet } from '@rips/shared/tributes';
import type { AppContext } from '../../context.js';
import type { Storage } from '../../storage/storage.js';
import type { MemorialRow } from '../memorials/memorials.policy.js';
import type { ItemRow } from '../tributes/tribute-kind.js';
import {
  ARCHIVE_FILES,
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  BAG_FILES,
  memorialStory,
  type ArchiveFile,
  type ArchivePicture,
  type MemorialArchive,
} from './archive-format.js';
import { BAGIT_DECLARATION, bagIndexPage, bagInfoText, manifestText } from './bagit.js';
import { renderArchivePage, type BouquetPictures } from './archive-html.js';
import { readMemorialContents } from './archive.repository.js';
import { listCharities, publishedMoments } from '../timeline/timeline.repository.js';
import { listEvents } from '../events/events.repository.js';
import type { FileDigest, ZipSink } from './zip-sink.js';

interface StoredPicture {
  imageKey: string | null;
  imageWidths: number[] | null;
  imageWidth: number | null;
  imageHeight: number | null;
}

/** Copies one stored file into the archive; false when storage no longer has it. */
async function copyFile(storage: Storage, sink: ZipSink, key: string, path: string) {
  const object = await storage.get(key);
  if (!object) return null;
  return sink.addStream(path, object.stream);
}

/** Every stored width of a picture, as `folder/<width>.webp`; null when none is left in storage. */
async function copyPicture(
  storage: Storage,
  sink: ZipSink,
  stored: StoredPicture,
  root: string,
  folder: string,
): Promise<ArchivePicture | null> {
  if (!stored.imageKey || !stored.imageWidths?.length) return null;
  const variants: ArchivePicture['variants'] = [];
  for (const width of stored.imageWidths) {
    // Paths in memorial.json are relative to the archive's own folder (the take-out nests them).
    const path = `${folder}/${width}.webp`;
    const copied = await copyFile(storage, sink, `${stored.imageKey}/${width}.webp`, root + path);
    if (copied) variants.push({ width, path });
  }
  if (variants.length === 0) return null;
  return {
    width: stored.imageWidth ?? variants[variants.length - 1]!.width,
    height: stored.imageHeight ?? variants[variants.length - 1]!.width,
    variants,
  };
}

/** The bouquets the product ships, as the web app serves them (`/bouquets/<id>.svg`). */
const BOUQUET_DIR = new URL('../../../../web/public/bouquets/', import.meta.url);

/**
 * Copies the picture of every shipped bouquet the memorial's flowers chose into the archive, once
 * each (`media/bouquets/<id>.svg`), for its offline page; a bouquet whose picture cannot be read
 * is shown by its name there.
 */
async function copyBouquets(
  sink: ZipSink,
  flowers: ItemRow[],
  root: string,
): Promise<BouquetPictures> {
  const copied: BouquetPictures = {};
  for (const row of flowers) {
    const bouquet = findBouquet(String((row as ItemRow & { bouquet?: unknown }).bouquet ?? ''));
    if (!bouquet || bouquet.id in copied) continue;
    const bytes = await readFile(fileURLToPath(new URL(`${bouquet.id}.svg`, BOUQUET_DIR))).catch(
      () => null,
    );
    if (!bytes) continue;
    const path = `media/bouquets/${bouquet.id}.svg`;
    sink.addBuffer(`${root}${path}`, bytes);
    copied[bouquet.id] = path;
  }
  return copied;
}

function documentExtension(mimeType: string): string {
  const found = Object.entries(DOCUMENT_TYPES).find(([, type]) => type.mimeType === mimeType);
  return found ? found[0] : 'bin';
}

/**
 * Writes one memorial's archive, a BagIt bag, into `sink` under `bag` ('' for a whole ZIP, or a
 * folder of the take-out): bagit.txt, then the payload under data/ (its stored files first, each
 * read from storage only as the archive reaches it and hashed as it passes, then memorial.json and
 * index.html, which know which files made it), then bag-info.txt, manifest-sha256.txt, the
 * top-level index.html and tagmanifest-sha256.txt. Answers the payload's digests.
 */
export async function writeMemorialArchive(
  ctx: AppContext,
  sink: ZipSink,
  memorial: MemorialRow,
  bag = '',
): Promise<FileDigest[]> {
  const tags = [sink.addBuffer(`${bag}${BAG_FILES.declaration}`, Buffer.from(BAGIT_DECLARATION))];
  const root = `${bag}${BAG_FILES.payload}`;
  const first = sink.digests.length;
  const now = ctx.now();
  const contents = await readMemorialContents(ctx.db, memorial);
  const m = contents.memorial;
  const portrait = await copyPicture(ctx.storage, sink, m, root, 'media/memorial');
  const items: Record<string, unknown[]> = {};
  for (const { kind, rows } of contents.items) {
    const list: unknown[] = [];
    for (const { row, authorName } of rows) {
      const entry: Record<string, unknown> = {
        id: row.id,
        author: { fullName: authorName },
        createdAt: row.createdAt.toISOString(),
        ...kind.archive.write(row as never),
      };
      if (kind.file?.form === 'image') {
        const stored = row as ItemRow & StoredPicture;
        const folder = `media/${kind.path}/${row.id}`;
        entry['picture'] = await copyPicture(ctx.storage, sink, stored, root, folder);
      } else if (kind.file?.form === 'document') {
        const doc = row as ItemRow & { fileKey: string; mimeType: string };
        const path = `media/${kind.path}/${row.id}.${documentExtension(doc.mimeType)}`;
        const copied = await copyFile(ctx.storage, sink, doc.fileKey, `${root}${path}`);
        const file: ArchiveFile | null = copied ? { path, sizeBytes: copied.size } : null;
        entry['file'] = file;
      }
      list.push(entry);
    }
    items[kind.path] = list;
  }
  const flowerRows = contents.items.find(({ kind }) => kind.path === 'flowers')?.rows ?? [];
  const bouquets = await copyBouquets(
    sink,
    flowerRows.map(({ row }) => row),
    root,
  );
  const archive: MemorialArchive = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exportedAt: now.toISOString(),
    source: ctx.config.publicUrl,
    memorial: {
      id: m.id,
      ...memorialStory(m),
      tags: m.tags,
      reactions: m.likesCount,
      createdAt: m.createdAt.toISOString(),
      updatedAt: m.updatedAt.toISOString(),
      sponsor: { fullName: contents.sponsorName },
      people: contents.people,
      visibility: m.visibility,
      indexable: m.indexable,
      tributeModeration: m.tributeModeration,
      allowAccessRequests: m.allowAccessRequests,
      allowGuestTributes: m.allowGuestTributes,
      allowCandles: m.allowCandles,
      galleryAudience: m.galleryAudience,
      allowPublicBook: m.allowPublicBook,
      observeYahrzeit: m.observeYahrzeit,
      diedAfterSunset: m.diedAfterSunset,
      picture: portrait,
      timeline: (await publishedMoments(ctx.db, m.id)).map((row) => ({
        id: row.id,
        year: row.year,
        month: row.month,
        day: row.day,
        title: row.title,
        text: row.text,
        place: row.place,
        author: { fullName: row.authorName },
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      })),
      charities: (await listCharities(ctx.db, m.id)).map((row) => ({
        name: row.name,
        url: row.url,
        registeredNumber: row.registeredNumber,
        reason: row.reason,
      })),
      events: (await listEvents(ctx.db, m.id)).map((row) => ({
        id: row.id,
        kind: row.kind,
        title: row.title,
        startsLocal: row.startsLocal,
        endsLocal: row.endsLocal,
        timeZone: row.timeZone,
        placeName: row.placeName,
        placeAddress: row.placeAddress,
        notes: row.notes,
        livestreamUrl: row.livestreamUrl,
        recordingUrl: row.recordingUrl,
        closed: row.closedAt !== null,
        revision: row.revision,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      })),
    },
    items,
  };
  sink.addBuffer(`${root}${ARCHIVE_FILES.memorial}`, Buffer.from(JSON.stringify(archive, null, 2)));
  sink.addBuffer(
    `${root}${ARCHIVE_FILES.index}`,
    Buffer.from(renderArchivePage(archive, bouquets)),
  );
  const files = sink.digests.slice(first);
  const payloadBytes = files.reduce((sum, f) => sum + f.size, 0);
  tags.push(
    sink.addBuffer(
      `${bag}${BAG_FILES.info}`,
      Buffer.from(
        bagInfoText({
          sourceOrganization: `Rips Memorial (${ctx.config.publicUrl})`,
          externalIdentifier: `${ctx.config.publicUrl}/post/${m.id}`,
          externalDescription: `The memorial of ${m.title}: an offline page (data/index.html), every field and item (data/memorial.json) and every stored file (data/media/).`,
          baggingDate: now,
          payloadBytes,
          payloadFiles: files.length,
        }),
      ),
    ),
  );
  // Paths in the bag's manifests are relative to the bag's own folder.
  const inBag = (f: FileDigest) => ({ path: f.path.slice(bag.length), sha256: f.sha256 });
  tags.push(
    sink.addBuffer(`${bag}${BAG_FILES.manifest}`, Buffer.from(manifestText(files.map(inBag)))),
  );
  tags.push(sink.addBuffer(`${bag}${BAG_FILES.index}`, Buffer.from(bagIndexPage(m.title))));
  sink.addBuffer(`${bag}${BAG_FILES.tagManifest}`, Buffer.from(manifestText(tags.map(inBag))));
  return files;
}

/** A file name for the download: the memorial's name made safe, and the day. */
export function archiveFileName(memorial: Pick<MemorialRow, 'title'>, prefix = 'memorial'): string {
  const slug =
    memorial.title
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/[\s_]+/g, '-')
      .toLowerCase()
      .slice(0, 60) || prefix;
  return `${slug}-${new Date().toISOString().slice(0, 10)}.zip`;
}
