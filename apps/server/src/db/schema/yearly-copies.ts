import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { memorialRef } from './memorials.js';
import { memberRef, users } from './users.js';

/**
 * An address of the family's choosing that receives the memorial's yearly copy
 * (docs/decisions/0126-yearly-copy.md), added by an owner or manager (`addedBy`) and confirmed by
 * an emailed link (token hashed, until `expiresAt`). It receives copies only while confirmed and
 * while whoever added it is still the owner or a manager (checked at send time).
 */
export const copyAddresses = pgTable(
  'copy_addresses',
  {
    id: id(),
    memorialId: memorialRef(),
    /** Lower-cased. */
    email: text('email').notNull(),
    addedBy: memberRef('added_by'),
    tokenHash: text('token_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('copy_addresses_memorial_email_key').on(t.memorialId, t.email),
    unique('copy_addresses_token_hash_key').on(t.tokenHash),
  ],
);

/** A member who asked not to receive a memorial's yearly copy (one row per member and memorial). */
export const yearlyCopyOptOuts = pgTable(
  'yearly_copy_opt_outs',
  {
    memorialId: memorialRef(),
    userId: memberRef('user_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memorialId, t.userId] })],
);

/** Why a copy is sent: the memorial's year, a change of owner, or the operator's `send-copies`. */
export const COPY_REASONS = ['yearly', 'owner', 'now'] as const;

/**
 * Every copy of a memorial sent or to be sent, one row per recipient and period: the ledger that
 * makes "never twice" hold. `recipient` is `user:<id>` or `address:<id>`; `period` is
 * `year:<YYYY>`, `owner:<new owner>:<when>` or `now:<date>`. A row is inserted in the transaction
 * that queues its job; the job marks it `sentAt` in the transaction that queues the mail, or
 * `endedAt` when the recipient no longer receives it.
 */
export const yearlyCopies = pgTable(
  'yearly_copies',
  {
    id: id(),
    memorialId: memorialRef(),
    recipient: text('recipient').notNull(),
    period: text('period').notNull(),
    reason: text('reason', { enum: COPY_REASONS }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    addressId: uuid('address_id').references(() => copyAddresses.id, { onDelete: 'cascade' }),
    /** When its job was last queued: the sweep queues it again if it is still unsent long after. */
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('yearly_copies_recipient_period_key').on(t.memorialId, t.recipient, t.period),
    index('yearly_copies_unsent_idx')
      .on(t.queuedAt)
      .where(sql`${t.sentAt} is null and ${t.endedAt} is null`),
  ],
);

/**
 * The memorial's yearly periods already handed out (`year:<YYYY>`), written in the transaction
 * that inserts that period's copies: a memorial with nobody to send to is not read again that year.
 */
export const yearlyCopyRuns = pgTable(
  'yearly_copy_runs',
  {
    memorialId: memorialRef(),
    period: text('period').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memorialId, t.period] })],
);
