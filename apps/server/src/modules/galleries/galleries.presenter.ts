import { API_PREFIX } from '@rips/shared/api';
import type { Memorablia, MemorialDocument, Photo } from '@rips/shared/galleries';
import { missingImage, type ImageRef, type MediaUrls } from '../../media/urls.js';
import { presentOwner } from '../tributes/tribute-items.js';
import type { DocumentRow, MemorabiliaRow, PhotoRow } from './galleries.repository.js';

/** Gallery links are handed only to the owner and contributors, and stop working after an hour. */
export const GALLERY_URL_TTL_SECONDS = 3600;

function signedImage(urls: MediaUrls, row: PhotoRow | MemorabiliaRow): ImageRef {
  return urls.image(row, GALLERY_URL_TTL_SECONDS) ?? missingImage(0);
}

function base(row: PhotoRow | MemorabiliaRow | DocumentRow, ownerName: string) {
  return {
    _id: row.id,
    postId: row.memorialId,
    owner: presentOwner(row.ownerId, ownerName),
    createdAt: row.createdAt.toISOString(),
    name: row.name,
  };
}

export function presentPhoto(urls: MediaUrls, row: PhotoRow, ownerName: string): Photo {
  const image = signedImage(urls, row);
  return { ...base(row, ownerName), photoImg: image.src, image };
}

export function presentMemorabilia(
  urls: MediaUrls,
  row: MemorabiliaRow,
  ownerName: string,
): Memorablia {
  const image = signedImage(urls, row);
  return { ...base(row, ownerName), memorabliaImg: image.src, image };
}

/** Signed like private media, and bound to the stored file: a link outlives neither. */
export function documentDownloadUrl(urls: MediaUrls, row: DocumentRow): string {
  const expires = Math.ceil(Date.now() / 3_600_000) * 3600 + GALLERY_URL_TTL_SECONDS;
  return urls.absolute(
    `${API_PREFIX}/documents/${row.id}/download?expires=${expires}&sig=${urls.sign(row.fileKey, expires)}`,
  );
}

export function presentDocument(
  urls: MediaUrls,
  row: DocumentRow,
  ownerName: string,
): MemorialDocument {
  return {
    ...base(row, ownerName),
    documentFile: documentDownloadUrl(urls, row),
    fileName: row.fileName,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
  };
}
