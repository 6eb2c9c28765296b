import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { documents, memorabilia, photos, users } from '../../db/schema/index.js';
import {
  cursorText,
  olderThan,
  toPage,
  type ItemWithOwner,
  type PageRequest,
} from '../tributes/tribute-items.js';
import { isUuid } from '../../lib/ids.js';

export type PhotoRow = typeof photos.$inferSelect;
export type MemorabiliaRow = typeof memorabilia.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;

export async function listPhotos(db: Db, page: PageRequest) {
  const rows: ItemWithOwner<PhotoRow>[] = await db
    .select({ item: photos, ownerName: users.fullName, cursorAt: cursorText(photos.createdAt) })
    .from(photos)
    .innerJoin(users, eq(users.id, photos.ownerId))
    .where(
      and(
        eq(photos.memorialId, page.memorialId),
        olderThan(photos.createdAt, photos.id, page.cursor),
      ),
    )
    .orderBy(desc(photos.createdAt), desc(photos.id))
    .limit(page.limit + 1);
  return toPage(rows, page.limit);
}

export async function insertPhoto(db: Db, values: typeof photos.$inferInsert): Promise<PhotoRow> {
  const [row] = await db.insert(photos).values(values).returning();
  return row!;
}

export async function findPhoto(db: Db, id: string): Promise<PhotoRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(photos).where(eq(photos.id, id)).limit(1);
  return row;
}

export async function deletePhoto(db: Db, id: string): Promise<PhotoRow | undefined> {
  const [row] = await db.delete(photos).where(eq(photos.id, id)).returning();
  return row;
}

export async function listMemorabilia(db: Db, page: PageRequest) {
  const rows: ItemWithOwner<MemorabiliaRow>[] = await db
    .select({
      item: memorabilia,
      ownerName: users.fullName,
      cursorAt: cursorText(memorabilia.createdAt),
    })
    .from(memorabilia)
    .innerJoin(users, eq(users.id, memorabilia.ownerId))
    .where(
      and(
        eq(memorabilia.memorialId, page.memorialId),
        olderThan(memorabilia.createdAt, memorabilia.id, page.cursor),
      ),
    )
    .orderBy(desc(memorabilia.createdAt), desc(memorabilia.id))
    .limit(page.limit + 1);
  return toPage(rows, page.limit);
}

export async function insertMemorabilia(
  db: Db,
  values: typeof memorabilia.$inferInsert,
): Promise<MemorabiliaRow> {
  const [row] = await db.insert(memorabilia).values(values).returning();
  return row!;
}

export async function findMemorabilia(db: Db, id: string): Promise<MemorabiliaRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(memorabilia).where(eq(memorabilia.id, id)).limit(1);
  return row;
}

export async function deleteMemorabilia(db: Db, id: string): Promise<MemorabiliaRow | undefined> {
  const [row] = await db.delete(memorabilia).where(eq(memorabilia.id, id)).returning();
  return row;
}

export async function listDocuments(db: Db, page: PageRequest) {
  const rows: ItemWithOwner<DocumentRow>[] = await db
    .select({
      item: documents,
      ownerName: users.fullName,
      cursorAt: cursorText(documents.createdAt),
    })
    .from(documents)
    .innerJoin(users, eq(users.id, documents.ownerId))
    .where(
      and(
        eq(documents.memorialId, page.memorialId),
        olderThan(documents.createdAt, documents.id, page.cursor),
      ),
    )
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(page.limit + 1);
  return toPage(rows, page.limit);
}

export async function insertDocument(
  db: Db,
  values: typeof documents.$inferInsert,
): Promise<DocumentRow> {
  const [row] = await db.insert(documents).values(values).returning();
  return row!;
}

export async function findDocument(db: Db, id: string): Promise<DocumentRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
  return row;
}

export async function deleteDocument(db: Db, id: string): Promise<DocumentRow | undefined> {
  const [row] = await db.delete(documents).where(eq(documents.id, id)).returning();
  return row;
}
