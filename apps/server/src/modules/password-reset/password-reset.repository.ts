import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passwordResets, users } from '../../db/schema/index.js';
import { cancelPendingLinks, usableLink, useLink } from '../../lib/one-time-links.js';
import type { UserRow } from '../users/users.repository.js';

export async function insertPasswordReset(
  db: Db,
  values: { userId: string; tokenHash: string; newPasswordHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResets).values(values);
}

/** The pending reset a link names, while it is unused and unexpired. */
export async function findUsablePasswordReset(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ userId: string; newPasswordHash: string } | undefined> {
  const [row] = await db
    .select({ userId: passwordResets.userId, newPasswordHash: passwordResets.newPasswordHash })
    .from(passwordResets)
    .where(usableLink(passwordResets, tokenHash, now))
    .limit(1);
  return row;
}

/**
 * Applies a pending reset once, after the link holder typed the requested password again: the
 * link is marked used, the password set, every token revoked, and any other pending reset link
 * or email change of the account cancelled, all in one transaction. Returns the account, or null
 * when the link is unknown, used, expired, or the account is disabled.
 */
export async function applyPasswordReset(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<UserRow | null> {
  return db.transaction(async (tx) => {
    const used = await useLink(tx, passwordResets, tokenHash, now);
    if (!used) return null;
    const { link: reset, user } = used;
    const [updated] = await tx
      .update(users)
      .set({
        passwordHash: reset.newPasswordHash,
        tokenVersion: user.tokenVersion + 1,
        updatedAt: now,
      })
      .where(eq(users.id, user.id))
      .returning();
    return updated ?? null;
  });
}

/** A password that changed some other way makes older reset links meaningless: close them. */
export async function cancelPendingResets(db: Db, userId: string, now = new Date()): Promise<void> {
  await cancelPendingLinks(db, passwordResets, userId, now);
}
