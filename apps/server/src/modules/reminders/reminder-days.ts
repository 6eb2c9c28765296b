/*
 * Which reminder mails are due on a day, and the next day one will be: from the very days the
 * calendar feed marks (`anniversaries.ts`: the 29 February rule and the yahrzeit live there
 * alone), moved earlier by the member's chosen number of days (decision 0116).
 */
import type { ReminderOccasion } from '@rips/shared/reminders';
import {
  birthdays,
  deathAnniversaries,
  yahrzeits,
  type FeedEntry,
  type FeedMemorial,
  type DaySource,
} from '../anniversaries/anniversaries.js';
import type { CalendarDay } from '../anniversaries/icalendar.js';

/** Where each occasion's days come from: the feed's own sources. */
export const OCCASION_SOURCES: Record<ReminderOccasion, DaySource> = {
  birthday: birthdays,
  death: deathAnniversaries,
  yahrzeit: yahrzeits,
};

export interface ReminderChoice {
  birthday: boolean;
  death: boolean;
  yahrzeit: boolean;
  daysBefore: number;
}

/** One mail to send: the occasion and the day it marks. */
export interface DueReminder {
  occasion: ReminderOccasion;
  occursOn: CalendarDay;
  entry: FeedEntry;
}

export interface ReminderPlan {
  /** What is due on `today` (or was due and its day has not passed yet). */
  due: DueReminder[];
  /** The next day after `today` a mail is due, or null when no chosen day has a date. */
  nextDue: CalendarDay | null;
}

const MS_PER_DAY = 86_400_000;

/** `day` moved by `days` (negative: earlier). */
export function addDays(day: CalendarDay, days: number): CalendarDay {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const moved = new Date(Date.UTC(year, month - 1, date) + days * MS_PER_DAY);
  return `${String(moved.getUTCFullYear()).padStart(4, '0')}-${String(moved.getUTCMonth() + 1).padStart(2, '0')}-${String(moved.getUTCDate()).padStart(2, '0')}`;
}

/** The calendar day of an instant, in UTC: the day the sending run works on. */
export function dayOfInstant(instant: Date): CalendarDay {
  return instant.toISOString().slice(0, 10);
}

/**
 * The occasions `choice` asks for that `memorial` has, with the first day each is marked on or
 * after `today` and the one after it. The window reaches two years on: the yahrzeit after next
 * can fall then, when today is late in December.
 */
function upcoming(memorial: FeedMemorial, occasion: ReminderOccasion, today: CalendarDay) {
  const year = Number(today.slice(0, 4));
  const window = { firstYear: year, lastYear: year + 2 };
  return OCCASION_SOURCES[occasion](memorial, window);
}

/**
 * What to send on `today` for one reminder, and when it is next due. A day is due from
 * `daysBefore` days before it until the day itself: a run that missed the exact day (the site was
 * down) still sends, late rather than never; the ledger keeps it to once.
 */
export function reminderPlan(
  memorial: FeedMemorial,
  choice: ReminderChoice,
  today: CalendarDay,
): ReminderPlan {
  const due: DueReminder[] = [];
  let nextDue: CalendarDay | null = null;
  const later = (day: CalendarDay) => {
    if (nextDue === null || day < nextDue) nextDue = day;
  };
  for (const occasion of ['birthday', 'death', 'yahrzeit'] as const) {
    if (!choice[occasion]) continue;
    const days = upcoming(memorial, occasion, today)
      .filter((entry) => entry.day >= today)
      .sort((a, b) => a.day.localeCompare(b.day));
    const [first, second] = days;
    if (!first) continue;
    const sendOn = addDays(first.day, -choice.daysBefore);
    if (sendOn <= today) {
      due.push({ occasion, occursOn: first.day, entry: first });
      if (second) later(addDays(second.day, -choice.daysBefore));
    } else {
      later(sendOn);
    }
  }
  return { due, nextDue };
}
