import { and, count, eq, gte, inArray, isNotNull, isNull, lt, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { guestClaims, guestTributes, users } from '../../db/schema/index.js';
import { usableLink } from '../../lib/one-time-links.js';
import type { TributeKind } from './tribute-kind.js';

export type GuestTributeRow = typeof guestTributes.$inferSelect;

export async function insertGuestTribute(
  db: Db,
  values: typeof guestTributes.$inferInsert,
): Promise<GuestTributeRow> {
  const [row] = await db.insert(guestTributes).values(values).returning();
  return row!;
}

/**
 * How many guest tributes were sent to the address (by its hash) since `since`, and when the
 * first of them was: counted from the stored rows, so every instance counts alike. Called in the
 * transaction that stores the next one, after `lockGuestAddress`, so two at once cannot both
 * slip under the cap.
 */
export async function guestTributesSentTo(
  db: Db,
  emailHash: string,
  since: Date,
): Promise<{ sent: number; first: Date | null }> {
  const [row] = await db
    .select({ sent: count(), first: min(guestTributes.createdAt) })
    .from(guestTributes)
    .where(and(eq(guestTributes.emailHash, emailHash), gte(guestTributes.createdAt, since)));
  return { sent: Number(row?.sent ?? 0), first: row?.first ? new Date(row.first) : null };
}

/** Holds the address's lock until the transaction ends (one guest tribute at a time per address). */
export async function lockGuestAddress(tx: Db, emailHash: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`guest-tribute:${emailHash}`}))`);
}

/** The guest tribute a link names, while the link is unused and unexpired. */
export async function findUsableGuestTribute(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<GuestTributeRow | undefined> {
  const [row] = await db
    .select()
    .from(guestTributes)
    .where(usableLink(guestTributes, tokenHash, now))
    .limit(1);
  return row;
}

/**
 * Spends the link once (inside the transaction that writes the item): answers the row, or
 * undefined when another request used it first or it expired meanwhile.
 */
export async function spendGuestLink(
  tx: Db,
  id: string,
  tokenHash: string,
  now: Date,
): Promise<GuestTributeRow | undefined> {
  const [row] = await tx
    .update(guestTributes)
    .set({ usedAt: now })
    .where(and(eq(guestTributes.id, id), usableLink(guestTributes, tokenHash, now)))
    .returning();
  return row;
}

export async function setGuestItem(tx: Db, id: string, itemId: string): Promise<void> {
  await tx.update(guestTributes).set({ itemId }).where(eq(guestTributes.id, id));
}

/** Removes up to `limit` tributes whose link expired unused; answers how many went. */
export async function deleteExpiredGuestTributes(
  db: Db,
  now: Date,
  limit: number,
): Promise<number> {
  const expired = db
    .select({ id: guestTributes.id })
    .from(guestTributes)
    .where(and(isNull(guestTributes.usedAt), lt(guestTributes.expiresAt, now)))
    .limit(limit);
  const rows = await db
    .delete(guestTributes)
    .where(inArray(guestTributes.id, expired))
    .returning({ id: guestTributes.id });
  return rows.length;
}

/** The confirmed guest tributes left under one address (by its hash), not yet claimed. */
export async function confirmedGuestTributesOf(
  db: Db,
  emailHash: string,
): Promise<GuestTributeRow[]> {
  return db
    .select()
    .from(guestTributes)
    .where(
      and(
        eq(guestTributes.emailHash, emailHash),
        isNotNull(guestTributes.usedAt),
        isNotNull(guestTributes.itemId),
      ),
    );
}

/** How many confirmed guest tributes one address (by its hash) has left, not yet claimed. */
export async function countConfirmedGuestTributesOf(db: Db, emailHash: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(guestTributes)
    .where(
      and(
        eq(guestTributes.emailHash, emailHash),
        isNotNull(guestTributes.usedAt),
        isNotNull(guestTributes.itemId),
      ),
    );
  return row?.n ?? 0;
}

export async function insertGuestClaim(
  db: Db,
  values: typeof guestClaims.$inferInsert,
): Promise<void> {
  await db.insert(guestClaims).values(values);
}

/**
 * Spends a claim link once (inside the transaction that claims): only for the account it was made
 * for, and only while that account's address still has the hash the link was mailed to. Answers
 * whether it was spent; a link of another account, or one unknown, used or expired, is untouched.
 */
export async function spendGuestClaim(
  tx: Db,
  tokenHash: string,
  userId: string,
  emailHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(guestClaims)
    .set({ usedAt: now })
    .where(
      and(
        usableLink(guestClaims, tokenHash, now),
        eq(guestClaims.userId, userId),
        eq(guestClaims.emailHash, emailHash),
      ),
    )
    .returning({ id: guestClaims.id });
  return rows.length > 0;
}

/** The account's address is proven (the link mailed to it was used while signed in). */
export async function markEmailVerified(tx: Db, userId: string, now: Date): Promise<void> {
  await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, userId));
}

/** Makes a guest's item the member's: it shows under their account's name from now on. */
export async function claimItem(
  tx: Db,
  kind: TributeKind,
  itemId: string,
  userId: string,
): Promise<void> {
  await tx
    .update(kind.table)
    .set({ ownerId: userId, authorName: null } as never)
    .where(and(eq(kind.table.id, itemId), isNull(kind.table.ownerId)));
}

export async function deleteGuestTribute(tx: Db, id: string): Promise<void> {
  await tx.delete(guestTributes).where(eq(guestTributes.id, id));
}
