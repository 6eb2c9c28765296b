/*
 * The days a memorial's calendar feed marks, each from a source: the birthday, the day of death
 * the yahrzeit, and the memorial's upcoming services and events (decision 0112). Every source
 * gives explicit days in a bounded window of years (decision 0109).
 */
import { HDate, HebrewCalendar } from '@hebcal/core';
import { momentDateText } from '@rips/shared/timeline';
import type { Db } from '../../db/client.js';
import { upcomingEventEntries } from '../events/events.feed.js';
import type { CalendarDay, CalendarTimes } from './icalendar.js';

/** What the sources read of a memorial. */
export interface FeedMemorial {
  id: string;
  title: string;
  dateOfBirth: string | null;
  deathDate: string | null;
  observeYahrzeit: boolean;
  diedAfterSunset: boolean;
}

/** Gregorian years, both included. */
export interface FeedWindow {
  firstYear: number;
  lastYear: number;
}

/** The years a feed covers: last year (for an app that shows the recent past) and ten ahead. */
export const YEARS_BEFORE = 1;
export const YEARS_AHEAD = 10;

export function feedWindow(now: Date): FeedWindow {
  const year = now.getUTCFullYear();
  return { firstYear: year - YEARS_BEFORE, lastYear: year + YEARS_AHEAD };
}

/** One day the feed marks. */
export interface FeedEntry {
  /** What and which year (`birthday-2027`, `yahrzeit-5788`): with the memorial's id, its UID. */
  key: string;
  day: CalendarDay;
  summary: string;
  description: string;
  /** The event's category, in the calendar app. */
  category: string;
  /** A timed event's start and end (a service); an entry without them takes its whole day. */
  times?: CalendarTimes;
  /** Where it takes place. */
  location?: string;
  /** The entry's own SEQUENCE (an event's revision); the memorial's calendar revision otherwise. */
  sequence?: number;
}

/** What a source that reads the database (a memorial's events) needs besides the memorial. */
export interface FeedContext {
  db: Db;
  now: Date;
}

/** A source of days; one that reads the database (a memorial's events) answers a promise. */
export type FeedSource = (
  memorial: FeedMemorial,
  window: FeedWindow,
  context: FeedContext,
) => FeedEntry[] | Promise<FeedEntry[]>;

/** A source of days worked out from the memorial alone (its dates): the reminders read these too. */
export type DaySource = (memorial: FeedMemorial, window: FeedWindow) => FeedEntry[];

/**
 * At most this many entries in one feed: the anniversaries give about 36, a memorial's events
 * at most MAX_EVENTS (50).
 */
export const MAX_FEED_ENTRIES = 500;

interface DayParts {
  year: number;
  month: number;
  day: number;
}

