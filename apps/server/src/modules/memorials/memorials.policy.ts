import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { MemorialAbilities } from '@rips/shared/memorials';
import type { Db } from '../../db/client.js';
import { memorialContributors, memorials } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { isUuid } from '../../lib/ids.js';
import type { UserRow } from '../users/users.repository.js';
import { memorialVisibleTo, type ViewerSql } from './memorial-visibility.js';

export type MemorialRow = typeof memorials.$inferSelect;

export interface MemorialAccess {
  /** Edit, delete, add contributors, moderate tributes: the owner or an admin. */
  canManage: boolean;
  /** See and add photos, memorabilia and documents: the owner, a contributor or an admin. */
  canContribute: boolean;
  /** Leave flowers and prayers: any signed-in member. */
  canPayTribute: boolean;
  isOwner: boolean;
  isContributor: boolean;
}

/**
 * The memorials `viewer` may see, as a condition on the `memorials` table. Every query that
 * reads memorials for someone (lists, search, legends, tributes, galleries, media, admin) puts
 * it in its WHERE, so a memorial the viewer may not see is "not found" everywhere at once.
 */
export function visibleMemorials(viewer: UserRow | null): SQL {
  return memorialVisibleTo({
    id: sql`${viewer?.id ?? null}::uuid`,
    role: sql`${viewer?.role ?? null}::text`,
  });
}

/**
 * The same condition for a prepared statement: the viewer arrives at execution as the
 * placeholders `viewerId` and `viewerRole` (see `viewerPlaceholders`).
 */
export function visibleMemorialsPrepared(): SQL {
  return memorialVisibleTo(PLACEHOLDER_VIEWER);
}

const PLACEHOLDER_VIEWER: ViewerSql = {
  id: sql`${sql.placeholder('viewerId')}::uuid`,
  role: sql`${sql.placeholder('viewerRole')}::text`,
};

/** Values for the placeholders of `visibleMemorialsPrepared`. */
export function viewerPlaceholders(viewer: UserRow | null): {
  viewerId: string | null;
  viewerRole: string | null;
} {
  return { viewerId: viewer?.id ?? null, viewerRole: viewer?.role ?? null };
}

export const MEMORIAL_NOT_FOUND = 'This memorial does not exist.';

/** The memorial, when `viewer` may see it; undefined when it does not exist or they may not. */
export async function findVisibleMemorialRow(
  db: Db,
  id: string,
  viewer: UserRow | null,
): Promise<MemorialRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(memorials)
    .where(and(eq(memorials.id, id), visibleMemorials(viewer)))
    .limit(1);
  return row;
}

/** The memorial, when `viewer` may see it; "not found" when it does not exist or they may not. */
export async function findVisibleMemorial(
  db: Db,
  id: string,
  viewer: UserRow | null,
): Promise<MemorialRow> {
  const row = await findVisibleMemorialRow(db, id, viewer);
  if (!row) throw AppError.notFound(MEMORIAL_NOT_FOUND);
  return row;
}

export async function isContributor(db: Db, memorialId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: memorialContributors.userId })
    .from(memorialContributors)
    .where(
      and(eq(memorialContributors.memorialId, memorialId), eq(memorialContributors.userId, userId)),
    )
    .limit(1);
  return Boolean(row);
}

export async function memorialAccess(
  db: Db,
  memorial: MemorialRow,
  user: UserRow | null,
): Promise<MemorialAccess> {
  const contributor =
    Boolean(user) &&
    memorial.ownerId !== user!.id &&
    (await isContributor(db, memorial.id, user!.id));
  return accessFor(memorial, user, contributor);
}

/** The caller's rights, when whether they contribute is already known (read with the memorial). */
export function accessFor(
  memorial: MemorialRow,
  user: UserRow | null,
  contributor: boolean,
): MemorialAccess {
  if (!user) {
    return {
      canManage: false,
      canContribute: false,
      canPayTribute: false,
      isOwner: false,
      isContributor: false,
    };
  }
  const isOwner = memorial.ownerId === user.id;
  const isAdmin = user.role === 'admin';
  const isContributor = !isOwner && contributor;
  return {
    canManage: isOwner || isAdmin,
    canContribute: isOwner || isContributor || isAdmin,
    canPayTribute: true,
    isOwner,
    isContributor,
  };
}

/** The memorial and the caller's rights on it; 404 when it cannot be seen, 403 when `need` is missing. */
export async function requireMemorialAccess(
  db: Db,
  memorialId: string,
  user: UserRow | null,
  need: 'canManage' | 'canContribute' | 'canPayTribute',
): Promise<{ memorial: MemorialRow; access: MemorialAccess }> {
  const memorial = await findVisibleMemorial(db, memorialId, user);
  const access = await memorialAccess(db, memorial, user);
  if (!access[need]) {
    if (!user) throw AppError.unauthenticated();
    throw AppError.forbidden(
      need === 'canContribute'
        ? 'You do not have permission to view this content.'
        : 'Only the owner of this memorial can do that.',
    );
  }
  return { memorial, access };
}

/** The caller's rights as the memorial page receives them, so the web never recomputes them. */
export function memorialAbilities(access: MemorialAccess): MemorialAbilities {
  return {
    update: access.canManage,
    delete: access.canManage,
    addContributor: access.canManage,
    viewGalleries: access.canContribute,
    addToGalleries: access.canContribute,
    leaveTribute: access.canPayTribute,
  };
}

/**
 * Removing a contributor: the owner or an admin removes anyone; a contributor may remove only
 * themselves (leave). The memorial is public, so everyone else is told they may not (403).
 */
export function requireCanRemoveContributor(
  access: MemorialAccess,
  user: UserRow | null,
  contributorId: string,
): void {
  if (access.canManage) return;
  if (!user) throw AppError.unauthenticated();
  if (access.isContributor && user.id === contributorId) return;
  throw AppError.forbidden('Only the owner of this memorial can do that.');
}

/** Creating a memorial is for sponsors (and admins); everyone else is asked to become one. */
export function canCreateMemorial(user: UserRow): boolean {
  return user.role === 'sponsor' || user.role === 'admin';
}

export function requireCanCreateMemorial(user: UserRow): void {
  if (!canCreateMemorial(user)) {
    throw AppError.forbidden('Only sponsors can add a Rip. Become a sponsor to add one.');
  }
}
