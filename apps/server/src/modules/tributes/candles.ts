import { and, count, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CANDLE_BURN_HOURS,
  CANDLE_MESSAGE_MAX,
  CandleSchema,
  CandleTallySchema,
  candleTodayMessage,
  CreateCandleSchema,
  type Candle,
  type CreateCandle,
} from '@rips/shared/tributes';
import type { Db } from '../../db/client.js';
import { candles, guestTributes } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { uploadForm } from '../../lib/multipart.js';
import type { MemorialRow } from '../memorials/memorials.policy.js';
import { defineKind, type ItemAuthor, type LitKind } from './tribute-kind.js';
import { shownTo } from './tributes.repository.js';

export type CandleRow = typeof candles.$inferSelect;

export const CANDLE_BURN_MS = CANDLE_BURN_HOURS * 3600_000;
export const CANDLES_TURNED_OFF = 'The family has chosen not to have candles on this memorial.';

/** The moment before which a candle lit has burned out by `now`. */
function burnedBefore(now: Date): Date {
  return new Date(now.getTime() - CANDLE_BURN_MS);
}

/**
 * When `author` last lit a candle on the memorial within the day, or null: a member by account
 * (whatever became of the candle: waiting, shown or hidden), a guest by the address whose
 * emailed link lit it.
 */
async function lastLitWithinDay(
  db: Db,
  memorialId: string,
  author: ItemAuthor,
  now: Date,
): Promise<Date | null> {
  const since = burnedBefore(now);
  if ('ownerId' in author) {
    const [row] = await db
      .select({ at: candles.createdAt })
      .from(candles)
      .where(
        and(
          eq(candles.ownerId, author.ownerId),
          eq(candles.memorialId, memorialId),
          gt(candles.createdAt, since),
        ),
      )
      .orderBy(desc(candles.createdAt))
      .limit(1);
    return row?.at ?? null;
  }
  const [row] = await db
    .select({ at: guestTributes.usedAt })
    .from(guestTributes)
    .where(
      and(
        eq(guestTributes.kind, 'candles'),
        eq(guestTributes.memorialId, memorialId),
        eq(guestTributes.emailHash, author.emailHash),
        isNotNull(guestTributes.usedAt),
        gt(guestTributes.usedAt, since),
      ),
    )
    .orderBy(desc(guestTributes.usedAt))
    .limit(1);
  return row?.at ?? null;
}

const lit: LitKind = {
  tally: CandleTallySchema,
  async count(db, memorialId, viewerId, now) {
    const [row] = await db
      .select({
        litCount: count(),
        burning:
          sql<number>`count(*) filter (where ${candles.createdAt} > ${burnedBefore(now)})`.mapWith(
            Number,
          ),
      })
      .from(candles)
      .where(and(eq(candles.memorialId, memorialId), shownTo(candles, viewerId)));
    return { burning: row?.burning ?? 0, litCount: row?.litCount ?? 0 };
  },
  async admit(db: Db, memorial: MemorialRow, author: ItemAuthor, now: Date) {
    if (!memorial.allowCandles) throw AppError.forbidden(CANDLES_TURNED_OFF);
    const last = await lastLitWithinDay(db, memorial.id, author, now);
    if (!last) return;
    const retryAfter = Math.max(
      1,
      Math.ceil((last.getTime() + CANDLE_BURN_MS - now.getTime()) / 1000),
    );
    throw AppError.rateLimited(candleTodayMessage(memorial.title), retryAfter);
  },
};

/**
 * A candle: an optional short message, lit at its row's time (the app's clock) and burning for
 * `CANDLE_BURN_HOURS`, then shown as burned. One per person per memorial per day (decision 0111).
 */
export const candleKind = defineKind<'candles', CandleRow, Candle, CreateCandle>('candles', {
  table: candles,
  upload: uploadForm(CreateCandleSchema, {}, { json: true }),
  schema: CandleSchema,
  file: null,
  archive: {
    fields: z.object({ text: z.string().max(CANDLE_MESSAGE_MAX).nullable().default(null) }),
    write: (row) => ({ text: row.message }),
    values: (fields) => ({ message: fields['text'] || null }),
  },
  messages: { created: 'Candle lit', removed: 'Candle removed', listed: 'Candles' },
  moderation: {
    preview: (_urls, row) => ({ text: row.message, image: null, bouquet: null }),
  },
  values: (fields) => ({ message: fields.message ?? null }),
  present: (_urls, row, now) => {
    const burnsUntil = new Date(row.createdAt.getTime() + CANDLE_BURN_MS);
    return {
      message: row.message,
      litAt: row.createdAt.toISOString(),
      burnsUntil: burnsUntil.toISOString(),
      burning: burnsUntil > now,
    };
  },
  lit,
});
