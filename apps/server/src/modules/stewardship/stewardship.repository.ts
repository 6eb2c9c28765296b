import { and, asc, count, desc, eq, gt, inArray, isNull, min, not, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  memorialAccessRequests,
  memorialActivity,
  memorialInvitations,
  memorialPeople,
  memorials,
  tributeReports,
  users,
} from '../../db/schema/index.js';
import { changedAny } from '../../lib/sql.js';
import type { MemorialRole, MemorialRow } from '../memorials/memorials.policy.js';
import { grantRole, removeMember } from '../memorials/memorials.repository.js';
import type { ItemRow, TributeKind } from '../tributes/tribute-kind.js';

export type InvitationRow = typeof memorialInvitations.$inferSelect;

/** The memorial's row whatever its privacy, for the checks that decide who may see it. */
export async function findMemorialRow(
  db: Db,
  memorialId: string,
): Promise<MemorialRow | undefined> {
  const [row] = await db.select().from(memorials).where(eq(memorials.id, memorialId)).limit(1);
  return row;
}

/** The owner and managers who hear about the memorial's tributes and requests by email. */
export async function managersToTell(
  db: Db,
  memorialId: string,
): Promise<{ email: string; fullName: string; role: MemorialRole }[]> {
  return db
    .select({ email: users.email, fullName: users.fullName, role: memorialPeople.role })
    .from(memorialPeople)
    .innerJoin(users, eq(users.id, memorialPeople.userId))
    .where(
      and(
        eq(memorialPeople.memorialId, memorialId),
        inArray(memorialPeople.role, ['owner', 'manager']),
        isNull(users.deletedAt),
        isNull(users.disabledAt),
      ),
    )
    .orderBy(asc(memorialPeople.createdAt));
}

export async function listPeople(db: Db, memorialId: string) {
  return db
    .select({
      id: users.id,
      fullName: users.fullName,
      userName: users.userName,
      role: memorialPeople.role,
      since: memorialPeople.createdAt,
    })
    .from(memorialPeople)
    .innerJoin(users, eq(users.id, memorialPeople.userId))
    .where(eq(memorialPeople.memorialId, memorialId))
    .orderBy(
      sql`case ${memorialPeople.role} when 'owner' then 0 when 'manager' then 1 when 'contributor' then 2 else 3 end`,
      asc(memorialPeople.createdAt),
    );
}

/** Gives the member `role`, adding them when they have none. */
export async function setRole(
  db: Db,
  memorialId: string,
  userId: string,
  role: MemorialRole,
): Promise<void> {
  await grantRole(db, memorialId, userId, role);
}

export async function removePerson(db: Db, memorialId: string, userId: string): Promise<boolean> {
  return removeMember(db, memorialId, userId);
}

/** The member is no longer the memorial's successor (when they were). */
export async function clearSuccessor(db: Db, memorialId: string, userId: string): Promise<void> {
  await db
    .update(memorials)
    .set({ successorId: null })
    .where(and(eq(memorials.id, memorialId), eq(memorials.successorId, userId)));
}

/** Accepting an invitation sent to the account's own address proves it holds that address. */
export async function markEmailVerified(db: Db, userId: string, now: Date): Promise<void> {
  await db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, userId));
}

/** Moves ownership: the new owner in both places, the old one a manager, the offer gone. */
export async function moveOwnership(
  db: Db,
  memorialId: string,
  fromId: string,
  toId: string,
): Promise<void> {
  await db
    .update(memorialPeople)
    .set({ role: 'manager' })
    .where(and(eq(memorialPeople.memorialId, memorialId), eq(memorialPeople.userId, fromId)));
  await setRole(db, memorialId, toId, 'owner');
  await db
    .update(memorials)
    .set({
      ownerId: toId,
      pendingOwnerId: null,
      pendingOwnerOfferedAt: null,
      // A successor who became the owner is no longer waiting to.
      successorId: sql`case when ${memorials.successorId} = ${toId}::uuid then null else ${memorials.successorId} end`,
      updatedAt: new Date(),
    })
    .where(eq(memorials.id, memorialId));
}

