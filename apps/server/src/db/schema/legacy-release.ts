import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { RELEASE_STATES, type SectionMarks } from '@rips/shared/legacy-release';
import { createdAt, id, oneOf, updatedAt } from './columns.js';
import { memorials } from './memorials.js';
import { memberRef, users } from './users.js';

/*
 * A Life Legacy's release after its member's death (docs/decisions/0122-legacy-release.md).
 * Nothing here holds legacy content: what is released is read from the legacy when it is read.
 */

/** The member's rules: how many stewards must report, the waiting period, the inactivity trigger. */
export const legacyPlans = pgTable(
  'legacy_plans',
  {
    userId: memberRef('user_id').primaryKey(),
    reportsNeeded: integer('reports_needed').notNull().default(1),
    waitingDays: integer('waiting_days').notNull().default(7),
    /** No sign-in for this many months starts the waiting period; null: no such trigger. */
    inactivityMonths: integer('inactivity_months'),
    /** Each section's mark as a whole; a section not named is private. */
    sections: jsonb('sections').$type<Partial<SectionMarks>>().notNull().default({}),
    /** The inactivity warnings sent since the member last signed in: 'month', then 'week'. */
    inactivityWarned: text('inactivity_warned'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('legacy_plans_reports_needed_check', sql`${t.reportsNeeded} in (1, 2)`),
    check('legacy_plans_waiting_days_check', sql`${t.waitingDays} in (1, 2, 7, 14, 30, 90)`),
  ],
);

/**
 * A steward of a member's legacy, invited by email: `stewardId` is the member who accepted the
 * emailed link (the token's SHA-256 is kept, never the token). `leftAt`: removed by the member or
 * stepped down; the row stays so the release's reports keep who made them.
 */
export const legacyStewards = pgTable(
  'legacy_stewards',
  {
    id: id(),
    ownerId: memberRef('owner_id'),
    email: text('email').notNull(),
    stewardId: uuid('steward_id').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    invitedAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [
    index('legacy_stewards_owner_idx').on(t.ownerId),
    index('legacy_stewards_steward_idx').on(t.stewardId),
    uniqueIndex('legacy_stewards_token_key').on(t.tokenHash),
    // One current invitation or stewardship per address and member.
    uniqueIndex('legacy_stewards_owner_email_key')
      .on(t.ownerId, t.email)
      .where(sql`${t.leftAt} is null`),
  ],
);

/** One release of a member's legacy, from the first report (or the inactivity trigger) on. */
export const legacyReleases = pgTable(
  'legacy_releases',
  {
    id: id(),
    ownerId: memberRef('owner_id'),
    state: text('state', { enum: RELEASE_STATES }).notNull(),
    trigger: text('trigger', { enum: ['report', 'inactivity'] }).notNull(),
    startedAt: createdAt(),
    /** When the waiting period began (the report that made enough), and when it ends. */
    waitingFrom: timestamp('waiting_from', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    halfwayMailedAt: timestamp('halfway_mailed_at', { withTimezone: true }),
    dayBeforeMailedAt: timestamp('day_before_mailed_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    accessUntil: timestamp('access_until', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The date of death the first report gave, `YYYY-MM-DD`. */
    deathDate: date('death_date', { mode: 'string' }),
    /** The memorial a steward started from the released legacy. */
    memorialId: uuid('memorial_id').references(() => memorials.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('legacy_releases_state_check', oneOf(t.state, RELEASE_STATES)),
    index('legacy_releases_owner_idx').on(t.ownerId, t.startedAt),
    index('legacy_releases_state_idx').on(t.state),
    // At most one open release (reported or waiting) per member.
    uniqueIndex('legacy_releases_open_key')
      .on(t.ownerId)
      .where(sql`${t.state} in ('reported', 'waiting')`),
  ],
);

/** A steward's report of the member's death, once per steward and release. */
export const legacyDeathReports = pgTable(
  'legacy_death_reports',
  {
    id: id(),
    releaseId: uuid('release_id')
      .notNull()
      .references(() => legacyReleases.id, { onDelete: 'cascade' }),
    stewardRowId: uuid('steward_row_id')
      .notNull()
      .references(() => legacyStewards.id, { onDelete: 'cascade' }),
    dateOfDeath: date('date_of_death', { mode: 'string' }).notNull(),
    reportedAt: createdAt(),
  },
  (t) => [uniqueIndex('legacy_death_reports_key').on(t.releaseId, t.stewardRowId)],
);

/** A reader's access to what was released to them: a steward or a beneficiary, by email. */
export const legacyAccess = pgTable(
  'legacy_access',
  {
    id: id(),
    releaseId: uuid('release_id')
      .notNull()
      .references(() => legacyReleases.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** Set for a steward: they read what was released to the stewards. */
    stewardRowId: uuid('steward_row_id').references(() => legacyStewards.id, {
      onDelete: 'set null',
    }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('legacy_access_token_key').on(t.tokenHash),
    uniqueIndex('legacy_access_release_email_key').on(t.releaseId, t.email),
  ],
);

/** Every reading and download of released content, shown to the member should they return. */
export const legacyAccessViews = pgTable(
  'legacy_access_views',
  {
    id: id(),
    accessId: uuid('access_id')
      .notNull()
      .references(() => legacyAccess.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['view', 'download'] }).notNull(),
    at: createdAt(),
  },
  (t) => [index('legacy_access_views_access_idx').on(t.accessId, t.at)],
);
