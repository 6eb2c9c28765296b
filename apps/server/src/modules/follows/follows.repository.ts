import { and, asc, eq, inArray, isNotNull, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { FollowFrequency } from '@rips/shared/follows';
import type { Db } from '../../db/client.js';
import { followDigests, follows, memorials } from '../../db/schema/index.js';

export type FollowRow = typeof follows.$inferSelect;

/** A member's follow of a memorial, made or given the frequency asked (one per member and memorial). */
export async function upsertMemberFollow(
  db: Db,
  memorialId: string,
  userId: string,
  frequency: FollowFrequency,
  now: Date,
): Promise<void> {
  await db
    .insert(follows)
    .values({ memorialId, userId, frequency, confirmedAt: now })
    .onConflictDoUpdate({
      target: [follows.memorialId, follows.userId],
      targetWhere: sql`${follows.userId} is not null`,
      set: { frequency },
    });
}

export async function deleteMemberFollow(
  db: Db,
  memorialId: string,
  userId: string,
): Promise<boolean> {
  const rows = await db
    .delete(follows)
    .where(and(eq(follows.memorialId, memorialId), eq(follows.userId, userId)))
    .returning({ id: follows.id });
  return rows.length > 0;
}

/** A member's follows with their memorial's title, newest first, at most `limit`. */
export async function followsOfMember(db: Db, userId: string, limit: number) {
  return db
    .select({
      postId: follows.memorialId,
      memorialTitle: memorials.title,
      frequency: follows.frequency,
    })
    .from(follows)
    .innerJoin(memorials, eq(memorials.id, follows.memorialId))
    .where(eq(follows.userId, userId))
    .orderBy(sql`${follows.createdAt} desc`)
    .limit(limit);
}

export async function findGuestFollow(
  db: Db,
  memorialId: string,
  email: string,
): Promise<FollowRow | undefined> {
  const [row] = await db
    .select()
    .from(follows)
    .where(and(eq(follows.memorialId, memorialId), eq(follows.email, email)))
    .limit(1);
  return row;
}

export async function insertGuestFollow(
  db: Db,
  values: typeof follows.$inferInsert,
): Promise<void> {
  await db.insert(follows).values(values);
}

export async function renewGuestLink(
  db: Db,
  id: string,
  values: Pick<FollowRow, 'confirmTokenHash' | 'confirmExpiresAt' | 'frequency' | 'guestName'>,
): Promise<void> {
  await db.update(follows).set(values).where(eq(follows.id, id));
}

/** The unconfirmed guest follow an emailed link names, while the link is unexpired. */
export async function findPendingGuestFollow(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<FollowRow | undefined> {
  const [row] = await db
    .select()
    .from(follows)
    .where(
      and(
        eq(follows.confirmTokenHash, tokenHash),
        isNull(follows.confirmedAt),
        sql`${follows.confirmExpiresAt} > ${now}`,
      ),
    )
    .limit(1);
  return row;
}

/** Confirms it once: answers false when another request did first or it expired meanwhile. */
export async function confirmGuestFollow(
  db: Db,
  id: string,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(follows)
    .set({ confirmedAt: now, confirmTokenHash: null, confirmExpiresAt: null })
    .where(
      and(
        eq(follows.id, id),
        eq(follows.confirmTokenHash, tokenHash),
        isNull(follows.confirmedAt),
        sql`${follows.confirmExpiresAt} > ${now}`,
      ),
    )
    .returning({ id: follows.id });
  return rows.length > 0;
}

export async function findFollow(db: Db, id: string): Promise<FollowRow | undefined> {
  const [row] = await db.select().from(follows).where(eq(follows.id, id)).limit(1);
  return row;
}

export async function deleteFollow(db: Db, id: string): Promise<void> {
  await db.delete(follows).where(eq(follows.id, id));
}

/** Removes up to `limit` guest follows whose link expired unconfirmed; answers how many went. */
export async function deleteExpiredGuestFollows(db: Db, now: Date, limit: number): Promise<number> {
  const expired = db
    .select({ id: follows.id })
    .from(follows)
    .where(and(isNull(follows.confirmedAt), lt(follows.confirmExpiresAt, now)))
    .limit(limit);
  const rows = await db
    .delete(follows)
    .where(inArray(follows.id, expired))
    .returning({ id: follows.id });
  return rows.length;
}

/** Removes ledger rows older than `before` (the periods they guard are long past). */
export async function deleteOldLedgerRows(db: Db, before: Date): Promise<void> {
  await db.delete(followDigests).where(lt(followDigests.createdAt, before));
}

/**
 * The next confirmed follows of `frequency` that have no ledger row for `period` yet and were
 * confirmed before it began, in id order after `afterId`: one batch of a run.
 */
export async function followsDue(
  db: Db,
  frequency: FollowFrequency,
  period: string,
  periodStart: Date,
  afterId: string | null,
  limit: number,
): Promise<FollowRow[]> {
  return db
    .select()
    .from(follows)
    .where(
      and(
        eq(follows.frequency, frequency),
        isNotNull(follows.confirmedAt),
        lt(follows.confirmedAt, periodStart),
        afterId ? sql`${follows.id} > ${afterId}` : undefined,
        notExists(
          db
            .select({ one: sql`1` })
            .from(followDigests)
            .where(and(eq(followDigests.followId, follows.id), eq(followDigests.period, period))),
        ),
      ),
    )
    .orderBy(asc(follows.id))
    .limit(limit);
}

/**
 * Claims the follow's digest for `period`: answers false when a row is already there (sent by an
 * earlier run, or by another one now). Called in the transaction that queues the mail.
 */
export async function claimDigest(
  tx: Db,
  followId: string,
  period: string,
  mailed: boolean,
): Promise<boolean> {
  const rows = await tx
    .insert(followDigests)
    .values({ followId, period, mailed })
    .onConflictDoNothing()
    .returning({ followId: followDigests.followId });
  return rows.length > 0;
}

export async function setCoveredUntil(tx: Db, id: string, until: Date): Promise<void> {
  await tx.update(follows).set({ coveredUntil: until }).where(eq(follows.id, id));
}

export async function memorialTitleOf(db: Db, memorialId: string): Promise<string> {
  const [row] = await db
    .select({ title: memorials.title })
    .from(memorials)
    .where(eq(memorials.id, memorialId))
    .limit(1);
  return row?.title ?? '';
}
