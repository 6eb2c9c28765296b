import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { emailChanges, users } from '../../db/schema/index.js';
import {
  applyLink,
  cancelPendingLinks,
  findUsableLink,
  pendingLinks,
  usableLink,
} from '../../lib/one-time-links.js';
import type { UserRow } from '../users/users.repository.js';

/** Records a new email waiting for confirmation; any older pending change of the account ends. */
export async function insertEmailChange(
  db: Db,
  values: {
    userId: string;
    newEmail: string;
    tokenHash: string;
    cancelTokenHash: string;
    expiresAt: Date;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    await cancelPendingEmailChanges(tx, values.userId);
    await tx.insert(emailChanges).values(values);
  });
}

/** The new email an account waits to confirm, or null when none waits. */
export async function findPendingEmail(db: Db, userId: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), pendingLinks(emailChanges, now)))
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  return row?.newEmail ?? null;
}

/** The pending change a confirmation link names, while it is unused and unexpired. */
export function findUsableEmailChange(db: Db, tokenHash: string, now: Date) {
  return findUsableLink(db, emailChanges, tokenHash, now);
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
  const applied = await applyLink(db, emailChanges, tokenHash, now, (change) => ({
    email: change.newEmail,
    tokenVersion: sql`${users.tokenVersion} + 1`,
  }));
  return applied ? { user: applied.after, previousEmail: applied.before.email } : null;
}

/** Closes the pending change a confirmation link names (too many wrong passwords on it). */
export async function closeEmailChangeLink(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db
    .update(emailChanges)
    .set({ usedAt: now })
    .where(usableLink(emailChanges, tokenHash, now));
}

/**
 * "This was not me": closes the pending change the notice's link names and revokes every token
 * of the account, in one transaction. Returns the account's id, or null when the link is
 * unknown, or its change no longer pends (confirmed, cancelled or expired).
 */
export async function cancelEmailChangeAndSignOut(
  db: Db,
  cancelTokenHash: string,
  now: Date,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [change] = await tx
      .update(emailChanges)
      .set({ usedAt: now })
      .where(
        and(eq(emailChanges.cancelTokenHash, cancelTokenHash), pendingLinks(emailChanges, now)),
      )
      .returning({ userId: emailChanges.userId });
    if (!change) return null;
    await tx
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
      .where(eq(users.id, change.userId));
    return change.userId;
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
