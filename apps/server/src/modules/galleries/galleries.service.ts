import {
  type GalleryUploadFields,
  type Memorablia,
  type MemorialDocument,
  type Photo,
} from '@rips/shared/galleries';
import type { TributePage } from '@rips/shared/tributes';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import type { UploadForm } from '../../lib/multipart.js';
import { verifyDocument } from '../../media/documents.js';
import { newStorageKey, storeImage, type StoredImage } from '../../media/image-store.js';
import type { StoredObject } from '../../storage/storage.js';
import { imageLimits } from '../auth/auth.service.js';
import { requireMemorialAccess } from '../memorials/memorials.policy.js';
import { assertUploadRoom } from '../uploads/uploads.service.js';
import type { UserRow } from '../users/users.repository.js';
import type { FastifyBaseLogger } from 'fastify';
import {
  decodeCursor,
  ITEM_NOT_FOUND,
  removeItemFiles,
  requireRemovalRight,
  type TributePageQuery,
} from '../tributes/tribute-items.js';
import { presentDocument, presentMemorabilia, presentPhoto } from './galleries.presenter.js';
import * as repo from './galleries.repository.js';

/** Galleries are for the owner, contributors and admins; requireMemorialAccess says 401/403/404 to the rest. */
async function galleryPage(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
  query: TributePageQuery,
) {
  const { memorial } = await requireMemorialAccess(ctx.db, memorialId, user, 'canContribute');
  return { memorialId: memorial.id, limit: query.limit, cursor: decodeCursor(query.cursor) };
}

export async function listPhotos(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
  query: TributePageQuery,
): Promise<TributePage<Photo>> {
  const page = await repo.listPhotos(ctx.db, await galleryPage(ctx, user, memorialId, query));
  return {
    data: page.rows.map((r) => presentPhoto(ctx.urls, r.item, r.ownerName)),
    nextCursor: page.nextCursor,
  };
}

export async function listMemorabilia(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
  query: TributePageQuery,
): Promise<TributePage<Memorablia>> {
  const page = await repo.listMemorabilia(ctx.db, await galleryPage(ctx, user, memorialId, query));
  return {
    data: page.rows.map((r) => presentMemorabilia(ctx.urls, r.item, r.ownerName)),
    nextCursor: page.nextCursor,
  };
}

export async function listDocuments(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
  query: TributePageQuery,
): Promise<TributePage<MemorialDocument>> {
  const page = await repo.listDocuments(ctx.db, await galleryPage(ctx, user, memorialId, query));
  return {
    data: page.rows.map((r) => presentDocument(ctx.urls, r.item, r.ownerName)),
    nextCursor: page.nextCursor,
  };
}

/** An upload as its route parsed it: typed fields and the one file field of its kind. */
export type GalleryForm = UploadForm<GalleryUploadFields, string>;

/** Checks the fields, the file's presence and the caller's right, before any byte is processed. */
async function prepareUpload(
  ctx: AppContext,
  user: UserRow,
  form: GalleryForm,
  fileField: string,
  missing: string,
) {
  const { fields } = form;
  const file = form.files[fileField];
  if (!file || file.buffer.length === 0)
    throw AppError.validation(missing, [{ path: fileField, message: missing }]);
  const { memorial } = await requireMemorialAccess(ctx.db, fields.postId, user, 'canContribute');
  return { memorialId: memorial.id, file, name: fields.name || user.fullName };
}

/** Stores the picture, then the row; if the row cannot be written the picture goes too. */
async function withStoredImage<T>(
  ctx: AppContext,
  stored: StoredImage,
  insert: () => Promise<T>,
): Promise<T> {
  try {
    return await insert();
  } catch (error) {
    await ctx.storage.deletePrefix(stored.imageKey);
    throw error;
  }
}

export async function addPhoto(ctx: AppContext, user: UserRow, form: GalleryForm): Promise<Photo> {
  const upload = await prepareUpload(
    ctx,
    user,
    form,
    'photoImg',
    'Please select a photo to upload.',
  );
  const stored = await storeImage(
    ctx.storage,
    'photos',
    upload.file.buffer,
    imageLimits(ctx),
    (bytes) => assertUploadRoom(ctx, { memorialId: upload.memorialId, userId: user.id }, bytes),
  );
  const row = await withStoredImage(ctx, stored, () =>
    repo.insertPhoto(ctx.db, {
      memorialId: upload.memorialId,
      ownerId: user.id,
      name: upload.name,
      ...stored,
    }),
  );
  return presentPhoto(ctx.urls, row, user.fullName);
}

