import { z } from 'zod';
import { MONTHS } from './months.js';
import { blockText, lineText } from './text.js';
import { type MomentDate } from './timeline-words.js';

export {
  CHARITY_NO_MONEY_NOTE,
  momentDateIso,
  momentDateText,
  type MomentDate,
} from './timeline-words.js';

/*
 * A memorial's life timeline (dated moments) and the charities its family names "in lieu of
 * flowers" (docs/decisions/0108-timeline-and-charities.md).
 */

/** How many moments one memorial holds at most, published and suggested together. */
export const MAX_MOMENTS = 500;
/** How many suggestions wait at once on one memorial, so a contributor cannot flood the queue. */
export const MAX_PENDING_MOMENTS = 50;
export const MOMENT_TITLE_MAX = 120;
export const MOMENT_TEXT_MAX = 2000;
export const MOMENT_PLACE_MAX = 200;
/** The earliest year a moment may carry; the latest is next year (a planned date). */
export const MOMENT_FIRST_YEAR = 1000;

/** A moment is published, or suggested by a contributor and waiting for a manager. */
export const MOMENT_STATUSES = ['published', 'pending'] as const;
export type MomentStatus = (typeof MOMENT_STATUSES)[number];

export const isLeapYear = (year: number) =>
  (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Days in a month (1..12) of a year, 29 February only in leap years. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Why a date cannot be, in words for the family; null when it is a real date in range. */
export function momentDateProblem(date: MomentDate, now = new Date()): string | null {
  const last = now.getUTCFullYear() + 1;
  if (!Number.isInteger(date.year) || date.year < MOMENT_FIRST_YEAR || date.year > last) {
    return `The year must be between ${MOMENT_FIRST_YEAR} and ${last}.`;
  }
  if (date.month === null) {
    return date.day === null ? null : 'A day needs its month: please choose the month too.';
  }
  if (!Number.isInteger(date.month) || date.month < 1 || date.month > 12) {
    return 'The month must be between 1 and 12.';
  }
  if (date.day === null) return null;
  const days = daysInMonth(date.year, date.month);
  if (!Number.isInteger(date.day) || date.day < 1 || date.day > days) {
    return date.month === 2 && date.day === 29
      ? `${date.year} is not a leap year: February has 28 days.`
      : `${MONTHS[date.month - 1]} has ${days} days.`;
  }
  return null;
}

const yearField = z
  .number({ error: 'Please give the year as a number.' })
  .int({ error: 'The year must be a whole number.' });
const monthField = z
  .number({ error: 'Please give the month as a number from 1 to 12.' })
  .int({ error: 'The month must be a whole number.' })
  .nullable()
  .default(null);
const dayField = z
  .number({ error: 'Please give the day as a number.' })
  .int({ error: 'The day must be a whole number.' })
  .nullable()
  .default(null);

const momentTitle = lineText('The title', { error: 'Please give the moment a title.' })
  .min(1, 'Please give the moment a title.')
  .max(MOMENT_TITLE_MAX, `The title must be at most ${MOMENT_TITLE_MAX} characters.`);
const momentText = blockText('The text').max(
  MOMENT_TEXT_MAX,
  `The text must be at most ${MOMENT_TEXT_MAX} characters.`,
);
const momentPlace = lineText('The place').max(
  MOMENT_PLACE_MAX,
  `The place must be at most ${MOMENT_PLACE_MAX} characters.`,
);

/** A moment's own fields, as a form sends them. */
const MomentFieldsSchema = z.object({
  year: yearField,
  month: monthField,
  day: dayField,
  title: momentTitle,
  text: momentText.default(''),
  place: momentPlace.default(''),
});

function checkDate(value: MomentDate, ctx: z.RefinementCtx) {
  const problem = momentDateProblem(value);
  if (problem) {
    const path = problem.startsWith('The year')
      ? 'year'
      : problem.startsWith('The month') || problem.startsWith('A day')
        ? 'month'
        : 'day';
    ctx.addIssue({ code: 'custom', message: problem, path: [path] });
  }
}

/** POST /timeline: a moment on a memorial (`postId`, as every item names its memorial). */
export const CreateMomentSchema = MomentFieldsSchema.extend({
  postId: z.string({ error: 'Please say which memorial the moment belongs to.' }).max(100),
})
  .strict()
  .superRefine(checkDate);
export type CreateMoment = z.input<typeof CreateMomentSchema>;

/** PATCH /timeline/{id}: the whole moment again (the date's three parts belong together). */
export const UpdateMomentSchema = MomentFieldsSchema.strict().superRefine(checkDate);
export type UpdateMoment = z.input<typeof UpdateMomentSchema>;

/** A moment as the API answers it. */
export const MomentSchema = z.object({
  _id: z.string(),
  postId: z.string(),
  year: z.number().int(),
  month: z.number().int().nullable(),
  day: z.number().int().nullable(),
  /** The date in words at its precision: "1962", "June 1962", "June 14, 1962". */
  dateText: z.string(),
  title: z.string(),
  text: z.string(),
  place: z.string(),
  status: z.enum(MOMENT_STATUSES),
  /** Who wrote it (a suggestion's contributor): shown to managers deciding on it. */
  suggestedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Moment = z.infer<typeof MomentSchema>;

/** GET /timeline/post/{id}: published moments in date order; managers also get the suggestions. */
export const TimelineSchema = z.array(MomentSchema);

// In lieu of flowers.

export const MAX_CHARITIES = 3;
export const CHARITY_NAME_MAX = 120;
export const CHARITY_URL_MAX = 500;
export const CHARITY_NUMBER_MAX = 40;
export const CHARITY_REASON_MAX = 200;

/** Whether `value` is an absolute https link to a named host (no credentials in it). */
export function isCharityUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    url.hostname.includes('.') &&
    url.username === '' &&
    url.password === ''
  );
}

export const CharityInputSchema = z
  .object({
    name: lineText('The charity’s name', { error: 'Please give the charity’s name.' })
      .min(1, 'Please give the charity’s name.')
      .max(CHARITY_NAME_MAX, `The charity’s name must be at most ${CHARITY_NAME_MAX} characters.`),
    url: z
      .string({ error: 'Please give the link to the charity’s donation page.' })
      .trim()
      .min(1, 'Please give the link to the charity’s donation page.')
      .max(CHARITY_URL_MAX, `The link must be at most ${CHARITY_URL_MAX} characters.`)
      .refine(isCharityUrl, 'The link must be a full https:// address, e.g. https://example.org.'),
    registeredNumber: lineText('The registered number')
      .max(
        CHARITY_NUMBER_MAX,
        `The registered number must be at most ${CHARITY_NUMBER_MAX} characters.`,
      )
      .default(''),
    reason: lineText('The line of why')
      .max(CHARITY_REASON_MAX, `The line of why must be at most ${CHARITY_REASON_MAX} characters.`)
      .default(''),
  })
  .strict();
export type CharityInput = z.input<typeof CharityInputSchema>;

/** PUT /posts/{id}/charities: the whole list, in the order the page shows it (empty: none). */
export const UpdateCharitiesSchema = z
  .object({
    charities: z
      .array(CharityInputSchema)
      .max(MAX_CHARITIES, `A memorial names at most ${MAX_CHARITIES} charities.`),
  })
  .strict();
export type UpdateCharities = z.input<typeof UpdateCharitiesSchema>;

export const CharitySchema = z.object({
  name: z.string(),
  url: z.string(),
  registeredNumber: z.string(),
  reason: z.string(),
});
export type Charity = z.infer<typeof CharitySchema>;
export const CharitiesSchema = z.array(CharitySchema);
