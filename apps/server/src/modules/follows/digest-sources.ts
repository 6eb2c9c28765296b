/*
 * What a digest tells, each part from a source (decision 0114): the tributes of every kind the
 * shared kind list puts in the tributes section (a new kind, such as candles, joins by its entry
 * there), the photos when the follower may see the galleries, the life timeline's moments, and
 * the services and events the family added.
 */
import { and, asc, count, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { EVENT_KIND_NAMES, localDateText, localTimeText } from '@rips/shared/events';
import { KIND_PATHS, KINDS } from '@rips/shared/kinds';
import { momentDateText } from '@rips/shared/timeline';
import type { Db } from '../../db/client.js';
import { memorialEvents, memorialMoments, photos, users } from '../../db/schema/index.js';
import type { ItemTable } from '../tributes/tribute-kind.js';
import { TRIBUTE_KIND_BY_PATH } from '../tributes/tribute-kinds.js';

/** What one source reads: the memorial, what the follower may see, and the period told. */
export interface DigestWindow {
  memorialId: string;
  /** The follower may see the photos (`galleryAudience`, or their role on the memorial). */
  canSeeGalleries: boolean;
  /** Items made after `since` and up to `until`. */
  since: Date;
  until: Date;
}

/** One part of a digest: a heading, how many are new, and a line for each of the first few. */
export interface DigestSection {
  heading: string;
  count: number;
  lines: string[];
}

export type DigestSource = (db: Db, window: DigestWindow) => Promise<DigestSection | null>;

/** A section names this many items at most; the count tells the rest. */
export const LINES_SHOWN = 5;

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The published items of one table in the window: how many, and who left the newest. */
async function newItems(db: Db, table: ItemTable, window: DigestWindow) {
  const where = and(
    eq(table.memorialId, window.memorialId),
    eq(table.status, 'published'),
    gt(table.createdAt, window.since),
    lte(table.createdAt, window.until),
  );
  const [total] = await db.select({ n: count() }).from(table).where(where);
  const n = total?.n ?? 0;
  if (n === 0) return { n, names: [] as string[] };
  const rows = await db
    .select({ name: sql<string>`coalesce(${table.authorName}, ${users.fullName}, '')` })
    .from(table)
    .leftJoin(users, eq(users.id, table.ownerId))
    .where(where)
    .orderBy(desc(table.createdAt))
    .limit(LINES_SHOWN);
  return { n, names: rows.map((r) => r.name) };
}

/** Every kind in the tributes section of the shared kind list, one source each. */
const tributeSources: DigestSource[] = KIND_PATHS.filter(
  (path) => KINDS[path].section === 'tributes',
).map((path) => async (db, window) => {
  const spec = KINDS[path];
  const { n, names } = await newItems(db, TRIBUTE_KIND_BY_PATH[path].table, window);
  if (n === 0) return null;
  return {
    heading: capital(spec.plural),
    count: n,
    lines: names.map((name) => (name ? `${capital(spec.one)} from ${name}` : capital(spec.one))),
  };
});

export const newPhotos: DigestSource = async (db, window) => {
  if (!window.canSeeGalleries) return null;
  const { n, names } = await newItems(db, photos as unknown as ItemTable, window);
  if (n === 0) return null;
  const by = [...new Set(names.filter(Boolean))];
  return {
    heading: 'Photos',
    count: n,
    lines: [
      `${n === 1 ? 'A photo' : `${n} photos`} shared${by.length ? ` by ${by.join(', ')}` : ''}`,
    ],
  };
};

export const newMoments: DigestSource = async (db, window) => {
  const where = and(
    eq(memorialMoments.memorialId, window.memorialId),
    eq(memorialMoments.status, 'published'),
    gt(memorialMoments.createdAt, window.since),
    lte(memorialMoments.createdAt, window.until),
  );
  const [total] = await db.select({ n: count() }).from(memorialMoments).where(where);
  const n = total?.n ?? 0;
  if (n === 0) return null;
  const rows = await db
    .select()
    .from(memorialMoments)
    .where(where)
    .orderBy(memorialMoments.year, memorialMoments.month, memorialMoments.day)
    .limit(LINES_SHOWN);
  return {
    heading: 'Life timeline',
    count: n,
    lines: rows.map((m) => `${momentDateText(m)}: ${m.title}`),
  };
};

/** Services and events the family added in the window and has not closed, soonest first. */
export const newEvents: DigestSource = async (db, window) => {
  const where = and(
    eq(memorialEvents.memorialId, window.memorialId),
    isNull(memorialEvents.closedAt),
    gt(memorialEvents.createdAt, window.since),
    lte(memorialEvents.createdAt, window.until),
  );
  const [total] = await db.select({ n: count() }).from(memorialEvents).where(where);
  const n = total?.n ?? 0;
  if (n === 0) return null;
  const rows = await db
    .select()
    .from(memorialEvents)
    .where(where)
    .orderBy(asc(memorialEvents.startsAt))
    .limit(LINES_SHOWN);
  return {
    heading: 'Services and events',
    count: n,
    lines: rows.map(
      (e) =>
        `${EVENT_KIND_NAMES[e.kind]}: ${e.title}, ${localDateText(e.startsLocal)} at ${localTimeText(e.startsLocal)} (${e.timeZone})${e.placeName ? `, ${e.placeName}` : ''}`,
    ),
  };
};

/** The digest's parts, in the order the mail shows them. */
export const DIGEST_SOURCES: readonly DigestSource[] = [
  newEvents,
  ...tributeSources,
  newPhotos,
  newMoments,
];
