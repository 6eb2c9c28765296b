import type { ItemAbilities } from '@rips/shared/tributes';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import {
  findVisibleMemorial,
  findVisibleMemorialRow,
  memorialAccess,
  requireMemorialAccess,
  type MemorialAccess,
  type MemorialRow,
} from '../memorials/memorials.policy.js';
import type { UserRow } from '../users/users.repository.js';
import type { Audience, ItemRow } from './tribute-kind.js';

export const ITEM_NOT_FOUND = 'This item does not exist or has been removed.';

/** What `viewer` may do with one item: remove it when they left it or manage its memorial. */
export function itemAbilities(
  item: Pick<ItemRow, 'ownerId'>,
  access: MemorialAccess,
  viewer: UserRow | null,
): ItemAbilities {
  return { remove: viewer !== null && (item.ownerId === viewer.id || access.canManage) };
}

/**
 * The memorial whose items of `audience` the viewer lists, and their rights on it. A memorial
 * they may not see is 404; galleries they may not see (kept for the memorial's people, not shared
 * with its visitors) are 401 signed out, 403 signed in.
 */
export async function requireItemsVisible(
  db: Db,
  audience: Audience,
  memorialId: string,
  viewer: UserRow | null,
): Promise<{ memorial: MemorialRow; access: MemorialAccess }> {
  if (audience === 'contributors') {
    return requireMemorialAccess(db, memorialId, viewer, 'canSeeGalleries');
  }
  const memorial = await findVisibleMemorial(db, memorialId, viewer);
  return { memorial, access: await memorialAccess(db, memorial, viewer) };
}

/**
 * Leaving a flower or prayer is for any signed-in member; adding to the galleries for contributors,
 * even when the family shares the galleries with every visitor.
 */
export async function requireItemAddition(
  db: Db,
  audience: Audience,
  memorialId: string,
  author: UserRow,
): Promise<{ memorial: MemorialRow; access: MemorialAccess }> {
  const need = audience === 'contributors' ? 'canContribute' : 'canPayTribute';
  return requireMemorialAccess(db, memorialId, author, need);
}

/**
 * Removing an item: its author, or the memorial's owner (or an administrator) moderating it.
 * An item on a memorial the caller may not see does not exist; nor does a gallery item for a
 * caller who may not see the galleries. Everyone else is told who may (403).
 */
export async function requireItemRemoval(
  db: Db,
  audience: Audience,
  item: ItemRow,
  user: UserRow,
): Promise<void> {
  const memorial = await findVisibleMemorialRow(db, item.memorialId, user);
  if (!memorial) throw AppError.notFound(ITEM_NOT_FOUND);
  const access = await memorialAccess(db, memorial, user);
  if (itemAbilities(item, access, user).remove) return;
  if (audience === 'contributors' && !access.canSeeGalleries) {
    throw AppError.notFound(ITEM_NOT_FOUND);
  }
  throw AppError.forbidden(
    'Only the person who left this, or the owner of the memorial, can remove it.',
  );
}