/**
 * The invitation's sender may still grant its role on its memorial (decision 0084): their account
 * is active, and they are an administrator, its owner, or a manager inviting a contributor or a
 * viewer. An invitation whose sender lost that right does not work, whatever the lists say.
 */
const senderMayGrant = sql`exists (
  select 1 from ${users}
  where ${users.id} = ${memorialInvitations.invitedBy}
    and ${users.deletedAt} is null
    and ${users.disabledAt} is null
    and (${users.role} = 'admin' or exists (
      select 1 from ${memorialPeople}
      where ${memorialPeople.memorialId} = ${memorialInvitations.memorialId}
        and ${memorialPeople.userId} = ${users.id}
        and (${memorialPeople.role} = 'owner'
          or (${memorialPeople.role} = 'manager' and ${memorialInvitations.role} <> 'manager'))
    ))
)`;

/** Neither accepted nor revoked (it may have expired since). */
const unanswered = and(
  isNull(memorialInvitations.acceptedAt),
  isNull(memorialInvitations.revokedAt),
);

/** Neither used nor revoked, not expired at `now`, and its sender may still grant it. */
const stillPending = (now: Date) =>
  and(unanswered, gt(memorialInvitations.expiresAt, now), senderMayGrant);

export async function pendingInvitations(db: Db, memorialId: string, now: Date) {
  return db
    .select()
    .from(memorialInvitations)
    .where(and(eq(memorialInvitations.memorialId, memorialId), stillPending(now)))
    .orderBy(desc(memorialInvitations.createdAt));
}

/** One pending invitation of the memorial, or undefined. */
export async function findPendingInvitation(
  db: Db,
  memorialId: string,
  invitationId: string,
  now: Date,
) {
  const [row] = await db
    .select()
    .from(memorialInvitations)
    .where(
      and(
        eq(memorialInvitations.id, invitationId),
        eq(memorialInvitations.memorialId, memorialId),
        stillPending(now),
      ),
    )
    .limit(1);
  return row;
}

export async function insertInvitation(
  db: Db,
  values: typeof memorialInvitations.$inferInsert,
): Promise<InvitationRow> {
  const [row] = await db.insert(memorialInvitations).values(values).returning();
  return row!;
}

/** Ends a pending invitation (withdrawn, or replaced by one sent again); false when it was not. */
export async function revokeInvitation(db: Db, invitationId: string, now: Date) {
  return changedAny(
    db
      .update(memorialInvitations)
      .set({ revokedAt: now })
      .where(and(eq(memorialInvitations.id, invitationId), unanswered))
      .returning({ id: memorialInvitations.id }),
  );
}

/**
 * Ends the pending invitations `senderId` sent (on one memorial, or on all) whose role they may
 * no longer grant: call it in the transaction that changed their role, removed them, or deleted
 * their account, after the change. They stay dead if the right comes back.
 */
export async function revokeInvitationsBeyondRights(
  db: Db,
  senderId: string,
  now: Date,
  memorialId?: string,
): Promise<void> {
  await db
    .update(memorialInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(memorialInvitations.invitedBy, senderId),
        memorialId ? eq(memorialInvitations.memorialId, memorialId) : undefined,
        unanswered,
        not(senderMayGrant),
      ),
    );
}

/** Invitations sent to `email` since `since` (withdrawn and replaced ones too), and the first. */
export async function invitationsSentTo(db: Db, email: string, since: Date) {
  const [row] = await db
    .select({ sent: count(), first: min(memorialInvitations.createdAt) })
    .from(memorialInvitations)
    .where(and(eq(memorialInvitations.email, email), gt(memorialInvitations.createdAt, since)));
  return { sent: row?.sent ?? 0, first: row?.first ?? null };
}

/**
 * Marks the invitation used, once: undefined when it is unknown, used, withdrawn, expired, or its
 * sender may no longer grant its role (checked now, in the same statement).
 */
export async function takeInvitation(db: Db, tokenHash: string, userId: string, now: Date) {
  const [row] = await db
    .update(memorialInvitations)
    .set({ acceptedAt: now, acceptedBy: userId })
    .where(and(eq(memorialInvitations.tokenHash, tokenHash), stillPending(now)))
    .returning();
  return row;
}

