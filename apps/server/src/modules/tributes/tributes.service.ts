import {
  type CreateFlowerFields,
  type CreatePrayer,
  type Flower,
  type Prayer,
  type TributePage,
} from '@rips/shared/tributes';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import type { UploadedFile } from '../../lib/multipart.js';
import { storeImage } from '../../media/image-store.js';
import { imageLimits } from '../auth/auth.service.js';
import { assertUploadRoom } from '../uploads/uploads.service.js';
import { findVisibleMemorial, requireMemorialAccess } from '../memorials/memorials.policy.js';
import type { UserRow } from '../users/users.repository.js';
import type { FastifyBaseLogger } from 'fastify';
import {
  decodeCursor,
  ITEM_NOT_FOUND,
  removeItemFiles,
  requireRemovalRight,
  type TributePageQuery,
} from './tribute-items.js';
import { presentFlower, presentPrayer } from './tributes.presenter.js';
import * as repo from './tributes.repository.js';

export async function listFlowers(
  ctx: AppContext,
  viewer: UserRow | null,
  memorialId: string,
  query: TributePageQuery,
): Promise<TributePage<Flower>> {
  const memorial = await findVisibleMemorial(ctx.db, memorialId, viewer);
  const page = await repo.listFlowers(ctx.db, {
    memorialId: memorial.id,
    limit: query.limit,
    cursor: decodeCursor(query.cursor),
  });
  return {
    data: page.rows.map((r) => presentFlower(ctx.urls, r.item, r.ownerName)),
    nextCursor: page.nextCursor,
  };
}

/** A flower is either an uploaded picture (`flowerImg`) or one of the shipped bouquets (`bouquet`). */
export async function leaveFlower(
  ctx: AppContext,
  user: UserRow,
  input: CreateFlowerFields,
  picture: UploadedFile | undefined,
): Promise<Flower> {
  if (input.bouquet && picture)
    throw AppError.validation('Choose a bouquet or upload a picture, not both.');
  if (!input.bouquet && !picture) {
    throw AppError.validation('Please choose a bouquet or a picture of a flower.', [
      { path: 'flowerImg', message: 'Please choose a bouquet or a picture of a flower.' },
    ]);
  }
  const { memorial } = await requireMemorialAccess(ctx.db, input.postId, user, 'canPayTribute');
  if (input.bouquet) {
    const row = await repo.insertFlower(ctx.db, {
      memorialId: memorial.id,
      ownerId: user.id,
      bouquet: input.bouquet,
    });
    return presentFlower(ctx.urls, row, user.fullName);
  }
  const scope = { memorialId: memorial.id, userId: user.id };
  const stored = await storeImage(
    ctx.storage,
    'flowers',
    picture!.buffer,
    imageLimits(ctx),
    (bytes) => assertUploadRoom(ctx, scope, bytes),
  );
  try {
    const row = await repo.insertFlower(ctx.db, {
      memorialId: memorial.id,
      ownerId: user.id,
      ...stored,
    });
    return presentFlower(ctx.urls, row, user.fullName);
  } catch (error) {
    await ctx.storage.deletePrefix(stored.imageKey);
    throw error;
  }
}

export async function removeFlower(
  ctx: AppContext,
  user: UserRow,
  id: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const flower = await repo.findFlower(ctx.db, id);
  if (!flower) throw AppError.notFound(ITEM_NOT_FOUND);
  await requireRemovalRight(ctx.db, flower, user, 'everyone');
  const removed = await repo.deleteFlower(ctx.db, flower.id);
  // The row goes first: a file without a row is invisible, a row without its file is a broken picture.
  if (removed?.imageKey) await removeItemFiles(ctx, removed.imageKey, log);
}

export async function listPrayers(
  ctx: AppContext,
  viewer: UserRow | null,
  memorialId: string,
  query: TributePageQuery,
): Promise<TributePage<Prayer>> {
  const memorial = await findVisibleMemorial(ctx.db, memorialId, viewer);
  const page = await repo.listPrayers(ctx.db, {
    memorialId: memorial.id,
    limit: query.limit,
    cursor: decodeCursor(query.cursor),
  });
  return {
    data: page.rows.map((r) => presentPrayer(r.item, r.ownerName)),
    nextCursor: page.nextCursor,
  };
}

export async function sayPrayer(
  ctx: AppContext,
  user: UserRow,
  input: CreatePrayer,
): Promise<Prayer> {
  const { memorial } = await requireMemorialAccess(ctx.db, input.postId, user, 'canPayTribute');
  const row = await repo.insertPrayer(ctx.db, {
    memorialId: memorial.id,
    ownerId: user.id,
    text: input.prayerText,
  });
  return presentPrayer(row, user.fullName);
}

export async function removePrayer(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const prayer = await repo.findPrayer(ctx.db, id);
  if (!prayer) throw AppError.notFound(ITEM_NOT_FOUND);
  await requireRemovalRight(ctx.db, prayer, user, 'everyone');
  await repo.deletePrayer(ctx.db, prayer.id);
}
