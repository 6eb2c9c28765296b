import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { memorialLikes, memorialPeople, memorials, users } from '../../db/schema/index.js';
import { searchWords } from '@rips/shared/memorials';
import { uniqueViolation } from '../../lib/db-errors.js';
import { changedAny, escapeLike, updateStamped } from '../../lib/sql.js';
import type { UserRow } from '../users/users.repository.js';
import {
  listedMemorials,
  visibleMemorials,
  visibleMemorialsPrepared,
  viewerPlaceholders,
  type MemorialRole,
  type MemorialRow,
} from './memorials.policy.js';

export type NewMemorialRow = typeof memorials.$inferInsert;

/** Where a list page ends: the last row's creation time (as Postgres prints it, exact to the microsecond) and id. */
export interface ListPosition {
  createdAt: string;
  id: string;
}

export interface ListPageResult {
  rows: MemorialRow[];
  next: ListPosition | null;
}

interface RawPosition {
  id: string;
  cursor_at: string;
}

/** `db.execute` answers `{ rows }` on both drivers; only the row type needs saying. */
async function executeRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A search matching at least this many memorials counts as common: its page is found by walking
 * the newest memorials and testing each, which meets a dozen matches within a few hundred rows.
 */
const COMMON_MATCHES = 300;

/** Newest first, exactly as the created_at index is ordered (its NULLS LAST must be spelt out). */
const NEWEST_FIRST = sql.raw('ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST');

/** A memorial's words, as the search vocabulary and its index hold them (migration 0010). */
const MEMORIAL_WORDS = sql.raw('memorial_search_words(title, description, tags_text)');

/**
 * Search words looked up in the vocabulary: at least 3 characters (its trigram index needs
 * them) and at most 60 (the vocabulary keeps any part of a long word up to 64 characters long
 * inside one piece; the margin covers a letter that lower-cases to two).
 */
const VOCABULARY_WORD_LENGTH = { min: 3, max: 60 };
/** A search word found inside more vocabulary words than this is common: it is tested as text. */
const VOCABULARY_MATCHES_MAX = 200;

/**
 * The search words that can be looked up in the vocabulary, each with its place in the
 * statement's `vocabulary` CTE (see vocabularyLists).
 */
function vocabularyWords(words: string[]): string[] {
  return words.filter((word) => {
    const length = [...word].length;
    return length >= VOCABULARY_WORD_LENGTH.min && length <= VOCABULARY_WORD_LENGTH.max;
  });
}

/**
 * The vocabulary words containing each of `looked`, as a CTE of the search's own statement:
 * row `i` holds the list of `looked[i]`, read up to one word past `max` so that a common word
 * shows itself. Looking them up in the same statement as the matches saves a round trip to the
 * database, which on PostgreSQL costs more than the lookup (decision 0107).
 */
function vocabularyLists(looked: string[], max: number): SQL {
  const lists = looked.map(
    (word, i) =>
      sql`SELECT ${i}::int AS i, ARRAY(SELECT word FROM search_vocabulary
           WHERE word LIKE search_fold(${`%${escapeLike(word)}%`}) ESCAPE '\\' LIMIT ${max + 1}) AS words`,
  );
  return sql`vocabulary AS MATERIALIZED (${sql.join(lists, sql` UNION ALL `)}),`;
}

/**
 * Every word of the search is a substring of the title, the description or a tag, ignoring
 * letter case and accents on both sides (`search_fold`, migration 0017; decision 0102), in any
 * order, each word anywhere: "Robert Hale" finds "Robert James Hale", "Jose" finds "José". One
 * word is the spec's substring rule. A word with its vocabulary words (`inVocabulary`) is
 * tested as "the memorial holds one of those words", which is the same test: a search word has
 * no white space, so it is a substring of the text exactly when it is a substring of one of the
 * text's words.
 * That test is one lookup per word in the memorials' word index, where the trigram indexes read
 * the long lists of every common trigram of the word ("the", "her"). Other words are tested
 * as text, each with its trigram index.
 */