export async function invitationsForEmail(db: Db, email: string, now: Date) {
  return db
    .select({
      id: memorialInvitations.id,
      memorialId: memorialInvitations.memorialId,
      title: memorials.title,
      role: memorialInvitations.role,
      expiresAt: memorialInvitations.expiresAt,
    })
    .from(memorialInvitations)
    .innerJoin(memorials, eq(memorials.id, memorialInvitations.memorialId))
    .where(and(eq(memorialInvitations.email, email), stillPending(now)))
    .orderBy(desc(memorialInvitations.createdAt))
    .limit(100);
}

export async function rolesOf(db: Db, userId: string) {
  return db
    .select({ memorialId: memorials.id, title: memorials.title, role: memorialPeople.role })
    .from(memorialPeople)
    .innerJoin(memorials, eq(memorials.id, memorialPeople.memorialId))
    .where(eq(memorialPeople.userId, userId))
    .orderBy(asc(memorials.title))
    .limit(500);
}

/** The memorials whose ownership is offered to the member, offered after `offeredSince`. */
export async function transfersOfferedTo(db: Db, userId: string, offeredSince: Date) {
  return db
    .select({ memorialId: memorials.id, title: memorials.title })
    .from(memorials)
    .where(
      and(eq(memorials.pendingOwnerId, userId), gt(memorials.pendingOwnerOfferedAt, offeredSince)),
    )
    .limit(100);
}

/** How many "Your memorial is ready" cards the home page shows at most, newest first. */
export const READY_CARDS_MAX = 3;

/** The member's own memorials not opened yet since they made them (newest first, a few). */
export async function readyUnseenOf(db: Db, userId: string, madeSince: Date) {
  return db
    .select({ memorialId: memorials.id, title: memorials.title })
    .from(memorials)
    .where(
      and(
        eq(memorials.ownerId, userId),
        isNull(memorials.readySeenAt),
        gt(memorials.createdAt, madeSince),
      ),
    )
    .orderBy(desc(memorials.createdAt), desc(memorials.id))
    .limit(READY_CARDS_MAX);
}

/** Marks the memorial as opened by its owner: its "is ready" card goes away. */
export async function markReadySeen(db: Db, memorialId: string, now: Date): Promise<void> {
  await db
    .update(memorials)
    .set({ readySeenAt: now })
    .where(and(eq(memorials.id, memorialId), isNull(memorials.readySeenAt)));
}

/** Ends the memorial's ownership offer (to `toId` alone, when given); false when none was made. */
export async function clearOffer(db: Db, memorialId: string, toId?: string): Promise<boolean> {
  return changedAny(
    db
      .update(memorials)
      .set({ pendingOwnerId: null, pendingOwnerOfferedAt: null })
      .where(
        and(
          eq(memorials.id, memorialId),
          toId ? eq(memorials.pendingOwnerId, toId) : sql`${memorials.pendingOwnerId} is not null`,
        ),
      )
      .returning({ id: memorials.id }),
  );
}

export async function recordActivity(
  db: Db,
  entry: {
    memorialId: string;
    actor: { id: string; fullName: string } | null;
    action: string;
    targetName?: string | null;
    detail?: string;
  },
): Promise<void> {
  await db.insert(memorialActivity).values({
    memorialId: entry.memorialId,
    actorId: entry.actor?.id ?? null,
    actorName: entry.actor?.fullName ?? 'Rips Memorial',
    action: entry.action,
    targetName: entry.targetName ?? null,
    detail: entry.detail ?? '',
  });
}

