import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { MemorialAbilities } from '@rips/shared/memorials';
import type { Db } from '../../db/client.js';
import type { MEMORIAL_ROLES } from '@rips/shared/memorials';
import { memorialPeople, memorials } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { isUuid } from '../../lib/ids.js';
import type { UserRow } from '../users/users.repository.js';
import { memorialVisibleTo, type ViewerSql, type VisibilityUse } from './memorial-visibility.js';

export type MemorialRow = typeof memorials.$inferSelect;
export type MemorialRole = (typeof MEMORIAL_ROLES)[number];

export interface MemorialAccess {
  /** The caller's role on this memorial, or null for everyone else (admins included). */
  role: MemorialRole | null;
  /** Edit, change settings, invite, moderate, see the activity: the owner, a manager or an admin. */
  canManage: boolean;
  /** Delete the memorial, transfer it, name a successor: the owner or an admin. */
  canOwn: boolean;
  /** See and add photos, memorabilia and documents: the owner, a manager, a contributor or an admin. */
  canContribute: boolean;
  /**
   * See the photos, memorabilia and documents: who may contribute, and everyone who may see the
   * memorial when its family shares its galleries (`galleryAudience: 'visitors'`).
   */
  canSeeGalleries: boolean;
  /** Leave flowers and prayers: any signed-in member who may see the memorial. */
  canPayTribute: boolean;
  isOwner: boolean;
  isContributor: boolean;
  /** Download the memorial's whole archive (`canExportMemorial`). */
  canExport: boolean;
  /** Download the memorial's printed book (`canDownloadBook`, decision 0124). */
  canDownloadBook: boolean;
}

/**
 * The memorials `viewer` may see, as a condition on the `memorials` table. Every query that
 * reads memorials for someone (lists, search, legends, tributes, galleries, media, admin) puts
 * it in its WHERE, so a memorial the viewer may not see is "not found" everywhere at once.
 */
export function visibleMemorials(viewer: UserRow | null, use: VisibilityUse = 'read'): SQL {
  return memorialVisibleTo(
    {
      id: sql`${viewer?.id ?? null}::uuid`,
      role: sql`${viewer?.role ?? null}::text`,
    },
    use,
  );
}

/**
 * The memorials `viewer` may find in lists, search, legends and sitemaps: never an unlisted
 * one they do not belong to.
 */
