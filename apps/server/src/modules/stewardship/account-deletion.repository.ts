import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  legacies,
  memorialInvitations,
  memorialPeople,
  memorials,
  users,
} from '../../db/schema/index.js';
import type { MemorialRow } from '../memorials/memorials.policy.js';
import type { UserRow } from '../users/users.repository.js';

/** The memorials the member owns. */
export async function memorialsOwnedBy(db: Db, userId: string): Promise<MemorialRow[]> {
  return db.select().from(memorials).where(eq(memorials.ownerId, userId));
}

/**
 * Who could take the memorial over from `ownerId`: its other people with active accounts, longest
 * serving first, with their roles.
 */
export async function heirCandidates(db: Db, memorialId: string, ownerId: string) {
  return db
    .select({ user: users, role: memorialPeople.role })
    .from(memorialPeople)
    .innerJoin(users, eq(users.id, memorialPeople.userId))
    .where(
      and(
        eq(memorialPeople.memorialId, memorialId),
        sql`${users.id} <> ${ownerId}`,
        sql`${users.deletedAt} IS NULL`,
        sql`${users.disabledAt} IS NULL`,
      ),
    )
    .orderBy(memorialPeople.createdAt);
}

/**
 * Empties the account of who the member was, in `tx`, once the memorials they owned have passed
 * on: their places among memorials' people, the invitations they sent (withdrawn) and that wait
 * for their address (deleted), their part as successor or offered owner, their Life Legacy; the
 * row stays as "Former member" with an unusable password (`unusableHash`) and no session.
 */
export async function forgetAccount(tx: Db, user: UserRow, unusableHash: string): Promise<void> {
  await tx.delete(memorialPeople).where(eq(memorialPeople.userId, user.id));
  await tx
    .update(memorialInvitations)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(memorialInvitations.invitedBy, user.id),
        isNull(memorialInvitations.acceptedAt),
        isNull(memorialInvitations.revokedAt),
      ),
    );
  await tx.update(memorials).set({ successorId: null }).where(eq(memorials.successorId, user.id));
  await tx
    .update(memorials)
    .set({ pendingOwnerId: null, pendingOwnerOfferedAt: null })
    .where(eq(memorials.pendingOwnerId, user.id));
  await tx.delete(legacies).where(eq(legacies.userId, user.id));
  await tx
    .delete(memorialInvitations)
    .where(
      and(
        eq(memorialInvitations.email, user.email),
        sql`${memorialInvitations.acceptedAt} IS NULL`,
      ),
    );
  const compact = user.id.replaceAll('-', '');
  await tx
    .update(users)
    .set({
      fullName: 'Former member',
      email: `deleted-${compact}@deleted.invalid`,
      userName: `deleted_${compact}`,
      passwordHash: unusableHash,
      avatarKey: null,
      role: 'visitor',
      tokenVersion: sql`${users.tokenVersion} + 1`,
      disabledAt: new Date(),
      deletedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id));
}
