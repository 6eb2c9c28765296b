import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { PgColumn, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { emailChanges, passwordResets, users } from '../db/schema/index.js';

/** The tables of links emailed to a member that work once, until they expire. */
export type OneTimeLinkTable = typeof passwordResets | typeof emailChanges;

/** SHA-256 of an emailed token: what the table keeps (the token itself is never stored). */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A fresh token and the link that carries it, with the hash and expiry to store for it. */
export function newOneTimeLink(pageUrl: string, ttlMinutes: number) {
  const token = randomBytes(32).toString('base64url');
  return {
    link: `${pageUrl}?token=${token}`,
    tokenHash: hashLinkToken(token),
    expiresAt: new Date(Date.now() + ttlMinutes * 60_000),
  };
}

/** The columns of a link that works once, until it expires (an emailed archive's link too). */
interface LinkColumns {
  tokenHash: PgColumn;
  usedAt: PgColumn;
  expiresAt: PgColumn;
}

/** The links still pending at `now`: neither used nor expired. */
export function pendingLinks(table: Omit<LinkColumns, 'tokenHash'>, now: Date) {
  return and(isNull(table.usedAt), gt(table.expiresAt, now));
}

/** The row a link names, while it is unused and unexpired. */
export function usableLink(table: LinkColumns, tokenHash: string, now: Date) {
  return and(eq(table.tokenHash, tokenHash), pendingLinks(table, now));
}

/** The row a link names, while it is unused and unexpired; undefined otherwise. */
export async function findUsableLink<T extends OneTimeLinkTable>(
  db: Db,
  table: T,
  tokenHash: string,
  now: Date,
): Promise<T['$inferSelect'] | undefined> {
  const links: OneTimeLinkTable = table;
  const [row] = await db
    .select()
    .from(links)
    .where(usableLink(links, tokenHash, now))
    .limit(1);
  return row as T['$inferSelect'] | undefined;
}

/** Closes the account's unused links of one kind. */
export async function cancelPendingLinks(
  db: Db,
  table: OneTimeLinkTable,
  userId: string,
  now: Date,
): Promise<void> {
  await db
    .update(table)
    .set({ usedAt: now })
    .where(and(eq(table.userId, userId), isNull(table.usedAt)));
}

/**
 * Uses the link `tokenHash` names once (call it inside the transaction that applies its change):
 * the link is marked used and every other pending link of the account, of both kinds, cancelled,
 * since the change settles who owns the account. Answers the link's row and its account, or null
 * when the link is unknown, used or expired, or the account is disabled.
 */
export async function useLink<T extends OneTimeLinkTable>(
  tx: Db,
  table: T,
  tokenHash: string,
  now: Date,
): Promise<{ link: T['$inferSelect']; user: typeof users.$inferSelect } | null> {
  const used: OneTimeLinkTable = table;
  const [link] = (await tx
    .update(used)
    .set({ usedAt: now })
    .where(usableLink(used, tokenHash, now))
    .returning()) as T['$inferSelect'][];
  if (!link) return null;
  const [user] = await tx.select().from(users).where(eq(users.id, link.userId)).limit(1);
  if (!user || user.disabledAt) return null;
  await cancelPendingLinks(tx, passwordResets, user.id, now);
  await cancelPendingLinks(tx, emailChanges, user.id, now);
  return { link, user };
}

/**
 * Uses the link once (see useLink) and makes the change it carries to its account, in one
 * transaction: `change` names the account's new values from the link's row. Each link was mailed
 * to the address the account has after the change, so using it proves the account holds that
 * address (`emailVerifiedAt`, decision 0084). Answers the account
 * before and after, or null when the link is unknown, used or expired, or the account is disabled.
 */
export async function applyLink<T extends OneTimeLinkTable>(
  db: Db,
  table: T,
  tokenHash: string,
  now: Date,
  change: (
    link: T['$inferSelect'],
    user: typeof users.$inferSelect,
  ) => PgUpdateSetSource<typeof users>,
): Promise<{ before: typeof users.$inferSelect; after: typeof users.$inferSelect } | null> {
  return db.transaction(async (tx) => {
    const used = await useLink(tx, table, tokenHash, now);
    if (!used) return null;
    const [after] = await tx
      .update(users)
      .set({ ...change(used.link, used.user), emailVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, used.user.id))
      .returning();
    return after ? { before: used.user, after } : null;
  });
}
