import { z } from 'zod';

/*
 * A member's opt-in email reminders of a memorial's anniversaries
 * (docs/decisions/0116-anniversary-reminders.md).
 */

/** The days a reminder can be about, as the calendar feed marks them. */
export const REMINDER_OCCASIONS = ['birthday', 'death', 'yahrzeit'] as const;
export type ReminderOccasion = (typeof REMINDER_OCCASIONS)[number];

/** How many days before the day a reminder may come, at most (0: on the day). */
export const MAX_DAYS_BEFORE = 30;
/** How many memorials one member may be reminded of. */
export const MAX_REMINDERS_PER_MEMBER = 200;

export const SaveReminderSchema = z
  .object({
    birthday: z.boolean({ error: 'Say whether to be reminded of the birthday.' }),
    death: z.boolean({ error: 'Say whether to be reminded of the anniversary of the passing.' }),
    yahrzeit: z.boolean({ error: 'Say whether to be reminded of the yahrzeit.' }).default(false),
    daysBefore: z
      .number({ error: 'Choose how many days before to be reminded, from 0 to 30.' })
      .int('Choose a whole number of days, from 0 to 30.')
      .min(0, 'Choose how many days before to be reminded, from 0 to 30.')
      .max(MAX_DAYS_BEFORE, 'Choose how many days before to be reminded, from 0 to 30.'),
  })
  .strict();
export type SaveReminder = z.infer<typeof SaveReminderSchema>;

/** A member's reminder of one memorial, or what they could choose when they have none. */
export const ReminderSchema = z.object({
  memorialId: z.string(),
  memorialTitle: z.string(),
  /** Whether the member has chosen to be reminded (false: nothing is sent). */
  active: z.boolean(),
  birthday: z.boolean(),
  death: z.boolean(),
  yahrzeit: z.boolean(),
  daysBefore: z.number(),
  /** The day the next reminder goes out, `YYYY-MM-DD`, or null. */
  nextDue: z.string().nullable(),
  /** Which days the memorial has: a date of birth, a date of death, an observed yahrzeit. */
  offers: z.object({ birthday: z.boolean(), death: z.boolean(), yahrzeit: z.boolean() }),
});
export type Reminder = z.infer<typeof ReminderSchema>;

export const RemindersSchema = z.array(ReminderSchema);

export const UnsubscribeReminderSchema = z
  .object({ token: z.string({ error: 'The link is incomplete.' }).min(1).max(200) })
  .strict();
