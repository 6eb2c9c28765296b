/*
 * The reminder mail, worded for remembrance (decision 0116): never "happy", and no pronoun (the
 * product does not know the person's). HTML with a plain-text part, and the one-click
 * unsubscribe of RFC 8058 in its headers.
 */
import type { ReminderOccasion } from '@rips/shared/reminders';
import { momentDateText } from '@rips/shared/timeline';
import type { CalendarDay } from '../anniversaries/icalendar.js';
import { SignedIds } from '../../lib/signed-ids.js';
import type { MailMessage } from '../../mail/mailer.js';
import { addDays } from './reminder-days.js';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "Thursday, December 3, 2026": the site's long date with its weekday, whatever the server's zone. */
export function weekdayDate(day: CalendarDay): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, date)).getUTCDay()]!;
  return `${weekday}, ${momentDateText({ year, month, day: date })}`;
}

const WHAT: Record<ReminderOccasion, string> = {
  birthday: 'the birthday',
  death: 'the anniversary of the passing',
  yahrzeit: 'the yahrzeit',
};

export interface ReminderMailInput {
  to: string;
  memberName: string;
  title: string;
  occasion: ReminderOccasion;
  occursOn: CalendarDay;
  today: CalendarDay;
  /** The feed's own line about the day ("… was born on June 14, 1941."). */
  about: string;
  memorialUrl: string;
  unsubscribeUrl: string;
  daysBefore: number;
}

/** "Remembering Rosa María Delgado: the birthday is on Thursday, December 3, 2026". */
export function reminderLine(
  input: Pick<ReminderMailInput, 'title' | 'occasion' | 'occursOn' | 'today'>,
): string {
  const when =
    input.occursOn === input.today
      ? `is today, ${weekdayDate(input.occursOn)}`
      : input.occursOn === addDays(input.today, 1)
        ? `is tomorrow, ${weekdayDate(input.occursOn)}`
        : `is on ${weekdayDate(input.occursOn)}`;
  return `Remembering ${input.title}: ${WHAT[input.occasion]} ${when}`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function reminderMail(input: ReminderMailInput): MailMessage {
  const line = reminderLine(input);
  const sundown =
    input.occasion === 'yahrzeit'
      ? `It begins at sundown on ${weekdayDate(addDays(input.occursOn, -1))}.`
      : '';
  const why = `You asked to be reminded ${
    input.daysBefore === 0
      ? 'on the day'
      : `${input.daysBefore} ${input.daysBefore === 1 ? 'day' : 'days'} before`
  }.`;
  const paragraphs = [`${line}.`, [input.about, sundown].filter(Boolean).join(' ')];
  const text = [
    `Hello ${input.memberName},`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    `The memorial: ${input.memorialUrl}`,
    '',
    `${why} To stop this reminder: ${input.unsubscribeUrl}`,
    '',
    'Rips Memorial',
  ].join('\n');
  const html = [
    '<!doctype html><html lang="en"><body>',
    `<p>Hello ${escapeHtml(input.memberName)},</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(input.memorialUrl)}">Visit the memorial of ${escapeHtml(input.title)}</a></p>`,
    `<p>${escapeHtml(why)} <a href="${escapeHtml(input.unsubscribeUrl)}">Stop this reminder</a></p>`,
    '<p>Rips Memorial</p>',
    '</body></html>',
  ].join('\n');
  return {
    to: input.to,
    subject: line,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The tokens of reminders' unsubscribe links (see SignedIds). */
export class UnsubscribeTokens extends SignedIds {
  constructor(secret: string) {
    super(secret, 'rips reminder unsubscribe v1');
  }
}

/** Where a reminder's one-click unsubscribe lives (the token in the query, as RFC 8058 needs). */
export const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/reminders/unsubscribe?token=${encodeURIComponent(token)}`;
