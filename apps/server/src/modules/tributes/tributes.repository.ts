import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { flowers, prayers, users } from '../../db/schema/index.js';
import { isUuid } from '../../lib/ids.js';
import {
  cursorText,
  olderThan,
  toPage,
  type ItemWithOwner,
  type PageRequest,
} from './tribute-items.js';

export type FlowerRow = typeof flowers.$inferSelect;
export type NewFlowerRow = typeof flowers.$inferInsert;
export type PrayerRow = typeof prayers.$inferSelect;
export type NewPrayerRow = typeof prayers.$inferInsert;

export async function listFlowers(db: Db, page: PageRequest) {
  const rows: ItemWithOwner<FlowerRow>[] = await db
    .select({ item: flowers, ownerName: users.fullName, cursorAt: cursorText(flowers.createdAt) })
    .from(flowers)
    .innerJoin(users, eq(users.id, flowers.ownerId))
    .where(
      and(
        eq(flowers.memorialId, page.memorialId),
        olderThan(flowers.createdAt, flowers.id, page.cursor),
      ),
    )
    .orderBy(desc(flowers.createdAt), desc(flowers.id))
    .limit(page.limit + 1);
  return toPage(rows, page.limit);
}

export async function insertFlower(db: Db, values: NewFlowerRow): Promise<FlowerRow> {
  const [row] = await db.insert(flowers).values(values).returning();
  return row!;
}

export async function findFlower(db: Db, id: string): Promise<FlowerRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(flowers).where(eq(flowers.id, id)).limit(1);
  return row;
}

export async function deleteFlower(db: Db, id: string): Promise<FlowerRow | undefined> {
  const [row] = await db.delete(flowers).where(eq(flowers.id, id)).returning();
  return row;
}

export async function listPrayers(db: Db, page: PageRequest) {
  const rows: ItemWithOwner<PrayerRow>[] = await db
    .select({ item: prayers, ownerName: users.fullName, cursorAt: cursorText(prayers.createdAt) })
    .from(prayers)
    .innerJoin(users, eq(users.id, prayers.ownerId))
    .where(
      and(
        eq(prayers.memorialId, page.memorialId),
        olderThan(prayers.createdAt, prayers.id, page.cursor),
      ),
    )
    .orderBy(desc(prayers.createdAt), desc(prayers.id))
    .limit(page.limit + 1);
  return toPage(rows, page.limit);
}

export async function insertPrayer(db: Db, values: NewPrayerRow): Promise<PrayerRow> {
  const [row] = await db.insert(prayers).values(values).returning();
  return row!;
}

export async function findPrayer(db: Db, id: string): Promise<PrayerRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(prayers).where(eq(prayers.id, id)).limit(1);
  return row;
}

export async function deletePrayer(db: Db, id: string): Promise<PrayerRow | undefined> {
  const [row] = await db.delete(prayers).where(eq(prayers.id, id)).returning();
  return row;
}