function partsOf(day: CalendarDay): DayParts {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return { year, month, day: date };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dayOf = ({ year, month, day }: DayParts): CalendarDay =>
  `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * The day in `year` that marks a date of another year. A 29 February is marked on 28 February in
 * years without one: still in February, and before the day, never after it (decision 0109).
 */
export function observedDay(date: CalendarDay, year: number): CalendarDay {
  const { month, day } = partsOf(date);
  if (month === 2 && day === 29 && !isLeapYear(year)) return dayOf({ year, month, day: 28 });
  return dayOf({ year, month, day });
}

const LEAP_DAY_NOTE = ' In years without a February 29 it is marked on February 28.';
const isLeapDay = (date: CalendarDay) => date.endsWith('-02-29');

/** The years of the window from `from` on (nothing is marked before the day itself). */
function yearsFrom(from: number, window: FeedWindow): number[] {
  const years: number[] = [];
  for (let year = Math.max(from, window.firstYear); year <= window.lastYear; year++)
    years.push(year);
  return years;
}

/** A calendar day in the site's long date ("February 29, 1940"), whatever the server's zone. */
function longDate(day: CalendarDay): string {
  const [year, month, date] = day.split('-').map(Number);
  return momentDateText({ year: year!, month: month!, day: date! });
}

export const birthdays: DaySource = (memorial, window) => {
  const born = memorial.dateOfBirth;
  if (!born) return [];
  const { year } = partsOf(born);
  return yearsFrom(year, window).map((y) => ({
    key: `birthday-${y}`,
    day: observedDay(born, y),
    summary: `Remembering ${memorial.title}, born on this day in ${year}`,
    description: `${memorial.title} was born on ${longDate(born)}.${isLeapDay(born) ? LEAP_DAY_NOTE : ''}`,
    category: 'Birthday',
  }));
};

export const deathAnniversaries: DaySource = (memorial, window) => {
  const died = memorial.deathDate;
  if (!died) return [];
  const { year } = partsOf(died);
  return yearsFrom(year, window).map((y) => ({
    key: `death-${y}`,
    day: observedDay(died, y),
    summary: `${memorial.title} died on this day in ${year}`,
    description: `${memorial.title} died on ${longDate(died)}.${isLeapDay(died) ? LEAP_DAY_NOTE : ''}`,
    category: 'Anniversary',
  }));
};

/** Midnight of `day` in the server's zone, as `@hebcal/core` reads a Gregorian date. */
function localDate(day: CalendarDay): Date {
  const { year, month, day: date } = partsOf(day);
  const local = new Date(0);
  local.setFullYear(year, month - 1, date);
  local.setHours(0, 0, 0, 0);
  return local;
}

function gregorianDay(hdate: HDate): CalendarDay {
  const date = hdate.greg();
  return dayOf({ year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() });
}

/**
 * The Hebrew date of a death: the Gregorian day's, or the next Hebrew day's when the death came
 * after sunset (the Hebrew day begins at nightfall).
 */
export function hebrewDateOfDeath(deathDate: CalendarDay, afterSunset: boolean): HDate {
  const hdate = new HDate(localDate(deathDate));
  return afterSunset ? hdate.next() : hdate;
}

/**
 * The yahrzeit in each Hebrew year that meets the window, by `@hebcal/core`'s rules (a death on
 * 30 Cheshvan or Kislev, in Adar of a leap year and so on), from the first anniversary on. Each
 * is marked on the Gregorian day it falls on; it begins at sundown the evening before.
 */
export const yahrzeits: DaySource = (memorial, window) => {
  if (!memorial.observeYahrzeit || !memorial.deathDate) return [];
  const died = hebrewDateOfDeath(memorial.deathDate, memorial.diedAfterSunset);
  const first = `${pad(window.firstYear, 4)}-01-01`;
  const last = `${pad(window.lastYear, 4)}-12-31`;
  const entries: FeedEntry[] = [];
  const lastHebrewYear = new HDate(localDate(last)).getFullYear();
  for (let year = new HDate(localDate(first)).getFullYear(); year <= lastHebrewYear; year++) {
    const yahrzeit = HebrewCalendar.getYahrzeit(year, died);
    if (!yahrzeit) continue;
    const day = gregorianDay(yahrzeit);
    if (day < first || day > last) continue;
    const sunset = memorial.diedAfterSunset
      ? ` The death came after sunset on ${longDate(memorial.deathDate)}, so it is counted from the next Hebrew day.`
      : '';
    entries.push({
      key: `yahrzeit-${year}`,
      day,
      summary: `Yahrzeit of ${memorial.title} (${yahrzeit.getMonthName()} ${yahrzeit.getDate()})`,
      description:
        `The yahrzeit of ${memorial.title}, ${yahrzeit.render('en')}, begins at sundown on the evening before.` +
        ` ${memorial.title} died on ${died.render('en')}.${sunset}`,
      category: 'Yahrzeit',
    });
  }
  return entries;
};

/** Where the feed's days come from, in this order. */
export const FEED_SOURCES: readonly FeedSource[] = [
  birthdays,
  deathAnniversaries,
  yahrzeits,
  upcomingEventEntries,
];

/** Every day the feed marks, in date order, at most `MAX_FEED_ENTRIES`. */
export async function collectFeedEntries(
  memorial: FeedMemorial,
  window: FeedWindow,
  context: FeedContext,
  sources: readonly FeedSource[] = FEED_SOURCES,
): Promise<FeedEntry[]> {
  const found = await Promise.all(sources.map((source) => source(memorial, window, context)));
  return found
    .flat()
    .sort((a, b) => a.day.localeCompare(b.day) || a.key.localeCompare(b.key))
    .slice(0, MAX_FEED_ENTRIES);
}
