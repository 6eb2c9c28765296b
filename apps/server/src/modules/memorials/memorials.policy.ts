import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { memorialContributors, memorials } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { isUuid } from '../../lib/ids.js';
import type { UserRow } from '../users/users.repository.js';

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
 * The memorial, when the caller may see it. Every memorial is public today; this is the one
 * place that would change if memorials could be hidden, and it answers "not found" either way.
 */
export async function findVisibleMemorial(db: Db, id: string): Promise<MemorialRow> {
  if (!isUuid(id)) throw AppError.notFound(NOT_FOUND);
  const [row] = await db.select().from(memorials).where(eq(memorials.id, id)).limit(1);
  return visibleOrNotFound(row);
}

const NOT_FOUND = 'This memorial does not exist.';

/** The visibility rule itself, for callers that read the memorial in a query of their own. */
export function visibleOrNotFound<T extends MemorialRow>(row: T | undefined): T {
  if (!row) throw AppError.notFound(NOT_FOUND);
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
  const memorial = await findVisibleMemorial(db, memorialId);
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
