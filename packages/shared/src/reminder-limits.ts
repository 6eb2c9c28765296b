/*
 * The fixed lists and limits of anniversary reminders, without zod, for the web's lazy chunk
 * (docs/decisions/0116-anniversary-reminders.md).
 */

/** The days a reminder can be about, as the calendar feed marks them. */
export const REMINDER_OCCASIONS = ['birthday', 'death', 'yahrzeit'] as const;
export type ReminderOccasion = (typeof REMINDER_OCCASIONS)[number];

/** How many days before the day a reminder may come, at most (0: on the day). */
export const MAX_DAYS_BEFORE = 30;
/** How many memorials one member may be reminded of. */
export const MAX_REMINDERS_PER_MEMBER = 200;
