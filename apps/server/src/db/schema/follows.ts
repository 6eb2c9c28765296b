import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { FOLLOW_FREQUENCIES } from '@rips/shared/follows';
import { createdAt, id, oneOf } from './columns.js';
import { memorialRef } from './memorials.js';
import { users } from './users.js';

/**
 * Someone who follows a memorial and gets a digest of what is new on it (decision 0114): a member
 * (`userId`, mailed at the account's current address), or a guest by an address they confirmed
 * from an emailed link (`email`, kept because the digest goes there; only the SHA-256 of the
 * link's token is kept). An unconfirmed guest follow (`confirmedAt` null) sends nothing and is
 * removed once its link expires. The unsubscribe link is derived from the row's id and the site's
 * secret: removing the row is what stops it.
 */
export const follows = pgTable(
  'follows',
  {
    id: id(),
    memorialId: memorialRef(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A guest's address, lower-cased; null for a member. */
    email: text('email'),
    guestName: text('guest_name').notNull().default(''),
    frequency: text('frequency', { enum: FOLLOW_FREQUENCIES }).notNull().default('weekly'),
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The end of the last period a digest covered: the next one tells what came after it. */
    coveredUntil: timestamp('covered_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('follows_member_key')
      .on(t.memorialId, t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('follows_guest_key')
      .on(t.memorialId, t.email)
      .where(sql`${t.email} is not null`),
    index('follows_user_idx').on(t.userId),
    uniqueIndex('follows_confirm_token_key').on(t.confirmTokenHash),
    index('follows_due_idx').on(t.frequency, t.confirmedAt),
    check('follows_frequency_check', oneOf(t.frequency, FOLLOW_FREQUENCIES)),
    check('follows_follower_check', sql`(${t.userId} is null) <> (${t.email} is null)`),
  ],
);

/**
 * The ledger of digests (decision 0114): one row per follow and period (`weekly:2026-11-23`),
 * written in the transaction that queues the mail, so a run that stops and starts again, or two
 * runs at once, never mail a follower twice for one period. `mailed` is false when the period held
 * nothing new (no mail went).
 */
export const followDigests = pgTable(
  'follow_digests',
  {
    followId: uuid('follow_id')
      .notNull()
      .references(() => follows.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    mailed: boolean('mailed').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followId, t.period] }),
    index('follow_digests_created_idx').on(t.createdAt),
  ],
);
