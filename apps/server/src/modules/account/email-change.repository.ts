import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { emailChanges, passwordResets, users } from '../../db/schema/index.js';
import type { UserRow } from '../users/users.repository.js';

/** Records a new email waiting for confirmation; any older pending change of the account ends. */
export async function insertEmailChange(
  db: Db,
  values: { userId: string; newEmail: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await cancelPendingEmailChanges(tx, values.userId);
    await tx.insert(emailChanges).values(values);
  });
}

/**
 * Applies a confirmed email change once: the link is marked used, the email set, every token
 * revoked, and pending password resets and other email changes cancelled, in one transaction.
 * Returns the account and the address it had, or null when the link is unknown, used, expired,
 * or the account is disabled. A unique violation (the address was taken meanwhile) rolls back.
 */
export async function applyEmailChange(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ user: UserRow; previousEmail: string } | null> {
  return db.transaction(async (tx) => {
    const [change] = await tx
      .update(emailChanges)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailChanges.tokenHash, tokenHash),
          isNull(emailChanges.usedAt),
          gt(emailChanges.expiresAt, now),
        ),
      )
      .returning({
        id: emailChanges.id,
        userId: emailChanges.userId,
        newEmail: emailChanges.newEmail,
      });
    if (!change) return null;
    const [user] = await tx.select().from(users).where(eq(users.id, change.userId)).limit(1);
    if (!user || user.disabledAt) return null;
    await tx
      .update(emailChanges)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailChanges.userId, user.id),
          isNull(emailChanges.usedAt),
          ne(emailChanges.id, change.id),
        ),
      );
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    const [updated] = await tx
      .update(users)
      .set({
        email: change.newEmail,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        updatedAt: now,
      })
      .where(eq(users.id, user.id))
      .returning();
    return updated ? { user: updated, previousEmail: user.email } : null;
  });
}

/**
 * A password change (or a newer email change) settles who owns the account: an email change
 * asked for before it, perhaps with a stolen password, no longer applies.
 */
export async function cancelPendingEmailChanges(
  db: Db,
  userId: string,
  now = new Date(),
): Promise<void> {
  await db
    .update(emailChanges)
    .set({ usedAt: now })
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt)));
}
