import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  archiveDownloads,
  copyAddresses,
  memorialPeople,
  memorials,
  users,
  yearlyCopies,
  yearlyCopyOptOuts,
  yearlyCopyRuns,
} from '../../db/schema/index.js';
import { changedAny } from '../../lib/sql.js';

export type CopyRow = typeof yearlyCopies.$inferSelect;
export type CopyAddressRow = typeof copyAddresses.$inferSelect;
export type CopyReason = CopyRow['reason'];

/** A recipient of a copy: a member, or an address of the family's choosing. */
export type Recipient = { userId: string } | { addressId: string };

export const recipientKey = (r: Recipient) =>
  'userId' in r ? `user:${r.userId}` : `address:${r.addressId}`;

/** The period of a memorial's yearly copy as of `now`: the year of its last anniversary. */
const yearPeriod = (now: Date) =>
  sql<string>`'year:' || (extract(year from ${memorials.createdAt})::int + extract(year from age(${now.toISOString()}::timestamptz, ${memorials.createdAt}))::int)`;

/**
 * Memorials whose year came round (a full year or more since they were made) and whose latest
 * anniversary has not been handed out yet, oldest first, at most `limit`; with that period.
 */
export async function memorialsDue(
  db: Db,
  now: Date,
  limit: number,
): Promise<{ memorialId: string; period: string }[]> {
  const period = yearPeriod(now);
  return db
    .select({ memorialId: memorials.id, period })
    .from(memorials)
    .where(
      and(
        sql`extract(year from age(${now.toISOString()}::timestamptz, ${memorials.createdAt})) >= 1`,
        sql`not exists (select 1 from ${yearlyCopyRuns} where ${yearlyCopyRuns.memorialId} = ${memorials.id} and ${yearlyCopyRuns.period} = ${period})`,
      ),
    )
    .orderBy(asc(memorials.createdAt), asc(memorials.id))
    .limit(limit);
}

/** Marks the memorial's period handed out; false when another run already did. */
export async function claimRun(db: Db, memorialId: string, period: string): Promise<boolean> {
  return changedAny(
    db
      .insert(yearlyCopyRuns)
      .values({ memorialId, period })
      .onConflictDoNothing()
      .returning({ id: yearlyCopyRuns.memorialId }),
  );
}

