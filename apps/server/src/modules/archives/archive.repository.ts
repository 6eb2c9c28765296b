import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { archiveDownloads, memorialPeople, memorials, users } from '../../db/schema/index.js';
import { usableLink } from '../../lib/one-time-links.js';
import { changedAny } from '../../lib/sql.js';
import {
  visibleMemorials,
  type MemorialRole,
  type MemorialRow,
} from '../memorials/memorials.policy.js';
import type { UserRow } from '../users/users.repository.js';
import type { ItemRow, TributeKind } from '../tributes/tribute-kind.js';
import { TRIBUTE_KINDS } from '../tributes/tribute-kinds.js';

export interface MemorialContents {
  memorial: MemorialRow;
  sponsorName: string;
  /** The memorial's people (`memorial_people`): owner, managers, contributors, viewers, by name. */
  people: { fullName: string; role: MemorialRole }[];
  /**
   * Every published item of every kind, oldest first, with its author's name as shown on the
   * page. Items waiting for a manager (`pending`) or taken down (`hidden`) stay out.
   */
  items: { kind: TributeKind; rows: { row: ItemRow; authorName: string }[] }[];
}

/** Everything a memorial holds, read for its archive (rows only: files are streamed later). */
export async function readMemorialContents(
  db: Db,
  memorial: MemorialRow,
): Promise<MemorialContents> {
  const [sponsor] = await db
    .select({ fullName: users.fullName })
    .from(users)
    .where(eq(users.id, memorial.ownerId));
  const people = await db
    .select({ fullName: users.fullName, role: memorialPeople.role })
    .from(memorialPeople)
    .innerJoin(users, eq(users.id, memorialPeople.userId))
    .where(eq(memorialPeople.memorialId, memorial.id))
    .orderBy(asc(memorialPeople.createdAt), asc(memorialPeople.userId));
  const items = [];
  for (const kind of TRIBUTE_KINDS) {
    const rows = (await db
      .select({ row: kind.table, ownerName: users.fullName })
      .from(kind.table)
      // A guest's item has no owner: its author is the name the guest gave, never an address.
      .leftJoin(users, eq(users.id, kind.table.ownerId))
      .where(and(eq(kind.table.memorialId, memorial.id), eq(kind.table.status, 'published')))
      .orderBy(asc(kind.table.createdAt), asc(kind.table.id))) as unknown as {
      row: ItemRow;
      ownerName: string | null;
    }[];
    items.push({
      kind,
      rows: rows.map(({ row, ownerName }) => ({
        row,
        authorName: row.authorName ?? ownerName ?? '',
      })),
    });
  }
  return {
    memorial,
    sponsorName: sponsor?.fullName ?? '',
    people,
    items,
  };
}

/** The memorials a member owns, oldest first (the take-out holds each one's archive). */
export async function ownedMemorials(db: Db, user: UserRow): Promise<MemorialRow[]> {
  return db
    .select()
    .from(memorials)
    .where(and(eq(memorials.ownerId, user.id), visibleMemorials(user)))
    .orderBy(asc(memorials.createdAt), asc(memorials.id));
}

/** Everything a member left on memorials they may still see, with each memorial's title. */
export async function itemsLeftBy(
  db: Db,
  user: UserRow,
): Promise<{ kind: TributeKind; row: ItemRow; memorialTitle: string }[]> {
  const found: { kind: TributeKind; row: ItemRow; memorialTitle: string }[] = [];
  for (const kind of TRIBUTE_KINDS) {
    const rows = (await db
      .select({ row: kind.table, memorialTitle: memorials.title })
      .from(kind.table)
      .innerJoin(memorials, eq(memorials.id, kind.table.memorialId))
      .where(and(eq(kind.table.ownerId, user.id), visibleMemorials(user)))
      .orderBy(asc(kind.table.createdAt))) as unknown as { row: ItemRow; memorialTitle: string }[];
    found.push(...rows.map((r) => ({ kind, ...r })));
  }
  return found;
}

export type ArchiveRequestRow = typeof archiveDownloads.$inferSelect;

/** What an emailed archive is of: one memorial, or the member's take-out. */
export type ArchiveSubject = { kind: 'memorial'; memorialId: string } | { kind: 'takeout' };

const ofSubject = (userId: string, subject: ArchiveSubject) =>
  and(
    eq(archiveDownloads.userId, userId),
    eq(archiveDownloads.kind, subject.kind),
    subject.kind === 'memorial'
      ? eq(archiveDownloads.memorialId, subject.memorialId)
      : isNull(archiveDownloads.memorialId),
  );

/**
 * Records an emailed archive asked for, still to be built; the unique index
 * `archive_downloads_pending_key` refuses a second one waiting for the same member and subject.
 */
export async function insertArchiveRequest(
  db: Db,
  userId: string,
  subject: ArchiveSubject,
  expiresAt: Date,
): Promise<ArchiveRequestRow> {
  const [row] = await db
    .insert(archiveDownloads)
    .values({
      userId,
      kind: subject.kind,
      memorialId: subject.kind === 'memorial' ? subject.memorialId : null,
      expiresAt,
    })
    .returning();
  return row!;
}

/** The member's archive of `subject` still waiting (being built, or built and not downloaded). */
export async function findWaitingArchive(
  db: Db,
  userId: string,
  subject: ArchiveSubject,
): Promise<ArchiveRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(archiveDownloads)
    .where(
      and(
        ofSubject(userId, subject),
        isNull(archiveDownloads.usedAt),
        // A yearly copy was sent without being asked for: it never holds the member back.
        isNull(archiveDownloads.copyId),
      ),
    );
  return row;
}

export async function findArchiveRequest(
  db: Db,
  id: string,
): Promise<ArchiveRequestRow | undefined> {
  const [row] = await db.select().from(archiveDownloads).where(eq(archiveDownloads.id, id));
  return row;
}

/** Marks a request built: its file, its link's token (hashed) and the link's end. */
export async function completeArchiveRequest(
  db: Db,
  id: string,
  values: {
    tokenHash: string;
    storageKey: string;
    sizeBytes: number;
    fileName: string;
    expiresAt: Date;
  },
): Promise<boolean> {
  return changedAny(
    db
      .update(archiveDownloads)
      .set(values)
      .where(
        and(
          eq(archiveDownloads.id, id),
          isNull(archiveDownloads.tokenHash),
          isNull(archiveDownloads.usedAt),
        ),
      )
      .returning({ id: archiveDownloads.id }),
  );
}

/** Spends a link in one statement: it works once, and only until it expires. */
export async function spendArchiveLink(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<ArchiveRequestRow | undefined> {
  const [row] = await db
    .update(archiveDownloads)
    .set({ usedAt: now })
    .where(usableLink(archiveDownloads, tokenHash, now))
    .returning();
  return row;
}

/** Archives past their end (built or not, used or not), oldest first, at most `limit`. */
export async function expiredArchives(
  db: Db,
  now: Date,
  limit: number,
  userId?: string,
): Promise<ArchiveRequestRow[]> {
  return db
    .select()
    .from(archiveDownloads)
    .where(
      and(
        lte(archiveDownloads.expiresAt, now),
        userId ? eq(archiveDownloads.userId, userId) : sql`true`,
      ),
    )
    .orderBy(asc(archiveDownloads.expiresAt))
    .limit(limit);
}

export async function deleteArchiveRequests(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(archiveDownloads).where(inArray(archiveDownloads.id, ids));
}
