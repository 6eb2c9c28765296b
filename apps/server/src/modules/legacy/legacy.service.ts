import type { Legacy, SaveLegacyParsed } from '@rips/shared/legacy';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../users/users.repository.js';
import { presentLegacy } from './legacy.presenter.js';
import { findLegacyOfUser, saveLegacyOfUser } from './legacy.repository.js';

/** A legacy is visible to its owner alone, so every call reads and writes the caller's own. */
export async function ownLegacies(ctx: AppContext, user: UserRow): Promise<Legacy[]> {
  const record = await findLegacyOfUser(ctx.db, user.id);
  return record ? [presentLegacy(record)] : [];
}

export async function saveOwnLegacy(
  ctx: AppContext,
  user: UserRow,
  input: SaveLegacyParsed,
): Promise<{ legacy: Legacy; created: boolean }> {
  const { created } = await saveLegacyOfUser(ctx.db, user.id, input);
  const record = await findLegacyOfUser(ctx.db, user.id);
  return { legacy: presentLegacy(record!), created };
}
