import type { Db } from '../../db/client.js';
import { passwordResets } from '../../db/schema/index.js';
import { applyLink, cancelPendingLinks, findUsableLink } from '../../lib/one-time-links.js';
import type { UserRow } from '../users/users.repository.js';

export async function insertPasswordReset(
  db: Db,
  values: { userId: string; tokenHash: string; newPasswordHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResets).values(values);
}

/** The pending reset a link names, while it is unused and unexpired. */
export function findUsablePasswordReset(db: Db, tokenHash: string, now: Date) {
  return findUsableLink(db, passwordResets, tokenHash, now);
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
  const applied = await applyLink(db, passwordResets, tokenHash, now, (reset, user) => ({
    passwordHash: reset.newPasswordHash,
    tokenVersion: user.tokenVersion + 1,
  }));
  return applied?.after ?? null;
}

/** A password that changed some other way makes older reset links meaningless: close them. */
export async function cancelPendingResets(db: Db, userId: string, now = new Date()): Promise<void> {
  await cancelPendingLinks(db, passwordResets, userId, now);
}