function searchMatch(words: string[], inVocabulary: Map<string, number>): SQL {
  const tests = words.map((word) => {
    const list = inVocabulary.get(word);
    if (list !== undefined) {
      return sql`${MEMORIAL_WORDS} && (SELECT words FROM vocabulary WHERE i = ${list}::int)`;
    }
    const pattern = `%${escapeLike(word)}%`;
    return sql`(search_fold(title) LIKE search_fold(${pattern}) ESCAPE '\\'
      OR search_fold(description) LIKE search_fold(${pattern}) ESCAPE '\\'
      OR search_fold(tags_text) LIKE search_fold(${pattern}) ESCAPE '\\')`;
  });
  return sql`(${sql.join(tests, sql` AND `)})`;
}

/** Where one page of a list ends: its memorials' ids, in order, and the next page's start. */
export interface ListPagePositions {
  ids: string[];
  next: ListPosition | null;
}

export interface ListPageOptions {
  search: string;
  limit: number;
  after: ListPosition | null;
  commonMatches?: number;
  vocabulary?: boolean;
  vocabularyMatchesMax?: number;
}

/**
 * One page of the memorials `viewer` may see, newest first, optionally matching `search`
 * (see searchMatch).
 */
export async function listMemorialPage(
  db: Db,
  viewer: UserRow | null,
  options: ListPageOptions,
): Promise<ListPageResult> {
  const { ids, next } = await listMemorialPagePositions(db, viewer, options);
  return { rows: await findMemorialsInOrder(db, viewer, ids), next };
}

/**
 * The ids of one page of the memorials `viewer` may see (see listMemorialPage), so that the
 * rows and what lists show beside them can be read at the same time.
 *
 * A rare search is answered from the indexes: the matches are collected in a MATERIALIZED CTE
 * (at most COMMON_MATCHES of them) and sorted, instead of the planner's habit of walking the
 * whole created_at index and testing every row (`ILIKE ... ORDER BY ... LIMIT`). The search
 * words' vocabulary words are looked up in the same statement (vocabularyLists). When the CTE
 * fills up, the search is common and that walk is the fast plan, so it is used, testing each
 * row's text (cheaper per row than splitting it into words). A word found inside more than
 * `vocabularyMatchesMax` vocabulary words is common too: the statement is asked again with that
 * word tested as text. `vocabulary: false` tests every word as text, for the tests that compare
 * both ways.
 */