export async function listActivity(
  db: Db,
  memorialId: string,
  limit: number,
  before: { at: string; id: string } | null,
) {
  return db
    .select({
      id: memorialActivity.id,
      actorName: memorialActivity.actorName,
      action: memorialActivity.action,
      targetName: memorialActivity.targetName,
      detail: memorialActivity.detail,
      createdAt: memorialActivity.createdAt,
      cursorAt: sql<string>`${memorialActivity.createdAt}::text`,
    })
    .from(memorialActivity)
    .where(
      and(
        eq(memorialActivity.memorialId, memorialId),
        before
          ? sql`(${memorialActivity.createdAt}, ${memorialActivity.id}) < (${before.at}::timestamptz, ${before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(memorialActivity.createdAt), desc(memorialActivity.id))
    .limit(limit + 1);
}

export async function insertReport(db: Db, values: typeof tributeReports.$inferInsert) {
  const [row] = await db.insert(tributeReports).values(values).onConflictDoNothing().returning();
  return row;
}

export async function openReports(db: Db, memorialId: string | null, limit = 200) {
  return db
    .select()
    .from(tributeReports)
    .where(
      and(
        isNull(tributeReports.resolvedAt),
        memorialId ? eq(tributeReports.memorialId, memorialId) : undefined,
      ),
    )
    .orderBy(desc(tributeReports.createdAt))
    .limit(limit);
}

/**
 * The memorial's items of `kind` that wait, are hidden or were reported (`reportedIds`), with
 * their authors' names, oldest first, at most 200.
 */
export async function moderationItems(
  db: Db,
  kind: TributeKind,
  memorialId: string,
  reportedIds: string[],
): Promise<{ row: ItemRow; authorName: string | null }[]> {
  const rows = (await db
    .select({ row: kind.table, authorName: users.fullName })
    .from(kind.table)
    // A guest's item has no owner (decision 0103).
    .leftJoin(users, eq(users.id, kind.table.ownerId))
    .where(
      and(
        eq(kind.table.memorialId, memorialId),
        reportedIds.length
          ? or(
              inArray(kind.table.status, ['pending', 'hidden', 'returned']),
              inArray(kind.table.id, reportedIds),
            )
          : inArray(kind.table.status, ['pending', 'hidden', 'returned']),
      ),
    )
    .orderBy(kind.table.createdAt)
    .limit(200)) as unknown as { row: ItemRow; authorName: string | null }[];
  return rows;
}

/** The titles of the memorials `ids`, by id (an empty list asks nothing). */
export async function memorialTitles(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: memorials.id, title: memorials.title })
    .from(memorials)
    .where(inArray(memorials.id, ids));
}

export async function resolveReports(db: Db, kind: string, itemId: string, now: Date) {
  await db
    .update(tributeReports)
    .set({ resolvedAt: now })
    .where(
      and(
        eq(tributeReports.kind, kind),
        eq(tributeReports.itemId, itemId),
        isNull(tributeReports.resolvedAt),
      ),
    );
}

export async function pendingAccessRequests(db: Db, memorialId: string) {
  return db
    .select({
      id: memorialAccessRequests.id,
      message: memorialAccessRequests.message,
      createdAt: memorialAccessRequests.createdAt,
      userId: users.id,
      fullName: users.fullName,
      userName: users.userName,
    })
    .from(memorialAccessRequests)
    .innerJoin(users, eq(users.id, memorialAccessRequests.userId))
    .where(
      and(
        eq(memorialAccessRequests.memorialId, memorialId),
        eq(memorialAccessRequests.status, 'pending'),
      ),
    )
    .orderBy(asc(memorialAccessRequests.createdAt))
    .limit(200);
}

export async function hasPendingRequest(db: Db, memorialId: string, userId: string) {
  const [row] = await db
    .select({ id: memorialAccessRequests.id })
    .from(memorialAccessRequests)
    .where(
      and(
        eq(memorialAccessRequests.memorialId, memorialId),
        eq(memorialAccessRequests.userId, userId),
        eq(memorialAccessRequests.status, 'pending'),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertAccessRequest(
  db: Db,
  values: typeof memorialAccessRequests.$inferInsert,
) {
  const [row] = await db
    .insert(memorialAccessRequests)
    .values(values)
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function decideAccessRequest(
  db: Db,
  memorialId: string,
  requestId: string,
  status: 'approved' | 'declined',
  deciderId: string,
) {
  const [row] = await db
    .update(memorialAccessRequests)
    .set({ status, decidedBy: deciderId, decidedAt: new Date() })
    .where(
      and(
        eq(memorialAccessRequests.id, requestId),
        eq(memorialAccessRequests.memorialId, memorialId),
        eq(memorialAccessRequests.status, 'pending'),
      ),
    )
    .returning();
  return row;
}
