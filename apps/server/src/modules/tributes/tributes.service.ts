import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode } from '@rips/shared/api';
import { KINDS } from '@rips/shared/kinds';
import type { TributeItem, TributePage } from '@rips/shared/tributes';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import type { UploadedFile, UploadForm } from '../../lib/multipart.js';
import { storeImage } from '../../media/image-store.js';
import { imageLimits } from '../auth/auth.service.js';
import { storeDocument } from '../galleries/galleries.service.js';
import { removeUpload } from '../media/stored-files.js';
import type { UploadScope } from '../uploads/uploads.repository.js';
import { assertUploadRoom } from '../uploads/uploads.service.js';
import type { UserRow } from '../users/users.repository.js';
import { decodeCursor, type TributePageQuery } from './tribute-items.js';
import type { ItemFile, ItemRow, TributeKind } from './tribute-kind.js';
import {
  ITEM_NOT_FOUND,
  itemAbilities,
  requireItemAddition,
  requireItemRemoval,
  requireItemsVisible,
} from './tributes.policy.js';
import { presentItem } from './tributes.presenter.js';
import * as repo from './tributes.repository.js';
import type { Db } from '../../db/client.js';
import type { MediaUrls } from '../../media/urls.js';
import { PRIVATE_URL_TTL_SECONDS } from '../memorials/memorials.presenter.js';
import type { MemorialRow } from '../memorials/memorials.policy.js';
import { recordActivity } from '../stewardship/stewardship.repository.js';
import { notifyAwaitingApproval } from './tribute-digest.service.js';

/**
 * Photos, memorabilia and documents added or removed go to the memorial's activity ("added a
 * photo"), named by their caption or file name when they have one.
 */
async function noteGalleryChange(
  tx: Db,
  kind: TributeKind,
  actor: UserRow,
  done: 'added' | 'removed',
  item: ItemRow,
): Promise<void> {
  if (kind.audience !== 'contributors') return;
  await recordActivity(tx, {
    memorialId: item.memorialId,
    actor,
    action: `${done} ${KINDS[kind.path].one}`,
    targetName: galleryItemName(item),
  });
}

/** A gallery item's caption (pictures) or title, else its file's name (documents); or null. */
function galleryItemName(item: ItemRow): string | null {
  const { caption, title, fileName } = item as ItemRow & Record<string, unknown>;
  const name = [caption, title, fileName].find((v) => typeof v === 'string' && v.trim() !== '');
  return typeof name === 'string' ? name.trim().slice(0, 200) : null;
}

/** Pictures on a memorial that is not public go out only as signed, expiring links. */
export function urlsFor(ctx: AppContext, memorial: Pick<MemorialRow, 'visibility'>): MediaUrls {
  return memorial.visibility === 'public' ? ctx.urls : ctx.urls.signedOnly(PRIVATE_URL_TTL_SECONDS);
}

/** One page of a memorial's items of `kind`, each with what the viewer may do with it. */
export async function listItems(
  ctx: AppContext,
  kind: TributeKind,
  viewer: UserRow | null,
  memorialId: string,
  query: TributePageQuery,
): Promise<TributePage<TributeItem> & { tally: Record<string, number> }> {
  const { memorial, access } = await requireItemsVisible(ctx.db, kind.audience, memorialId, viewer);
  const now = ctx.now();
  const page = await repo.listItems(
    ctx.db,
    kind,
    {
      memorialId: memorial.id,
      limit: query.limit,
      cursor: decodeCursor(query.cursor, kind.position !== undefined),
    },
    viewer?.id ?? null,
  );
  const urls = urlsFor(ctx, memorial);
  // A lit kind (candles) counts the memorial's items beside the page: burning now, ever lit.
  const tally = kind.lit ? await kind.lit.count(ctx.db, memorial.id, viewer?.id ?? null, now) : {};
  return {
    data: page.rows.map((r) =>
      presentItem(urls, kind, r.item, r.ownerName, itemAbilities(r.item, access, viewer), now),
    ),
    nextCursor: page.nextCursor,
    tally,
  };
}

/** The stored file's key (what removes it again) and the columns its row keeps of it. */
interface StoredItemFile {
  key: string;
  columns: Record<string, unknown>;
}

/** Stores an item's file within the upload quotas, which see its size before any byte is written. */
async function storeItemFile(
  ctx: AppContext,
  spec: ItemFile,
  file: UploadedFile,
  scope: UploadScope,
): Promise<StoredItemFile> {
  const admit = (bytes: number) => assertUploadRoom(ctx, scope, bytes);
  if (spec.form === 'document') {
    const document = await storeDocument(ctx, file, admit);
    return { key: document.fileKey, columns: { ...document } };
  }
  const image = await storeImage(ctx.storage, spec.folder, file, imageLimits(ctx), admit);
  return { key: image.imageKey, columns: { ...image } };
}

/**
 * Leaves an item on a memorial. The request is checked first, then the author's right, and only
 * then is a file processed: the file is stored before its row, and removed again when the row
 * cannot be written.
 */
