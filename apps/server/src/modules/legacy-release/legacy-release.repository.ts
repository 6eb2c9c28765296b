import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  legacyAccess,
  legacyAccessViews,
  legacyDeathReports,
  legacyPlans,
  legacyReleases,
  legacyStewards,
  memorials,
  users,
} from '../../db/schema/index.js';

export type PlanRow = typeof legacyPlans.$inferSelect;
export type StewardRow = typeof legacyStewards.$inferSelect;
export type ReleaseRow = typeof legacyReleases.$inferSelect;
export type AccessRow = typeof legacyAccess.$inferSelect;

const OPEN = sql`${legacyReleases.state} in ('reported', 'waiting')`;

/**
 * The member's rules, made with the defaults if they have none, and locked until the transaction
 * ends: every change to a member's release goes through here, one at a time.
 */
export async function lockPlan(tx: Db, userId: string): Promise<PlanRow> {
  await tx.insert(legacyPlans).values({ userId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(legacyPlans)
    .where(eq(legacyPlans.userId, userId))
    .for('update');
  return row!;
}

export async function findPlan(db: Db, userId: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(legacyPlans).where(eq(legacyPlans.userId, userId));
  return row;
}

/** The member's stewards and invitations that were not removed, oldest first. */
export function currentStewards(db: Db, ownerId: string): Promise<StewardRow[]> {
  return db
    .select()
    .from(legacyStewards)
    .where(and(eq(legacyStewards.ownerId, ownerId), isNull(legacyStewards.leftAt)))
    .orderBy(asc(legacyStewards.invitedAt));
}

/** Stewards who accepted and are still members: they may report, and read what is theirs. */
export async function activeStewards(
  db: Db,
  ownerId: string,
): Promise<(StewardRow & { stewardEmail: string; stewardName: string })[]> {
  const rows = await db
    .select({ steward: legacyStewards, email: users.email, fullName: users.fullName })
    .from(legacyStewards)
    .innerJoin(users, eq(users.id, legacyStewards.stewardId))
    .where(
      and(
        eq(legacyStewards.ownerId, ownerId),
        isNull(legacyStewards.leftAt),
        isNotNull(legacyStewards.acceptedAt),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(asc(legacyStewards.acceptedAt));
  return rows.map((r) => ({ ...r.steward, stewardEmail: r.email, stewardName: r.fullName }));
}

export async function stewardNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.fullName]));
}

export async function openRelease(db: Db, ownerId: string): Promise<ReleaseRow | undefined> {
  const [row] = await db
    .select()
    .from(legacyReleases)
    .where(and(eq(legacyReleases.ownerId, ownerId), OPEN));
  return row;
}

/** The member's latest release, open or not. */
export async function latestRelease(db: Db, ownerId: string): Promise<ReleaseRow | undefined> {
  const [row] = await db
    .select()
    .from(legacyReleases)
    .where(eq(legacyReleases.ownerId, ownerId))
    .orderBy(desc(legacyReleases.startedAt), desc(legacyReleases.id))
    .limit(1);
  return row;
}

export async function findRelease(db: Db, id: string): Promise<ReleaseRow | undefined> {
  const [row] = await db.select().from(legacyReleases).where(eq(legacyReleases.id, id));
  return row;
}

/** A release's reports by stewards who still are (not removed, still members), oldest first. */
export async function standingReports(db: Db, releaseId: string) {
  return db
    .select({
      stewardRowId: legacyDeathReports.stewardRowId,
      stewardName: users.fullName,
      dateOfDeath: legacyDeathReports.dateOfDeath,
      reportedAt: legacyDeathReports.reportedAt,
    })
    .from(legacyDeathReports)
    .innerJoin(legacyStewards, eq(legacyStewards.id, legacyDeathReports.stewardRowId))
    .innerJoin(users, eq(users.id, legacyStewards.stewardId))
    .where(
      and(
        eq(legacyDeathReports.releaseId, releaseId),
        isNull(legacyStewards.leftAt),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(asc(legacyDeathReports.reportedAt));
}

export async function updateRelease(
  db: Db,
  id: string,
  values: Partial<typeof legacyReleases.$inferInsert>,
): Promise<void> {
  await db
    .update(legacyReleases)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(legacyReleases.id, id));
}

/** Releases whose waiting period runs: the timer's work. */
export function waitingReleases(db: Db): Promise<ReleaseRow[]> {
  return db.select().from(legacyReleases).where(eq(legacyReleases.state, 'waiting'));
}

export function openReleases(db: Db): Promise<ReleaseRow[]> {
  return db.select().from(legacyReleases).where(OPEN);
}

/** Released legacies whose months of access have ended by `now`. */
export function endedAccess(db: Db, now: Date): Promise<ReleaseRow[]> {
  return db
    .select()
    .from(legacyReleases)
    .where(and(eq(legacyReleases.state, 'released'), lte(legacyReleases.accessUntil, now)));
}

/** Members with an inactivity trigger, their last sign-in (or joining) and any warning sent. */
export function inactivityPlans(db: Db) {
  return db
    .select({
      userId: legacyPlans.userId,
      months: legacyPlans.inactivityMonths,
      warned: legacyPlans.inactivityWarned,
      lastActive: sql<Date>`coalesce(${users.lastSignInAt}, ${users.createdAt})`.mapWith(
        (v: string | Date) => new Date(v),
      ),
      email: users.email,
      fullName: users.fullName,
    })
    .from(legacyPlans)
    .innerJoin(users, eq(users.id, legacyPlans.userId))
    .where(
      and(
        isNotNull(legacyPlans.inactivityMonths),
        isNull(users.deletedAt),
        isNull(users.disabledAt),
      ),
    );
}

export async function accessByToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ access: legacyAccess, release: legacyReleases })
    .from(legacyAccess)
    .innerJoin(legacyReleases, eq(legacyReleases.id, legacyAccess.releaseId))
    .where(eq(legacyAccess.tokenHash, tokenHash));
  return row;
}