/** Every memorial's id, oldest first, after `after` (the operator's `send-copies`). */
export async function memorialIdsAfter(db: Db, after: string | null, limit: number) {
  const rows = await db
    .select({ id: memorials.id })
    .from(memorials)
    .where(after ? gt(memorials.id, after) : undefined)
    .orderBy(asc(memorials.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Who receives the memorial's copy now: its owner, managers and named successor (active
 * accounts that did not opt out), and its confirmed addresses whose adder is still its owner or a
 * manager.
 */
export async function recipientsOf(
  db: Db,
  memorialId: string,
  only?: { owner: boolean },
): Promise<Recipient[]> {
  const [memorial] = await db
    .select({ ownerId: memorials.ownerId, successorId: memorials.successorId })
    .from(memorials)
    .where(eq(memorials.id, memorialId));
  if (!memorial) return [];
  const managers = only
    ? []
    : (
        await db
          .select({ userId: memorialPeople.userId })
          .from(memorialPeople)
          .where(and(eq(memorialPeople.memorialId, memorialId), eq(memorialPeople.role, 'manager')))
      ).map((r) => r.userId);
  const ids = [
    ...new Set(
      [memorial.ownerId, memorial.successorId, ...managers].filter((v): v is string => !!v),
    ),
  ];
  const members =
    ids.length === 0
      ? []
      : await db
          .select({ id: users.id })
          .from(users)
          .where(
            and(
              inArray(users.id, ids),
              isNull(users.disabledAt),
              isNull(users.deletedAt),
              sql`not exists (select 1 from ${yearlyCopyOptOuts} where ${yearlyCopyOptOuts.memorialId} = ${memorialId} and ${yearlyCopyOptOuts.userId} = ${users.id})`,
            ),
          );
  const found: Recipient[] = ids
    .filter((id) => members.some((m) => m.id === id))
    .map((userId) => ({ userId }));
  if (only) return found;
  const addresses = await db
    .select({ id: copyAddresses.id })
    .from(copyAddresses)
    .where(
      and(
        eq(copyAddresses.memorialId, memorialId),
        isNotNull(copyAddresses.confirmedAt),
        addedByStillManages,
      ),
    )
    .orderBy(asc(copyAddresses.createdAt));
  return [...found, ...addresses.map((a) => ({ addressId: a.id }))];
}

/** The address's adder is still the memorial's owner or one of its managers. */
const addedByStillManages = or(
  sql`exists (select 1 from ${memorials} where ${memorials.id} = ${copyAddresses.memorialId} and ${memorials.ownerId} = ${copyAddresses.addedBy})`,
  sql`exists (select 1 from ${memorialPeople} where ${memorialPeople.memorialId} = ${copyAddresses.memorialId} and ${memorialPeople.userId} = ${copyAddresses.addedBy} and ${memorialPeople.role} in ('owner', 'manager'))`,
)!;

/** Inserts the copy unless the recipient already has one of this period; the row, if new. */
export async function insertCopy(
  db: Db,
  values: {
    memorialId: string;
    recipient: Recipient;
    period: string;
    reason: CopyReason;
    queuedAt: Date;
  },
): Promise<CopyRow | undefined> {
  const [row] = await db
    .insert(yearlyCopies)
    .values({
      memorialId: values.memorialId,
      recipient: recipientKey(values.recipient),
      period: values.period,
      reason: values.reason,
      userId: 'userId' in values.recipient ? values.recipient.userId : null,
      addressId: 'addressId' in values.recipient ? values.recipient.addressId : null,
      queuedAt: values.queuedAt,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function findCopy(db: Db, id: string): Promise<CopyRow | undefined> {
  const [row] = await db.select().from(yearlyCopies).where(eq(yearlyCopies.id, id));
  return row;
}

/** Unsent copies whose job was last queued before `before` (lost, or given up on for now). */
export async function staleCopies(db: Db, before: Date, limit: number): Promise<CopyRow[]> {
  return db
    .select()
    .from(yearlyCopies)
    .where(
      and(
        isNull(yearlyCopies.sentAt),
        isNull(yearlyCopies.endedAt),
        lt(yearlyCopies.queuedAt, before),
      ),
    )
    .orderBy(asc(yearlyCopies.queuedAt))
    .limit(limit);
}

export async function markQueued(db: Db, id: string, at: Date): Promise<void> {
  await db.update(yearlyCopies).set({ queuedAt: at }).where(eq(yearlyCopies.id, id));
}

/** Marks the copy sent; false when it was already sent or ended. */
export async function markSent(db: Db, id: string, at: Date): Promise<boolean> {
  return changedAny(
    db
      .update(yearlyCopies)
      .set({ sentAt: at })
      .where(
        and(eq(yearlyCopies.id, id), isNull(yearlyCopies.sentAt), isNull(yearlyCopies.endedAt)),
      )
      .returning({ id: yearlyCopies.id }),
  );
}

export async function markEnded(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(yearlyCopies)
    .set({ endedAt: at })
    .where(and(eq(yearlyCopies.id, id), isNull(yearlyCopies.sentAt)));
}

/** The built copy's single-use link, stored as an emailed archive (`archive_downloads`). */
export async function insertCopyDownload(
  db: Db,
  values: {
    copyId: string;
    userId: string;
    memorialId: string;
    tokenHash: string;
    storageKey: string;
    sizeBytes: number;
    fileName: string;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(archiveDownloads).values({ kind: 'memorial', ...values });
}

export async function isOptedOut(db: Db, memorialId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: yearlyCopyOptOuts.userId })
    .from(yearlyCopyOptOuts)
    .where(and(eq(yearlyCopyOptOuts.memorialId, memorialId), eq(yearlyCopyOptOuts.userId, userId)));
  return !!row;
}

export async function setOptOut(
  db: Db,
  memorialId: string,
  userId: string,
  optedOut: boolean,
): Promise<void> {
  if (optedOut) {
    await db.insert(yearlyCopyOptOuts).values({ memorialId, userId }).onConflictDoNothing();
  } else {
    await db
      .delete(yearlyCopyOptOuts)
      .where(
        and(eq(yearlyCopyOptOuts.memorialId, memorialId), eq(yearlyCopyOptOuts.userId, userId)),
      );
  }
}

/** The address, when it still receives copies: confirmed, and its adder still manages. */
export async function liveAddress(db: Db, id: string): Promise<CopyAddressRow | undefined> {
  const [row] = await db
    .select()
    .from(copyAddresses)
    .where(
      and(eq(copyAddresses.id, id), isNotNull(copyAddresses.confirmedAt), addedByStillManages),
    );
  return row;
}

export async function addressesOf(db: Db, memorialId: string): Promise<CopyAddressRow[]> {
  return db
    .select()
    .from(copyAddresses)
    .where(eq(copyAddresses.memorialId, memorialId))
    .orderBy(asc(copyAddresses.createdAt));
}

/** Adds the address, or gives an unconfirmed one a fresh link; undefined when already confirmed. */
export async function upsertAddress(
  db: Db,
  values: {
    memorialId: string;
    email: string;
    addedBy: string;
    tokenHash: string;
    expiresAt: Date;
  },
): Promise<CopyAddressRow | undefined> {
  const [row] = await db
    .insert(copyAddresses)
    .values(values)
    .onConflictDoUpdate({
      target: [copyAddresses.memorialId, copyAddresses.email],
      set: { addedBy: values.addedBy, tokenHash: values.tokenHash, expiresAt: values.expiresAt },
      setWhere: isNull(copyAddresses.confirmedAt),
    })
    .returning();
  return row;
}

export async function deleteAddress(db: Db, memorialId: string, id: string): Promise<boolean> {
  return changedAny(
    db
      .delete(copyAddresses)
      .where(and(eq(copyAddresses.id, id), eq(copyAddresses.memorialId, memorialId)))
      .returning({ id: copyAddresses.id }),
  );
}

export async function deleteAddressById(db: Db, id: string): Promise<void> {
  await db.delete(copyAddresses).where(eq(copyAddresses.id, id));
}

/** Confirms the address its link names, while the link is valid; the row, or undefined. */
export async function confirmAddress(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<CopyAddressRow | undefined> {
  const [row] = await db
    .update(copyAddresses)
    .set({ confirmedAt: now, tokenHash: null })
    .where(
      and(
        eq(copyAddresses.tokenHash, tokenHash),
        isNull(copyAddresses.confirmedAt),
        gt(copyAddresses.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Confirmation mails queued to `email` since `since` (the address's daily cap). */
export async function confirmationsSentTo(db: Db, email: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(copyAddresses)
    .where(
      and(
        eq(copyAddresses.email, email),
        isNull(copyAddresses.confirmedAt),
        gt(copyAddresses.createdAt, since),
      ),
    );
  return row?.count ?? 0;
}

export type MemorialRecord = typeof memorials.$inferSelect;

export async function findMemorial(db: Db, id: string): Promise<MemorialRecord | undefined> {
  const [row] = await db.select().from(memorials).where(eq(memorials.id, id));
  return row;
}

/** The member receives the memorial's copy by right: its owner, a manager, or its successor. */
export async function receivesByRight(db: Db, memorial: MemorialRecord, userId: string) {
  if (memorial.ownerId === userId || memorial.successorId === userId) return true;
  const [row] = await db
    .select({ role: memorialPeople.role })
    .from(memorialPeople)
    .where(and(eq(memorialPeople.memorialId, memorial.id), eq(memorialPeople.userId, userId)));
  return row?.role === 'manager' || row?.role === 'owner';
}
