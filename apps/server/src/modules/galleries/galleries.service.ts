import { createReadStream } from 'node:fs';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import type { UploadedFile } from '../../lib/multipart.js';
import { verifyDocument } from '../../media/documents.js';
import { newStorageKey } from '../../media/image-store.js';
import type { StoredObject } from '../../storage/storage.js';
import { requireMemorialAccess } from '../memorials/memorials.policy.js';
import { recordActivity } from '../stewardship/stewardship.repository.js';
import { documentKind, photoKind } from '../tributes/tribute-kinds.js';
import { ITEM_NOT_FOUND, requireItemsVisible } from '../tributes/tributes.policy.js';
import { findItem, itemIdsOf, setOrder } from '../tributes/tributes.repository.js';
import type { UserRow } from '../users/users.repository.js';
import type { DocumentRow } from './galleries.presenter.js';

/** What a documents row keeps of its stored file. */
export interface StoredDocument {
  fileKey: string;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
}

/**
 * Verifies a document by its bytes (read from its spool file) and stores it as it came, alone in a folder of its own under
 * a server-made key. `admit` sees its size first and may refuse it (an upload quota).
 */
export async function storeDocument(
  ctx: AppContext,
  file: UploadedFile,
  admit: (bytes: number) => Promise<void>,
): Promise<StoredDocument> {
  const document = await verifyDocument(file, file.fileName, {
    maxBytes: ctx.config.MAX_DOCUMENT_BYTES,
    gate: ctx.documentWork,
  });
  await admit(file.size);
  const folder = newStorageKey('documents');
  const fileKey = `${folder}/file.${document.type}`;
  try {
    // Streamed from the spool file: to disk, or to S3 in parts (lib-storage), never whole in memory.
    await ctx.storage.put(fileKey, createReadStream(file.path));
  } catch (error) {
    await ctx.storage.deletePrefix(folder);
    throw error;
  }
  return {
    fileKey,
    fileName: document.fileName,
    mimeType: document.mimeType,
    sizeBytes: file.size,
  };
}

export interface DocumentDownload {
  document: DocumentRow;
  object: StoredObject;
}

/**
 * A download is allowed by the signed link the list handed out (so a plain link or fetch works),
 * or to anyone who may see the galleries (signed in or not, when the family shares them with
 * visitors). A bad signature is "not found".
 */
export async function openDocument(
  ctx: AppContext,
  id: string,
  proof: { expires?: number; sig?: string; user: () => Promise<UserRow | null> },
): Promise<DocumentDownload> {
  const document = (await findItem(ctx.db, documentKind, id)) as DocumentRow | undefined;
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
    await requireItemsVisible(ctx.db, 'contributors', document.memorialId, await proof.user());
  }
  const object = await ctx.storage.get(document.fileKey);
  if (!object) throw AppError.notFound(ITEM_NOT_FOUND);
  return { document, object };
}

/**
 * Puts a memorial's photos in the order the family chose: its owner or a manager sends every
 * photo once, first to last. An id named twice, one not of this memorial, or a photo left out is
 * refused, so an order made from a stale list (a photo added or removed meanwhile) changes nothing.
 */
export async function orderPhotos(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
  ids: string[],
): Promise<string[]> {
  const { memorial } = await requireMemorialAccess(ctx.db, memorialId, user, 'canManage');
  if (new Set(ids).size !== ids.length) {
    throw AppError.validation('Each photo may appear only once in the order.', [
      { path: 'ids', message: 'Each photo may appear only once in the order.' },
    ]);
  }
  const known = new Set(await itemIdsOf(ctx.db, photoKind, memorial.id));
  const stale =
    ids.length !== known.size || ids.some((id) => !known.has(id))
      ? 'The photos have changed since this list was loaded. Please reload the page and try again.'
      : null;
  if (stale) throw AppError.validation(stale, [{ path: 'ids', message: stale }]);
  await ctx.db.transaction(async (tx) => {
    await setOrder(tx, { ...photoKind, position: photoKind.position! }, memorial.id, ids);
    await recordActivity(tx, {
      memorialId: memorial.id,
      actor: user,
      action: 'put the photos in a new order',
    });
  });
  return ids;
}