export async function logView(db: Db, accessId: string, kind: 'view' | 'download', at: Date) {
  await db.insert(legacyAccessViews).values({ accessId, kind, at });
}

/** Who read or downloaded the member's released legacy, newest first (at most 200). */
export function viewsOf(db: Db, ownerId: string) {
  return db
    .select({ email: legacyAccess.email, kind: legacyAccessViews.kind, at: legacyAccessViews.at })
    .from(legacyAccessViews)
    .innerJoin(legacyAccess, eq(legacyAccess.id, legacyAccessViews.accessId))
    .innerJoin(legacyReleases, eq(legacyReleases.id, legacyAccess.releaseId))
    .where(eq(legacyReleases.ownerId, ownerId))
    .orderBy(desc(legacyAccessViews.at))
    .limit(200);
}

export async function revokeAccess(
  db: Db,
  where: { releaseId: string } | { stewardRowId: string },
  now: Date,
): Promise<void> {
  await db
    .update(legacyAccess)
    .set({ revokedAt: now })
    .where(
      and(
        isNull(legacyAccess.revokedAt),
        'releaseId' in where
          ? eq(legacyAccess.releaseId, where.releaseId)
          : eq(legacyAccess.stewardRowId, where.stewardRowId),
      ),
    );
}

/** The member's ownership successor on one of their memorials, offered as the first steward. */
export async function ownershipSuccessor(db: Db, ownerId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(memorials)
    .innerJoin(users, eq(users.id, memorials.successorId))
    .where(and(eq(memorials.ownerId, ownerId), isNull(users.deletedAt)))
    .orderBy(asc(memorials.createdAt))
    .limit(1);
  return row;
}

/** The members a steward looks after (their accepted, current stewardships). */
export function stewardshipsOf(db: Db, stewardId: string) {
  return db
    .select({ steward: legacyStewards, memberName: users.fullName })
    .from(legacyStewards)
    .innerJoin(users, eq(users.id, legacyStewards.ownerId))
    .where(
      and(
        eq(legacyStewards.stewardId, stewardId),
        isNull(legacyStewards.leftAt),
        isNotNull(legacyStewards.acceptedAt),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(asc(users.fullName));
}

/** An invitation still open: not accepted, not removed, not expired at `now`. */
export async function pendingInvitation(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(legacyStewards)
    .where(
      and(
        eq(legacyStewards.tokenHash, tokenHash),
        isNull(legacyStewards.leftAt),
        isNull(legacyStewards.acceptedAt),
        gt(legacyStewards.expiresAt, now),
      ),
    );
  return row;
}

export async function updatePlan(
  db: Db,
  userId: string,
  values: Partial<typeof legacyPlans.$inferInsert>,
): Promise<void> {
  await db
    .update(legacyPlans)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(legacyPlans.userId, userId));
}

export async function insertSteward(
  db: Db,
  values: typeof legacyStewards.$inferInsert,
): Promise<StewardRow> {
  const [row] = await db.insert(legacyStewards).values(values).returning();
  return row!;
}

export async function updateSteward(
  db: Db,
  id: string,
  values: Partial<typeof legacyStewards.$inferInsert>,
): Promise<void> {
  await db.update(legacyStewards).set(values).where(eq(legacyStewards.id, id));
}

export async function findSteward(db: Db, id: string): Promise<StewardRow | undefined> {
  const [row] = await db.select().from(legacyStewards).where(eq(legacyStewards.id, id));
  return row;
}

export async function insertRelease(
  db: Db,
  values: typeof legacyReleases.$inferInsert,
): Promise<ReleaseRow> {
  const [row] = await db.insert(legacyReleases).values(values).returning();
  return row!;
}

export async function insertReport(
  db: Db,
  values: typeof legacyDeathReports.$inferInsert,
): Promise<void> {
  await db.insert(legacyDeathReports).values(values).onConflictDoNothing();
}

export async function insertAccess(
  db: Db,
  values: typeof legacyAccess.$inferInsert,
): Promise<void> {
  await db.insert(legacyAccess).values(values);
}

/** The readers of a release whose access stands (not revoked). */
export function standingAccess(db: Db, releaseId: string): Promise<AccessRow[]> {
  return db
    .select()
    .from(legacyAccess)
    .where(and(eq(legacyAccess.releaseId, releaseId), isNull(legacyAccess.revokedAt)));
}

export async function noteSignIn(db: Db, userId: string, at: Date): Promise<void> {
  await db.update(users).set({ lastSignInAt: at }).where(eq(users.id, userId));
  await db
    .update(legacyPlans)
    .set({ inactivityWarned: null })
    .where(and(eq(legacyPlans.userId, userId), isNotNull(legacyPlans.inactivityWarned)));
}

export async function findMember(db: Db, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, id));
  return row;
}