export async function createItem(
  ctx: AppContext,
  kind: TributeKind,
  author: UserRow,
  form: UploadForm<{ postId: string }, string>,
): Promise<TributeItem> {
  const file = kind.file ? form.files[kind.file.field] : undefined;
  const missing = kind.file?.required;
  if (missing && (!file || file.size === 0)) {
    throw AppError.validation(missing, [{ path: kind.file!.field, message: missing }]);
  }
  kind.check?.(form.fields, file);
  const { memorial, access } = await requireItemAddition(
    ctx.db,
    kind.audience,
    form.fields.postId,
    author,
  );
  const now = ctx.now();
  // A lit kind (candles): switched on here, and not lit by this member here within the day.
  await kind.lit?.admit(ctx.db, memorial, { ownerId: author.id }, now);
  const scope = { memorialId: memorial.id, userId: author.id };
  const stored = file && kind.file ? await storeItemFile(ctx, kind.file, file, scope) : null;
  // On a memorial whose family approves tributes first, a visitor's waits for a manager.
  const waits =
    kind.moderation !== null && memorial.tributeModeration === 'approve' && !access.canManage;
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const inserted = await repo.insertItem(tx, kind, {
        ...kind.values(form.fields, author),
        ...stored?.columns,
        memorialId: memorial.id,
        ownerId: author.id,
        status: waits ? 'pending' : 'published',
        // A lit kind burns from the app's clock, so its burning is measured by the same clock.
        ...(kind.lit && { createdAt: now }),
        ...(kind.position && { position: repo.firstPosition(kind, memorial.id) }),
      });
      if (waits) await notifyAwaitingApproval(ctx, tx, memorial);
      await noteGalleryChange(tx, kind, author, 'added', inserted);
      return inserted;
    });
    return presentItem(
      urlsFor(ctx, memorial),
      kind,
      row,
      author.fullName,
      itemAbilities(row, access, author),
      now,
    );
  } catch (error) {
    if (stored) await removeUpload(ctx.storage, stored.key);
    throw error;
  }
}

/**
 * Removes an item, for its author, the memorial's owner or an administrator (moderation takes
 * this same path). The row goes first: a file without a row is invisible and the storage check
 * quarantines it; a row without its file would be a broken picture. A file that cannot be
 * removed now is logged (without its key) and left to that check: the item is gone, not a 500.
 */
export async function removeItem(
  ctx: AppContext,
  kind: TributeKind,
  user: UserRow,
  id: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const item = await repo.findItem(ctx.db, kind, id);
  if (!item) throw AppError.notFound(ITEM_NOT_FOUND);
  await requireItemRemoval(ctx.db, kind.audience, item, user);
  const removed = await ctx.db.transaction(async (tx) => {
    const gone = await repo.deleteItem(tx, kind, item.id);
    if (gone) await noteGalleryChange(tx, kind, user, 'removed', item);
    return gone;
  });
  if (!removed?.fileKey) return;
  try {
    await removeUpload(ctx.storage, removed.fileKey);
  } catch (error) {
    // The error's message names the file's path, a row value: only its code goes to the log.
    const code = (error as { code?: unknown }).code;
    log.warn(
      { kind: kind.path, code: typeof code === 'string' ? code : 'unknown' },
      'a removed item left a file behind; the storage check will quarantine it',
    );
  }
}

/**
 * The author's answer to a returned item (decision 0117): its own fields changed (the words, the
 * bouquet) and sent to the family again, waiting for their approval as a new one would (the
 * managers' digest and counts pick it up). Only its author sees a returned item: for anyone else
 * it does not exist. A flower sent without a bouquet keeps its picture; a bouquet chosen instead
 * of a picture replaces it, and the picture's file is removed once the row is changed.
 */
export async function resubmitItem(
  ctx: AppContext,
  kind: TributeKind,
  author: UserRow,
  id: string,
  body: Record<string, unknown>,
  log: FastifyBaseLogger,
): Promise<TributeItem> {
  const item = await repo.findItem(ctx.db, kind, id);
  if (!kind.moderation || !item || item.ownerId !== author.id) {
    throw AppError.notFound(ITEM_NOT_FOUND);
  }
  const { memorial, access } = await requireItemAddition(
    ctx.db,
    kind.audience,
    item.memorialId,
    author,
  );
  const { noun } = KINDS[kind.path];
  if (item.status !== 'returned') {
    throw AppError.conflict(
      ErrorCode.Conflict,
      `This ${noun} was not returned to you with a note: there is nothing to send again.`,
    );
  }
  const fields = { ...body, postId: memorial.id };
  const keyProp = kind.file ? repo.columnProp(kind, kind.file.key) : undefined;
  const storedKey = keyProp
    ? ((item as unknown as Record<string, unknown>)[keyProp] as string | null)
    : null;
  const unchanged = Object.values(body).every((v) => v === undefined);
  const keepsFile = storedKey !== null && unchanged;
  if (!keepsFile) kind.check?.(fields, undefined);
  const dropsFile = storedKey !== null && !keepsFile;
  const bytesProp = kind.file ? repo.columnProp(kind, kind.file.bytes) : undefined;
  const values = keepsFile
    ? {}
    : {
        ...kind.values(fields, author),
        ...(dropsFile && keyProp && { [keyProp]: null }),
        ...(dropsFile && bytesProp && { [bytesProp]: 0 }),
      };
  const row = await ctx.db.transaction(async (tx) => {
    const changed = await repo.resubmitItem(tx, kind, item.id, values);
    if (!changed) throw AppError.notFound(ITEM_NOT_FOUND);
    await notifyAwaitingApproval(ctx, tx, memorial);
    await recordActivity(tx, {
      memorialId: memorial.id,
      actor: author,
      action: `sent ${KINDS[kind.path].one} again after it was returned`,
    });
    return changed;
  });
  if (dropsFile && storedKey) {
    await removeUpload(ctx.storage, storedKey).catch(() => {
      log.warn(
        { kind: kind.path },
        'a resubmitted tribute left its old file behind; the storage check will quarantine it',
      );
    });
  }
  return presentItem(
    urlsFor(ctx, memorial),
    kind,
    row,
    author.fullName,
    itemAbilities(row, access, author),
    ctx.now(),
  );
}
