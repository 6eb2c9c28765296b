import { and, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { documents, flowers, memorabilia, photos } from '../../db/schema/index.js';

export interface Usage {
  bytes: number;
  count: number;
}

export interface UploadScope {
  memorialId: string;
  userId: string;
}

/** Every table that holds uploaded files, with the column that says how many bytes each holds. */
const UPLOAD_TABLES: {
  table: PgTable;
  memorialId: PgColumn;
  ownerId: PgColumn;
  bytes: PgColumn;
  stored?: SQL;
}[] = [
  // A bouquet is one of the product's own pictures: only uploaded flowers count.
  {
    table: flowers,
    memorialId: flowers.memorialId,
    ownerId: flowers.ownerId,
    bytes: flowers.byteSize,
    stored: isNotNull(flowers.imageKey),
  },
  { table: photos, memorialId: photos.memorialId, ownerId: photos.ownerId, bytes: photos.byteSize },
  {
    table: memorabilia,
    memorialId: memorabilia.memorialId,
    ownerId: memorabilia.ownerId,
    bytes: memorabilia.byteSize,
  },
  {
    table: documents,
    memorialId: documents.memorialId,
    ownerId: documents.ownerId,
    bytes: documents.sizeBytes,
  },
];

/**
 * What one memorial holds and what one member has uploaded, summed over every upload table.
 * Each table answers from its memorial and owner indexes in one query.
 */
export async function uploadUsage(
  db: Db,
  scope: UploadScope,
): Promise<{ memorial: Usage; user: Usage }> {
  const rows = await Promise.all(
    UPLOAD_TABLES.map(async ({ table, memorialId, ownerId, bytes, stored }) => {
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
        .where(and(stored, or(eq(memorialId, scope.memorialId), eq(ownerId, scope.userId))));
      return row!;
    }),
  );
  const total = (key: keyof (typeof rows)[number]) => rows.reduce((sum, r) => sum + r[key], 0);
  return {
    memorial: { bytes: total('memorialBytes'), count: total('memorialCount') },
    user: { bytes: total('userBytes'), count: total('userCount') },
  };
}