export async function addMemorabilia(
  ctx: AppContext,
  user: UserRow,
  form: GalleryForm,
): Promise<Memorablia> {
  const upload = await prepareUpload(
    ctx,
    user,
    form,
    'memorabliaImg',
    'Please select a memorablia image to upload.',
  );
  const stored = await storeImage(
    ctx.storage,
    'memorabilia',
    upload.file.buffer,
    imageLimits(ctx),
    (bytes) => assertUploadRoom(ctx, { memorialId: upload.memorialId, userId: user.id }, bytes),
  );
  const row = await withStoredImage(ctx, stored, () =>
    repo.insertMemorabilia(ctx.db, {
      memorialId: upload.memorialId,
      ownerId: user.id,
      name: upload.name,
      ...stored,
    }),
  );
  return presentMemorabilia(ctx.urls, row, user.fullName);
}

/** Kept byte for byte (a family's papers are not ours to re-encode) under a key the server makes. */
export async function addDocument(
  ctx: AppContext,
  user: UserRow,
  form: GalleryForm,
): Promise<MemorialDocument> {
  const upload = await prepareUpload(
    ctx,
    user,
    form,
    'documentFile',
    'Please select a document to upload.',
  );
  const document = await verifyDocument(upload.file.buffer, upload.file.fileName, {
    maxBytes: ctx.config.MAX_DOCUMENT_BYTES,
  });
  await assertUploadRoom(
    ctx,
    { memorialId: upload.memorialId, userId: user.id },
    upload.file.buffer.length,
  );
  const folder = newStorageKey('documents');
  const fileKey = `${folder}/file.${document.type}`;
  try {
    await ctx.storage.put(fileKey, upload.file.buffer);
    const row = await repo.insertDocument(ctx.db, {
      memorialId: upload.memorialId,
      ownerId: user.id,
      fileKey,
      fileName: document.fileName,
      mimeType: document.mimeType,
      sizeBytes: upload.file.buffer.length,
      name: user.fullName,
    });
    return presentDocument(ctx.urls, row, user.fullName);
  } catch (error) {
    await ctx.storage.deletePrefix(folder);
    throw error;
  }
}

/** The folder holding a document's file: everything under it goes when the document does. */
export function documentFolder(fileKey: string): string {
  return fileKey.slice(0, fileKey.lastIndexOf('/'));
}

export async function removePhoto(
  ctx: AppContext,
  user: UserRow,
  id: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const photo = await repo.findPhoto(ctx.db, id);
  if (!photo) throw AppError.notFound(ITEM_NOT_FOUND);
  await requireRemovalRight(ctx.db, photo, user, 'contributors');
  const removed = await repo.deletePhoto(ctx.db, photo.id);
  if (removed?.imageKey) await removeItemFiles(ctx, removed.imageKey, log);
}

export async function removeMemorabilia(
  ctx: AppContext,
  user: UserRow,
  id: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const item = await repo.findMemorabilia(ctx.db, id);
  if (!item) throw AppError.notFound(ITEM_NOT_FOUND);
  await requireRemovalRight(ctx.db, item, user, 'contributors');
  const removed = await repo.deleteMemorabilia(ctx.db, item.id);
  if (removed?.imageKey) await removeItemFiles(ctx, removed.imageKey, log);
}

export async function removeDocument(
  ctx: AppContext,
  user: UserRow,
  id: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const document = await repo.findDocument(ctx.db, id);
  if (!document) throw AppError.notFound(ITEM_NOT_FOUND);
  await requireRemovalRight(ctx.db, document, user, 'contributors');
  const removed = await repo.deleteDocument(ctx.db, document.id);
  if (removed) await removeItemFiles(ctx, documentFolder(removed.fileKey), log);
}

export interface DocumentDownload {
  document: repo.DocumentRow;
  object: StoredObject;
}

/**
 * A download is allowed by the signed link the list handed out (so a plain link or fetch works),
 * or by a bearer token of someone who may see the galleries. A bad signature is "not found".
 */
export async function openDocument(
  ctx: AppContext,
  id: string,
  proof: { expires?: number; sig?: string; user: () => Promise<UserRow> },
): Promise<DocumentDownload> {
  const document = await repo.findDocument(ctx.db, id);
  if (!document) throw AppError.notFound(ITEM_NOT_FOUND);
  if (proof.sig !== undefined || proof.expires !== undefined) {
    if (
      proof.expires === undefined ||
      !proof.sig ||
      !ctx.urls.verify(document.fileKey, proof.expires, proof.sig)
    ) {
      throw AppError.notFound(
        'This download link has expired. Please reload the page and try again.',
      );
    }
  } else {
    await requireMemorialAccess(ctx.db, document.memorialId, await proof.user(), 'canContribute');
  }
  const object = await ctx.storage.get(document.fileKey);
  if (!object) throw AppError.notFound(ITEM_NOT_FOUND);
  return { document, object };
}