export async function listMemorialPagePositions(
  db: Db,
  viewer: UserRow | null,
  options: ListPageOptions,
): Promise<ListPagePositions> {
  const {
    search,
    limit,
    after,
    commonMatches = COMMON_MATCHES,
    vocabulary = true,
    vocabularyMatchesMax = VOCABULARY_MATCHES_MAX,
  } = options;
  const position = after
    ? sql`AND (created_at, id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : sql``;
  const visible = listedMemorials(viewer);
  const words = searchWords(search);
  let positions: RawPosition[];
  if (words.length === 0) {
    positions = await executeRows<RawPosition>(
      db,
      sql`SELECT id, created_at::text AS cursor_at FROM memorials WHERE ${visible} ${position} ${NEWEST_FIRST} LIMIT ${limit + 1}`,
    );
  } else {
    let looked = vocabulary ? vocabularyWords(words) : [];
    let rare: (RawPosition & { matched: number; sizes: number[] | null })[];
    for (;;) {
      const inVocabulary = new Map(looked.map((word, i) => [word, i]));
      rare = await executeRows(
        db,
        sql`WITH ${looked.length > 0 ? vocabularyLists(looked, vocabularyMatchesMax) : sql``}
            matches AS MATERIALIZED (
              SELECT id, created_at FROM memorials
              WHERE ${searchMatch(words, inVocabulary)} AND ${visible} LIMIT ${commonMatches}
            )
            SELECT c.matched, c.sizes, p.id, p.cursor_at
            FROM (SELECT count(*)::int AS matched,
                         ${looked.length > 0 ? sql`(SELECT array_agg(cardinality(words) ORDER BY i) FROM vocabulary)` : sql`NULL::int[]`} AS sizes
                  FROM matches) c
            LEFT JOIN LATERAL (
              SELECT id, created_at, created_at::text AS cursor_at FROM matches
              WHERE true ${position} ${NEWEST_FIRST} LIMIT ${limit + 1}
            ) p ON true
            ORDER BY p.created_at DESC, p.id DESC`,
      );
      // A common word's list was cut short, so the matches may be too few: that word is tested
      // as text instead.
      const sizes = rare[0]?.sizes ?? [];
      const common = new Set(looked.filter((_, i) => (sizes[i] ?? 0) > vocabularyMatchesMax));
      if (common.size === 0) break;
      looked = looked.filter((word) => !common.has(word));
    }
    positions =
      (rare[0]?.matched ?? 0) < commonMatches
        ? rare.filter((r) => r.id !== null)
        : await executeRows<RawPosition>(
            db,
            sql`SELECT id, created_at::text AS cursor_at FROM memorials
                WHERE ${searchMatch(words, new Map())} AND ${visible} ${position} ${NEWEST_FIRST} LIMIT ${limit + 1}`,
          );
  }
  const page = positions.slice(0, limit);
  const last = page[page.length - 1];
  const next = positions.length > limit && last ? { createdAt: last.cursor_at, id: last.id } : null;
  return { ids: page.map((p) => p.id), next };
}

/** Full rows for `ids` that `viewer` may see, in the order given. */
export async function findMemorialsInOrder(
  db: Db,
  viewer: UserRow | null,
  ids: string[],
): Promise<MemorialRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(memorials)
    .where(and(inArray(memorials.id, ids), visibleMemorials(viewer)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is MemorialRow => Boolean(r));
}

/** A member's own memorials, newest first. */
export async function listOwnedMemorials(db: Db, owner: UserRow): Promise<MemorialRow[]> {
  return db
    .select()
    .from(memorials)
    .where(and(eq(memorials.ownerId, owner.id), visibleMemorials(owner)))
    .orderBy(desc(memorials.createdAt), desc(memorials.id))
    .limit(500);
}

/** Memorials a member helps with (as a manager or a contributor), newest first. */
export async function listContributedMemorials(db: Db, member: UserRow): Promise<MemorialRow[]> {
  const rows = await db
    .select({ memorial: memorials })
    .from(memorialPeople)
    .innerJoin(memorials, eq(memorials.id, memorialPeople.memorialId))
    .where(
      and(
        eq(memorialPeople.userId, member.id),
        inArray(memorialPeople.role, ['manager', 'contributor']),
        visibleMemorials(member),
      ),
    )
    .orderBy(desc(memorials.createdAt), desc(memorials.id))
    .limit(500);
  return rows.map((r) => r.memorial);
}

/** Contributor ids of each memorial in `ids`. */
export async function contributorsOf(db: Db, ids: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return map;
  const rows = await db
    .select({ memorialId: memorialPeople.memorialId, userId: memorialPeople.userId })
    .from(memorialPeople)
    .where(and(inArray(memorialPeople.memorialId, ids), eq(memorialPeople.role, 'contributor')))
    .orderBy(asc(memorialPeople.createdAt));
  for (const row of rows) map.get(row.memorialId)?.push(row.userId);
  return map;
}

/** Which of `ids` the member likes. */
export async function likedBy(db: Db, userId: string | null, ids: string[]): Promise<Set<string>> {
  if (!userId || ids.length === 0) return new Set();
  const rows = await db
    .select({ memorialId: memorialLikes.memorialId })
    .from(memorialLikes)
    .where(and(eq(memorialLikes.userId, userId), inArray(memorialLikes.memorialId, ids)));
  return new Set(rows.map((r) => r.memorialId));
}

export interface MemorialWithContext {
  row: typeof memorials.$inferSelect;
  ownerName: string;
  contributors: string[];
  likedByMe: boolean;
  myRole: MemorialRole | null;
}

/**
 * A memorial page's read in one query: the row, its owner's name, its contributors and whether
 * the viewer likes it, when the viewer may see it. The embedded database runs queries one at a
 * time, so one beats four; prepared, because building and planning it cost as much again.
 */
function memorialWithContextQuery(db: Db) {
  return db
    .select({
      row: memorials,
      ownerName: users.fullName,
      contributors: sql<string[]>`coalesce((
        select array_agg(c.user_id::text order by c.created_at)
        from ${memorialPeople} c where c.memorial_id = ${memorials.id} and c.role = 'contributor'
      ), '{}'::text[])`,
      myRole: sql<MemorialRole | null>`(select p.role from ${memorialPeople} p where p.memorial_id = ${memorials.id} and p.user_id = ${sql.placeholder('viewerId')})`,
      // A null viewer matches no like, so one statement serves readers signed in or not.
      likedByMe: sql<boolean>`exists(select 1 from ${memorialLikes} l where l.memorial_id = ${memorials.id} and l.user_id = ${sql.placeholder('viewerId')})`,
    })
    .from(memorials)
    .innerJoin(users, eq(users.id, memorials.ownerId))
    .where(and(eq(memorials.id, sql.placeholder('id')), visibleMemorialsPrepared()))
    .limit(1)
    .prepare('memorial_with_context');
}

/** Built once per database: the busiest read skips query building on every request. */
const preparedReads = new WeakMap<Db, ReturnType<typeof memorialWithContextQuery>>();

export async function findMemorialWithContext(
  db: Db,
  id: string,
  viewer: UserRow | null,
): Promise<MemorialWithContext | undefined> {
  let query = preparedReads.get(db);
  if (!query) {
    query = memorialWithContextQuery(db);
    preparedReads.set(db, query);
  }
  const [found] = await query.execute({ id, ...viewerPlaceholders(viewer) });
  return found;
}

export async function findOwnerName(db: Db, ownerId: string): Promise<string> {
  const [row] = await db
    .select({ fullName: users.fullName })
    .from(users)
    .where(eq(users.id, ownerId))
    .limit(1);
  return row?.fullName ?? '';
}

/**
 * Inserts a memorial and its owner's place among its people, together; the database draws its
 * short code. Two memorials drawing the same code (about one in a million inserts with a million
 * memorials) is met by drawing again.
 */
export async function insertMemorial(db: Db, values: NewMemorialRow): Promise<MemorialRow> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx.insert(memorials).values(values).returning();
        await tx
          .insert(memorialPeople)
          .values({ memorialId: row!.id, userId: row!.ownerId, role: 'owner' });
        return row!;
      });
    } catch (error) {
      if (attempt >= 5 || uniqueViolation(error) !== 'memorials_short_code_idx') throw error;
    }
  }
}

export async function updateMemorial(
  db: Db,
  id: string,
  values: Partial<Omit<NewMemorialRow, 'id' | 'ownerId' | 'createdAt'>>,
): Promise<MemorialRow | undefined> {
  return updateStamped(db, memorials, id, values);
}

/** Deletes the memorial; its contributors, likes, tributes and gallery rows go with it (ON DELETE CASCADE). */
export async function deleteMemorialRow(db: Db, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    return changedAny(
      tx.delete(memorials).where(eq(memorials.id, id)).returning({ id: memorials.id }),
    );
  });
}

/**
 * Gives the member `role` on the memorial, adding them when they have none; a member who has one
 * keeps it unless it is `onlyFrom` (when given). False when nothing changed.
 */
export async function grantRole(
  db: Db,
  memorialId: string,
  userId: string,
  role: MemorialRole,
  onlyFrom?: MemorialRole,
): Promise<boolean> {
  return changedAny(
    db
      .insert(memorialPeople)
      .values({ memorialId, userId, role })
      .onConflictDoUpdate({
        target: [memorialPeople.memorialId, memorialPeople.userId],
        set: { role },
        setWhere: onlyFrom ? eq(memorialPeople.role, onlyFrom) : undefined,
      })
      .returning({ userId: memorialPeople.userId }),
  );
}

/** Takes the member off the memorial's people (only if their role is `role`, when given). */
export async function removeMember(
  db: Db,
  memorialId: string,
  userId: string,
  role?: MemorialRole,
): Promise<boolean> {
  return changedAny(
    db
      .delete(memorialPeople)
      .where(
        and(
          eq(memorialPeople.memorialId, memorialId),
          eq(memorialPeople.userId, userId),
          role ? eq(memorialPeople.role, role) : undefined,
        ),
      )
      .returning({ userId: memorialPeople.userId }),
  );
}

/**
 * Makes the member a contributor: a newcomer or a viewer becomes one; false when they already
 * are one, or hold a higher role.
 */
export async function addContributor(db: Db, memorialId: string, userId: string): Promise<boolean> {
  return grantRole(db, memorialId, userId, 'contributor', 'viewer');
}

export async function removeContributor(
  db: Db,
  memorialId: string,
  userId: string,
): Promise<boolean> {
  return removeMember(db, memorialId, userId, 'contributor');
}

/** A memorial's contributors with their names, in the order they were added. */
export async function listContributorMembers(
  db: Db,
  memorialId: string,
): Promise<{ id: string; userName: string; fullName: string }[]> {
  return db
    .select({ id: users.id, userName: users.userName, fullName: users.fullName })
    .from(memorialPeople)
    .innerJoin(users, eq(users.id, memorialPeople.userId))
    .where(and(eq(memorialPeople.memorialId, memorialId), eq(memorialPeople.role, 'contributor')))
    .orderBy(asc(memorialPeople.createdAt), asc(users.id));
}

/**
 * Likes or unlikes, idempotently: the counter moves only when the like row really appears or
 * disappears, in the same transaction, so it never drifts from the rows.
 */
export async function setLike(
  db: Db,
  memorialId: string,
  userId: string,
  liked: boolean,
): Promise<number> {
  return db.transaction(async (tx) => {
    const changed = liked
      ? await tx
          .insert(memorialLikes)
          .values({ memorialId, userId })
          .onConflictDoNothing()
          .returning({ userId: memorialLikes.userId })
      : await tx
          .delete(memorialLikes)
          .where(and(eq(memorialLikes.memorialId, memorialId), eq(memorialLikes.userId, userId)))
          .returning({ userId: memorialLikes.userId });
    const step = changed.length === 0 ? 0 : liked ? 1 : -1;
    const [row] = await tx
      .update(memorials)
      .set({ likesCount: sql`greatest(${memorials.likesCount} + ${step}, 0)` })
      .where(eq(memorials.id, memorialId))
      .returning({ likesCount: memorials.likesCount });
    return row?.likesCount ?? 0;
  });
}

/** Members who could be made contributors: signed-up, not disabled, matching `search` by name. */
export async function findContributorCandidates(
  db: Db,
  options: { search: string; limit: number; excludeId: string },
): Promise<Array<{ id: string; userName: string; fullName: string }>> {
  const conditions: SQL[] = [
    sql`${users.disabledAt} IS NULL`,
    sql`${users.deletedAt} IS NULL`,
    sql`${users.id} <> ${options.excludeId}`,
  ];
  if (options.search) {
    const pattern = `%${escapeLike(options.search.toLowerCase())}%`;
    conditions.push(
      sql`(lower(${users.userName}) LIKE ${pattern} ESCAPE '\\' OR lower(${users.fullName}) LIKE ${pattern} ESCAPE '\\')`,
    );
  }
  return db
    .select({ id: users.id, userName: users.userName, fullName: users.fullName })
    .from(users)
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${users.userName})`))
    .limit(options.limit);
}
