import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { REMINDER_OCCASIONS } from '@rips/shared/reminders';
import { createdAt, id, oneOf, updatedAt } from './columns.js';
import { memorialRef } from './memorials.js';
import { memberRef } from './users.js';

/**
 * A member's own choice to be reminded of a memorial's anniversaries by email, a number of days
 * before (docs/decisions/0116-anniversary-reminders.md). Nothing is reminded by default.
 * `nextDue` is the next day a mail is due, kept by the sender: "today's due reminders" is a range
 * read on its index; null when none of the chosen days has a date.
 */
export const anniversaryReminders = pgTable(
  'anniversary_reminders',
  {
    id: id(),
    userId: memberRef('user_id'),
    memorialId: memorialRef(),
    birthday: boolean('birthday').notNull().default(false),
    death: boolean('death').notNull().default(false),
    yahrzeit: boolean('yahrzeit').notNull().default(false),
    daysBefore: integer('days_before').notNull().default(0),
    nextDue: date('next_due', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('anniversary_reminders_member_memorial_key').on(t.userId, t.memorialId),
    index('anniversary_reminders_next_due_idx').on(t.nextDue),
    index('anniversary_reminders_memorial_idx').on(t.memorialId),
    check('anniversary_reminders_days_before_range', sql`${t.daysBefore} between 0 and 30`),
  ],
);

/**
 * Every reminder mail sent: one row per reminder, occasion and day marked, claimed in the
 * transaction that queues the mail, so a run that stops half-way and runs again sends each once.
 */
export const anniversaryReminderSends = pgTable(
  'anniversary_reminder_sends',
  {
    reminderId: uuid('reminder_id')
      .notNull()
      .references(() => anniversaryReminders.id, { onDelete: 'cascade' }),
    occasion: text('occasion', { enum: REMINDER_OCCASIONS }).notNull(),
    occursOn: date('occurs_on', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.reminderId, t.occasion, t.occursOn] }),
    check('anniversary_reminder_sends_occasion_check', oneOf(t.occasion, REMINDER_OCCASIONS)),
  ],
);