export function listedMemorials(viewer: UserRow | null): SQL {
  return visibleMemorials(viewer, 'list');
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

/** The member's role on the memorial, or null when they have none. */
export async function roleOn(
  db: Db,
  memorialId: string,
  userId: string,
): Promise<MemorialRole | null> {
  const [row] = await db
    .select({ role: memorialPeople.role })
    .from(memorialPeople)
    .where(and(eq(memorialPeople.memorialId, memorialId), eq(memorialPeople.userId, userId)))
    .limit(1);
  return row?.role ?? null;
}

export async function memorialAccess(
  db: Db,
  memorial: MemorialRow,
  user: UserRow | null,
): Promise<MemorialAccess> {
  const role = user ? await roleOn(db, memorial.id, user.id) : null;
  return accessFor(memorial, user, role);
}

/** The caller's rights, when their role is already known (read with the memorial). */
export function accessFor(
  memorial: MemorialRow,
  user: UserRow | null,
  knownRole: MemorialRole | null,
): MemorialAccess {
  const shared = memorial.galleryAudience === 'visitors';
  if (!user) {
    return {
      role: null,
      canManage: false,
      canOwn: false,
      canContribute: false,
      canSeeGalleries: shared,
      canPayTribute: false,
      isOwner: false,
      isContributor: false,
      canExport: false,
      canDownloadBook: canDownloadBook(memorial, false),
    };
  }
  // memorials.owner_id is the owner, whatever a stale role row says.
  const role: MemorialRole | null =
    memorial.ownerId === user.id ? 'owner' : knownRole === 'owner' ? 'manager' : knownRole;
  const isAdmin = user.role === 'admin';
  const isOwner = role === 'owner';
  const manages = isOwner || role === 'manager' || isAdmin;
  // The named successor takes the archive too, while they keep a role (decision 0127).
  const canExport = canExportMemorial(role) || (role !== null && memorial.successorId === user.id);
  return {
    role,
    canManage: manages,
    canOwn: isOwner || isAdmin,
    canContribute: manages || role === 'contributor',
    canSeeGalleries: shared || manages || role === 'contributor',
    canPayTribute: true,
    isOwner,
    isContributor: role === 'contributor',
    canExport,
    canDownloadBook: canDownloadBook(memorial, canExport),
  };
}

/** The memorial and the caller's rights on it; 404 when it cannot be seen, 403 when `need` is missing. */
export async function requireMemorialAccess(
  db: Db,
  memorialId: string,
  user: UserRow | null,
  need: 'canManage' | 'canOwn' | 'canContribute' | 'canSeeGalleries' | 'canPayTribute',
): Promise<{ memorial: MemorialRow; access: MemorialAccess }> {
  const memorial = await findVisibleMemorial(db, memorialId, user);
  const access = await memorialAccess(db, memorial, user);
  if (!access[need]) {
    if (!user) throw AppError.unauthenticated();
    throw AppError.forbidden(
      need === 'canContribute' || need === 'canSeeGalleries'
        ? 'You do not have permission to view this content.'
        : need === 'canManage'
          ? 'Only the owner or a manager of this memorial can do that.'
          : 'Only the owner of this memorial can do that.',
    );
  }
  return { memorial, access };
}

/** The caller's rights as the memorial page receives them, so the web never recomputes them. */
export function memorialAbilities(access: MemorialAccess): MemorialAbilities {
  return {
    update: access.canManage,
    delete: access.canOwn,
    addContributor: access.canManage,
    viewGalleries: access.canSeeGalleries,
    addToGalleries: access.canContribute,
    leaveTribute: access.canPayTribute,
    manage: access.canManage,
    transfer: access.canOwn,
    export: access.canExport,
    book: access.canDownloadBook,
  };
}

/**
 * Removing a contributor: the owner, a manager or an admin removes anyone; a contributor may
 * remove only themselves (leave). Everyone else who may see the memorial is told they may not (403).
 */
export function requireCanRemoveContributor(
  access: MemorialAccess,
  user: UserRow | null,
  contributorId: string,
): void {
  if (access.canManage) return;
  if (!user) throw AppError.unauthenticated();
  if (access.isContributor && user.id === contributorId) return;
  throw AppError.forbidden('Only the owner or a manager of this memorial can do that.');
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

/**
 * Whether search engines may index the memorial's page: public and left indexable by its family.
 * The API answer, the server-rendered page and its X-Robots-Tag all read this.
 */
export function isIndexable(memorial: Pick<MemorialRow, 'visibility' | 'indexable'>): boolean {
  return memorial.visibility === 'public' && memorial.indexable;
}

/**
 * The memorials search engines may list (the sitemap): the SQL form of `isIndexable`, public
 * and left indexable by their family, reached through the list rule for a visitor who is not
 * signed in.
 */
export function indexableMemorials(): SQL {
  return and(
    listedMemorials(null),
    eq(memorials.visibility, 'public'),
    eq(memorials.indexable, true),
  )!;
}

/**
 * Who may take a memorial's whole archive (every field, person, published item and file,
 * galleries included): its owner and its managers, and (in `accessFor`) its named successor
 * while they still have a role on it (the promise of permanence, decision 0127). Administrators
 * see every memorial but do not take its archive: that is the family's.
 */
export function canExportMemorial(role: MemorialRole | null): boolean {
  return role === 'owner' || role === 'manager';
}

/**
 * Who may download a memorial's printed book (decision 0124): whoever may take its archive, and
 * anyone who may see it while it is public and its family allows it (`allowPublicBook`).
 * Administrators are no exception: the book is the family's, like the archive.
 */
export function canDownloadBook(
  memorial: Pick<MemorialRow, 'visibility' | 'allowPublicBook'>,
  canExport: boolean,
): boolean {
  return canExport || (memorial.visibility === 'public' && memorial.allowPublicBook);
}

/**
 * The memorial `user` may export: "not found" when they may not see it, "forbidden" when they
 * may see it but not export it.
 */
export async function findExportableMemorial(
  db: Db,
  id: string,
  user: UserRow,
): Promise<MemorialRow> {
  const memorial = await findVisibleMemorial(db, id, user);
  const { canExport } = await memorialAccess(db, memorial, user);
  if (!canExport) throw AppError.forbidden(EXPORT_FORBIDDEN);
  return memorial;
}

export const EXPORT_FORBIDDEN = "Only this memorial's owner and managers may download its archive.";
