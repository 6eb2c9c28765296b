import { and, eq, getTableName, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { memorials, users } from '../../db/schema/index.js';
import { isUuid } from '../../lib/ids.js';
import type { Storage } from '../../storage/storage.js';
import { listedMemorials, type MemorialRow } from '../memorials/memorials.policy.js';
import { TRIBUTE_KINDS } from '../tributes/tribute-kinds.js';

/**
 * A column that points at stored files, and the top-level storage folder they live in. Every
 * stored file is pointed at by exactly one of these; the storage check, backup, media serving
 * and memorial deletion all read STORED_FILE_REFERENCES, so no folder can be backed up but not
 * checked, or checked without its rows (which would quarantine all of its files).
 */
export interface StoredFileReference {
  folder: string;
  table: PgTable;
  key: PgColumn;
  /**
   * Whether anyone may fetch the picture stored under `key` without a signed link: decided by
   * the row that owns it, never by the folder's name. False when no row owns it.
   */
  isPublic(db: Db, key: string): Promise<boolean>;
}

async function exists(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  join?: SQL,
): Promise<boolean> {
  const query = db.select({ one: sql`1` }).from(table);
  const rows = await (join ? query.innerJoin(memorials, join) : query).where(where).limit(1);
  return rows.length > 0;
}

/** A member's picture shows beside everything they leave, to everyone. */
const avatars: StoredFileReference = {
  folder: 'avatars',
  table: users,
  key: users.avatarKey,
  isPublic: (db, key) => exists(db, users, eq(users.avatarKey, key)),
};

/** A memorial's picture is public when a visitor who is not signed in may see the memorial. */
const memorialPictures: StoredFileReference = {
  folder: 'memorials',
  table: memorials,
  key: memorials.imageKey,
  isPublic: (db, key) =>
    exists(db, memorials, and(eq(memorials.imageKey, key), listedMemorials(null))),
};

/**
 * An item's file is public when its kind is for everyone, it is published (a pending or hidden
 * item's picture goes only to those its presenter signs it for) and its memorial is public.
 */
const itemFiles: StoredFileReference[] = TRIBUTE_KINDS.flatMap((kind) => {
  const file = kind.file;
  if (!file) return [];
  return [
    {
      folder: file.folder,
      table: kind.table,
      key: file.key,
      isPublic: async (db, key) =>
        kind.audience === 'everyone' &&
        exists(
          db,
          kind.table,
          and(eq(file.key, key), eq(kind.table.status, 'published'), listedMemorials(null)),
          eq(memorials.id, kind.table.memorialId),
        ),
    },
  ];
});

export const STORED_FILE_REFERENCES: readonly StoredFileReference[] = [
  avatars,
  memorialPictures,
  ...itemFiles,
];

/** Top-level storage folders; every stored key starts with one of these. */
export const STORAGE_FOLDERS: readonly string[] = STORED_FILE_REFERENCES.map((r) => r.folder);

/** Table and column names, for maintenance code that reads them in raw SQL. */
export function referenceColumns(): { folder: string; table: string; column: string }[] {
  return STORED_FILE_REFERENCES.map((r) => ({
    folder: r.folder,
    table: getTableName(r.table),
    column: r.key.name,
  }));
}

/** Whether the row owning the picture at `key` (`folder/yyyy/mm/uuid/width.webp`) lets anyone see it. */
export async function isPublicPicture(db: Db, key: string): Promise<boolean> {
  const reference = STORED_FILE_REFERENCES.find((r) => key.startsWith(`${r.folder}/`));
  return reference ? reference.isPublic(db, key.slice(0, key.lastIndexOf('/'))) : false;
}

/** Every stored file of a memorial: its picture and the files of everything left on it. */
export async function storedKeysOfMemorial(db: Db, memorial: MemorialRow): Promise<string[]> {
  const itemKeys = await Promise.all(
    TRIBUTE_KINDS.map(async (kind) => {
      if (!kind.file) return [];
      const rows = await db
        .select({ key: kind.file.key })
        .from(kind.table)
        .where(and(eq(kind.table.memorialId, memorial.id), isNotNull(kind.file.key)));
      return rows.map((r) => r.key as string);
    }),
  );
  return [memorial.imageKey, ...itemKeys.flat()].filter((k): k is string => Boolean(k));
}

/**
 * An upload's folder: `folder/yyyy/mm/uuid`, which holds all its files (a picture's variants,
 * or a document alone). Null for a key of another shape.
 */
export function uploadFolder(key: string): string | null {
  const parts = key.split('/');
  return parts.length >= 4 && isUuid(parts[3]!) ? parts.slice(0, 4).join('/') : null;
}

/** Removes one upload's files: its whole folder, or a key of another shape as it is, file or folder. */
export async function removeUpload(storage: Storage, key: string): Promise<void> {
  const folder = uploadFolder(key);
  if (folder) return storage.deletePrefix(folder);
  await storage.delete(key);
  await storage.deletePrefix(key);
}
