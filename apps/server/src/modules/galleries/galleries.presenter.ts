import { API_PREFIX } from '@rips/shared/api';
import type { Memorablia, MemorialDocument, Photo } from '@rips/shared/galleries';
import type { TributeItem } from '@rips/shared/tributes';
import type { documents, memorabilia, photos } from '../../db/schema/index.js';
import { missingImage, type ImageRef, type MediaUrls } from '../../media/urls.js';

export type PhotoRow = typeof photos.$inferSelect;
export type MemorabiliaRow = typeof memorabilia.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;

/** Gallery links are handed only to the owner and contributors, and stop working after an hour. */
export const GALLERY_URL_TTL_SECONDS = 3600;

function signedImage(urls: MediaUrls, row: PhotoRow | MemorabiliaRow): ImageRef {
  return urls.image(row, GALLERY_URL_TTL_SECONDS) ?? missingImage(0);
}

function pictureDetails(row: PhotoRow | MemorabiliaRow) {
  return { caption: row.caption, date: row.pictureDate };
}

export function photoFields(urls: MediaUrls, row: PhotoRow): Omit<Photo, keyof TributeItem> {
  const image = signedImage(urls, row);
  return { name: row.name, photoImg: image.src, image, ...pictureDetails(row) };
}

export function memorabiliaFields(
  urls: MediaUrls,
  row: MemorabiliaRow,
): Omit<Memorablia, keyof TributeItem> {
  const image = signedImage(urls, row);
  return { name: row.name, memorabliaImg: image.src, image, ...pictureDetails(row) };
}

/** Signed like private media, and bound to the stored file: a link outlives neither. */
export function documentDownloadUrl(urls: MediaUrls, row: DocumentRow): string {
  const expires = Math.ceil(Date.now() / 3_600_000) * 3600 + GALLERY_URL_TTL_SECONDS;
  return urls.absolute(
    `${API_PREFIX}/documents/${row.id}/download?expires=${expires}&sig=${urls.sign(row.fileKey, expires)}`,
  );
}

export function documentFields(
  urls: MediaUrls,
  row: DocumentRow,
): Omit<MemorialDocument, keyof TributeItem> {
  return {
    name: row.name,
    documentFile: documentDownloadUrl(urls, row),
    fileName: row.fileName,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    title: row.title,
  };
}
