import { z } from 'zod';
import { MAX_DAYS_BEFORE } from './reminder-limits.js';

/*
 * A member's opt-in email reminders of a memorial's anniversaries
 * (docs/decisions/0116-anniversary-reminders.md).
 */

export {
  MAX_DAYS_BEFORE,
  MAX_REMINDERS_PER_MEMBER,
  REMINDER_OCCASIONS,
  type ReminderOccasion,
} from './reminder-limits.js';

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
