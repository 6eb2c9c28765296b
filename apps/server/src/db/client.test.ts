import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.js';
import { memorials, users } from './schema/index.js';

// The embedded engine is opened here whatever TEST_DATABASE_URL says: what is checked is the
// adapter between drizzle and PGlite, which only the embedded engine has.
describe('the PGlite client drizzle reads through', () => {
  let database: Database;
  let memorialId: string;

  beforeAll(async () => {
    database = await openDatabase({});
    await database.migrate();
    const [owner] = await database.db
      .insert(users)
      .values({
        userName: 'ada',
        email: 'ada@example.org',
        fullName: 'Ada Example',
        passwordHash: 'not-a-real-hash',
      })
      .returning({ id: users.id });
    const [memorial] = await database.db
      .insert(memorials)
      .values({
        ownerId: owner!.id,
        title: 'Ada Example',
        dateOfBirth: '1931-02-28',
        deathDate: '2020-12-31',
        createdAt: new Date('2021-01-02T03:04:05.678Z'),
      })
      .returning({ id: memorials.id });
    memorialId = memorial!.id;
  });

  afterAll(() => database.close());

  const readBack = (db: Database['db']) =>
    db
      .select({
        born: memorials.dateOfBirth,
        died: memorials.deathDate,
        createdAt: memorials.createdAt,
        tags: memorials.tags,
      })
      .from(memorials)
      .where(eq(memorials.id, memorialId));

  it('returns dates as the stored text and timestamps as the exact instant', async () => {
    expect(await readBack(database.db)).toEqual([
      {
        born: '1931-02-28',
        died: '2020-12-31',
        createdAt: new Date('2021-01-02T03:04:05.678Z'),
        tags: [],
      },
    ]);
  });

  it('returns the same inside a transaction', async () => {
    const inside = await database.db.transaction((tx) => readBack(tx as unknown as Database['db']));
    expect(inside).toEqual(await readBack(database.db));
  });

  it('leaves raw dates, timestamps and intervals as text rather than JavaScript dates', async () => {
    const result = (await database.db.execute(
      sql`SELECT '1931-02-28'::date AS day, '2021-01-02 03:04:05+00'::timestamptz AS at, '1 day'::interval AS span`,
    )) as unknown as { rows: unknown[] };
    expect(result.rows).toEqual([
      { day: '1931-02-28', at: '2021-01-02 03:04:05+00', span: '1 day' },
    ]);
  });
});
