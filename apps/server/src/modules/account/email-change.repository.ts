import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { emailChanges, users } from '../../db/schema/index.js';
import { cancelPendingLinks, useLink } from '../../lib/one-time-links.js';
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
    const used = await useLink(tx, emailChanges, tokenHash, now);
    if (!used) return null;
    const { link: change, user } = used;
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
  await cancelPendingLinks(db, emailChanges, userId, now);
}
