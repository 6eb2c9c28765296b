import type { ActivityEntry } from '@rips/shared/stewardship';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import {
  decodeCursor,
  encodeCursor,
  isKeysetPosition,
  type KeysetPosition,
} from '../../lib/cursor.js';
import { requireMemorialAccess } from '../memorials/memorials.policy.js';
import type { UserRow } from '../users/users.repository.js';
import * as repo from './stewardship.repository.js';

export async function activity(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
  query: { limit: number; cursor?: string },
): Promise<{ items: ActivityEntry[]; nextCursor: string | null }> {
  const { memorial } = await requireMemorialAccess(ctx.db, memorialId, user, 'canManage');
  const position = query.cursor ? decodeCursor(query.cursor, isKeysetPosition) : null;
  if (query.cursor && !position) {
    throw AppError.badRequest('This page link is no longer valid. Please reload the list.');
  }
  const rows = await repo.listActivity(
    ctx.db,
    memorial.id,
    query.limit,
    position ? { at: position[0], id: position[1] } : null,
  );
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({
      _id: r.id,
      actor: r.actorName,
      action: r.action,
      target: r.targetName,
      detail: r.detail,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor<KeysetPosition>([last.cursorAt, last.id])
        : null,
  };
}
