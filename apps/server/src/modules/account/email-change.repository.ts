import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { emailChanges, users } from '../../db/schema/index.js';
import { applyLink, cancelPendingLinks } from '../../lib/one-time-links.js';
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
  const applied = await applyLink(db, emailChanges, tokenHash, now, (change) => ({
    email: change.newEmail,
    tokenVersion: sql`${users.tokenVersion} + 1`,
  }));
  return applied ? { user: applied.after, previousEmail: applied.before.email } : null;
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
