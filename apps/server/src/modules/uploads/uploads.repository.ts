import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { TRIBUTE_KINDS } from '../tributes/tribute-kinds.js';

export interface Usage {
  bytes: number;
  count: number;
}

export interface UploadScope {
  memorialId: string;
  userId: string;
}

/**
 * What one memorial holds and what one member has uploaded, summed over every kind of item that
 * stores files (only rows with a file: a bouquet is one of the product's own pictures). Each
 * table answers from its memorial and owner indexes in one query.
 */
export async function uploadUsage(
  db: Db,
  scope: UploadScope,
): Promise<{ memorial: Usage; user: Usage }> {
  const withFiles = TRIBUTE_KINDS.flatMap(({ table, file }) => (file ? [{ table, file }] : []));
  const rows = await Promise.all(
    withFiles.map(async ({ table, file }) => {
      const { memorialId, ownerId } = table;
      const { bytes } = file;
      const onMemorial = sql`${memorialId} = ${scope.memorialId}`;
      const byUser = sql`${ownerId} = ${scope.userId}`;
      const [row] = await db
        .select({
          memorialBytes: sql`coalesce(sum(${bytes}) filter (where ${onMemorial}), 0)`.mapWith(
            Number,
          ),
          memorialCount: sql`count(*) filter (where ${onMemorial})`.mapWith(Number),
          userBytes: sql`coalesce(sum(${bytes}) filter (where ${byUser}), 0)`.mapWith(Number),
          userCount: sql`count(*) filter (where ${byUser})`.mapWith(Number),
        })
        .from(table)
        .where(
          and(isNotNull(file.key), or(eq(memorialId, scope.memorialId), eq(ownerId, scope.userId))),
        );
      return row!;
    }),
  );
  const total = (key: keyof (typeof rows)[number]) => rows.reduce((sum, r) => sum + r[key], 0);
  return {
    memorial: { bytes: total('memorialBytes'), count: total('memorialCount') },
    user: { bytes: total('userBytes'), count: total('userCount') },
  };
}
