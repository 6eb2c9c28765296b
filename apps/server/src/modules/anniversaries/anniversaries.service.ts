import { hash } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { withinMissBudget } from '../share/share.service.js';
import { normalizeShortCode, shortUrl } from '../share/short-links.js';
import { collectFeedEntries, feedWindow } from './anniversaries.js';
import * as repo from './anniversaries.repository.js';
import { writeCalendar } from './icalendar.js';

/** Calendar apps look again twice a day: an edit shows the same day, and a feed costs little. */
const REFRESH = 'PT12H';

export interface CalendarFeed {
  body: string;
  /** A strong validator from the bytes themselves. */
  etag: string;
}

/**
 * The calendar feed behind a short code, for anyone (decision 0109), or null: an unknown code
 * and a memorial that is not for everyone's eyes answer alike, and both count against the
 * address's budget of codes that lead nowhere.
 */
export async function calendarFeed(
  ctx: AppContext,
  input: string,
  address: string,
): Promise<CalendarFeed | null> {
  const memorial = await withinMissBudget(ctx, address, async () => {
    const code = normalizeShortCode(input);
    return code ? repo.findFeedMemorial(ctx.db, code) : null;
  });
  if (!memorial) return null;
  const now = ctx.now();
  const entries = await collectFeedEntries(memorial, feedWindow(now), { db: ctx.db, now });
  const host = new URL(ctx.config.publicUrl).hostname;
  const page = shortUrl(ctx.config.publicUrl, memorial.shortCode);
  const body = writeCalendar({
    productId: `-//Rips Memorial//Anniversaries//EN`,
    name: `In memory of ${memorial.title}`,
    description: `Anniversaries from the memorial of ${memorial.title}: ${page}`,
    stamp: memorial.updatedAt,
    refresh: REFRESH,
    events: entries.map((entry) => ({
      uid: `${memorial.id}-${entry.key}@${host}`,
      day: entry.day,
      summary: entry.summary,
      description: entry.description,
      categories: entry.category,
      sequence: entry.sequence ?? memorial.calendarRevision,
      url: page,
      ...(entry.times ? { times: entry.times } : {}),
      ...(entry.location ? { location: entry.location } : {}),
    })),
  });
  return { body, etag: `"${hash('sha1', body, 'base64url')}"` };
}
