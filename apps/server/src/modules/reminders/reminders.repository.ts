import { and, asc, count, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  anniversaryReminderSends,
  anniversaryReminders,
  memorials,
  users,
} from '../../db/schema/index.js';
import { memorialVisibleTo } from '../memorials/memorial-visibility.js';
import { visibleMemorials } from '../memorials/memorials.policy.js';
import type { UserRow } from '../users/users.repository.js';

export type ReminderRow = typeof anniversaryReminders.$inferSelect;

const MEMORIAL_DAYS = {
  memorialTitle: memorials.title,
  dateOfBirth: memorials.dateOfBirth,
  deathDate: memorials.deathDate,
  observeYahrzeit: memorials.observeYahrzeit,
  diedAfterSunset: memorials.diedAfterSunset,
};

export async function findReminder(db: Db, userId: string, memorialId: string) {
  const [row] = await db
    .select()
    .from(anniversaryReminders)
    .where(
      and(eq(anniversaryReminders.userId, userId), eq(anniversaryReminders.memorialId, memorialId)),
    )
    .limit(1);
  return row;
}

export async function countReminders(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(anniversaryReminders)
    .where(eq(anniversaryReminders.userId, userId));
  return row?.n ?? 0;
}

export async function saveReminder(
  db: Db,
  values: Pick<
    ReminderRow,
    'userId' | 'memorialId' | 'birthday' | 'death' | 'yahrzeit' | 'daysBefore' | 'nextDue'
  >,
  now: Date,
): Promise<ReminderRow> {
  const { userId: _u, memorialId: _m, ...changes } = values;
  const [row] = await db
    .insert(anniversaryReminders)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [anniversaryReminders.userId, anniversaryReminders.memorialId],
      set: { ...changes, updatedAt: now },
    })
    .returning();
  return row!;
}

export async function deleteReminder(db: Db, userId: string, memorialId: string) {
  await db
    .delete(anniversaryReminders)
    .where(
      and(eq(anniversaryReminders.userId, userId), eq(anniversaryReminders.memorialId, memorialId)),
    );
}

export async function deleteReminderById(db: Db, id: string): Promise<boolean> {
  const gone = await db
    .delete(anniversaryReminders)
    .where(eq(anniversaryReminders.id, id))
    .returning({ id: anniversaryReminders.id });
  return gone.length > 0;
}

/** The member's reminders of memorials they may still see, by the memorial's name. */
export async function listReminders(db: Db, user: UserRow) {
  return db
    .select({ reminder: anniversaryReminders, ...MEMORIAL_DAYS })
    .from(anniversaryReminders)
    .innerJoin(memorials, eq(memorials.id, anniversaryReminders.memorialId))
    .where(and(eq(anniversaryReminders.userId, user.id), visibleMemorials(user)))
    .orderBy(asc(memorials.title), asc(anniversaryReminders.id))
    .limit(500);
}

/**
 * Reminders due on `today` or before, `limit` at a time, in a stable order: a range read on
 * `anniversary_reminders_next_due_idx`, with what each mail needs, and whether its member may
 * still see the memorial (the site's one rule, with the member's own id and role).
 */
export async function dueReminders(db: Db, today: string, limit: number) {
  return db
    .select({
      reminder: anniversaryReminders,
      memberName: users.fullName,
      memberEmail: users.email,
      memberDisabled: sql<boolean>`${users.disabledAt} IS NOT NULL`,
      visible: sql<boolean>`${memorialVisibleTo({ id: sql`${users.id}`, role: sql`${users.role}` })}`,
      memorialId: memorials.id,
      shortCode: memorials.shortCode,
      ...MEMORIAL_DAYS,
    })
    .from(anniversaryReminders)
    .innerJoin(memorials, eq(memorials.id, anniversaryReminders.memorialId))
    .innerJoin(users, eq(users.id, anniversaryReminders.userId))
    .where(and(isNotNull(anniversaryReminders.nextDue), lte(anniversaryReminders.nextDue, today)))
    .orderBy(asc(anniversaryReminders.nextDue), asc(anniversaryReminders.id))
    .limit(limit);
}

export type DueRow = Awaited<ReturnType<typeof dueReminders>>[number];

/** Claims one send in the ledger: true when it was not claimed before. */
export async function claimSend(
  tx: Db,
  reminderId: string,
  occasion: (typeof anniversaryReminderSends.$inferInsert)['occasion'],
  occursOn: string,
  now: Date,
): Promise<boolean> {
  const claimed = await tx
    .insert(anniversaryReminderSends)
    .values({ reminderId, occasion, occursOn, sentAt: now })
    .onConflictDoNothing()
    .returning({ reminderId: anniversaryReminderSends.reminderId });
  return claimed.length > 0;
}

export async function setNextDue(tx: Db, id: string, nextDue: string | null) {
  await tx.update(anniversaryReminders).set({ nextDue }).where(eq(anniversaryReminders.id, id));
}
