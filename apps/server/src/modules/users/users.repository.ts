import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { isUuid } from '../../lib/ids.js';
import { updateStamped } from '../../lib/sql.js';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Finds an account by user name (any letter case) or by email. */
export async function findUserByLogin(db: Db, identifier: string): Promise<UserRow | undefined> {
  const value = identifier.trim().toLowerCase();
  if (value.includes('@')) return findUserByEmail(db, value);
  return findUserByUserName(db, value);
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function findUserByUserName(db: Db, userName: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.userName})`, userName.toLowerCase()))
    .limit(1);
  return row;
}

export async function insertUser(db: Db, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/** Changes the account (values, or SQL such as a token version bump) and stamps updatedAt. */
export async function updateUser(
  db: Db,
  id: string,
  values: Omit<PgUpdateSetSource<typeof users>, 'id'>,
): Promise<UserRow | undefined> {
  return updateStamped(db, users, id, values);
}

/** Invalidates every access token issued so far to this user. */
export async function bumpTokenVersion(db: Db, id: string): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Sets a new password and revokes every token issued before it, in one statement. */
export async function setPasswordAndRevokeTokens(
  db: Db,
  id: string,
  passwordHash: string,
): Promise<UserRow | undefined> {
  return updateUser(db, id, { passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` });
}
