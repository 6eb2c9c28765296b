import type { FastifyBaseLogger } from 'fastify';
import { MAX_REMINDERS_PER_MEMBER, type Reminder, type SaveReminder } from '@rips/shared/reminders';
import { ErrorCode } from '@rips/shared/api';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { findVisibleMemorial, type MemorialRow } from '../memorials/memorials.policy.js';
import { shortUrl } from '../share/short-links.js';
import type { FeedMemorial } from '../anniversaries/anniversaries.js';
import type { UserRow } from '../users/users.repository.js';
import { dayOfInstant, reminderPlan } from './reminder-days.js';
import { reminderMail, unsubscribeUrl, UnsubscribeTokens } from './reminder-mail.js';
import * as repo from './reminders.repository.js';

/** The job that sends the day's reminders, run every REMINDER_SWEEP_SECONDS (decision 0116). */
export const REMINDER_JOB = 'anniversary-reminders';
/** Reminders read and sent per batch, each in its own transaction. */
export const REMINDER_BATCH = 200;

const feedMemorial = (m: {
  memorialId?: string;
  id?: string;
  memorialTitle?: string;
  title?: string;
  dateOfBirth: string | null;
  deathDate: string | null;
  observeYahrzeit: boolean;
  diedAfterSunset: boolean;
}): FeedMemorial => ({
  id: (m.id ?? m.memorialId)!,
  title: (m.title ?? m.memorialTitle)!,
  dateOfBirth: m.dateOfBirth,
  deathDate: m.deathDate,
  observeYahrzeit: m.observeYahrzeit,
  diedAfterSunset: m.diedAfterSunset,
});

const offers = (m: FeedMemorial) => ({
  birthday: m.dateOfBirth !== null,
  death: m.deathDate !== null,
  yahrzeit: m.observeYahrzeit && m.deathDate !== null,
});

function present(memorial: FeedMemorial, row: repo.ReminderRow | undefined): Reminder {
  return {
    memorialId: memorial.id,
    memorialTitle: memorial.title,
    active: row !== undefined,
    birthday: row?.birthday ?? false,
    death: row?.death ?? false,
    yahrzeit: row?.yahrzeit ?? false,
    daysBefore: row?.daysBefore ?? 0,
    nextDue: row?.nextDue ?? null,
    offers: offers(memorial),
  };
}

async function visibleFor(ctx: AppContext, user: UserRow, memorialId: string) {
  const memorial: MemorialRow = await findVisibleMemorial(ctx.db, memorialId, user);
  return feedMemorial(memorial);
}

/** The member's reminder of a memorial they may see (inactive when they chose none). */
export async function reminder(
  ctx: AppContext,
  user: UserRow,
  memorialId: string,
): Promise<Reminder> {
  const memorial = await visibleFor(ctx, user, memorialId);
  return present(memorial, await repo.findReminder(ctx.db, user.id, memorial.id));
}

/**
 * Chooses the days and how long before: only days the memorial has, at least one, and at most
 * MAX_REMINDERS_PER_MEMBER memorials per member.
 */
export async function saveReminder(
  ctx: AppContext,
  user: UserRow,
  memorialId: string,
  input: SaveReminder,
): Promise<Reminder> {
  const memorial = await visibleFor(ctx, user, memorialId);
  const has = offers(memorial);
  if (!input.birthday && !input.death && !input.yahrzeit)
    throw AppError.validation('Choose at least one day to be reminded of.', [
      {
        path: 'birthday',
        message: 'Choose the birthday, the anniversary of the passing, or both.',
      },
    ]);
  const missing = (['birthday', 'death', 'yahrzeit'] as const).find((k) => input[k] && !has[k]);
  if (missing) {
    const why = {
      birthday: 'This memorial has no date of birth to be reminded of.',
      death: 'This memorial has no date of passing to be reminded of.',
      yahrzeit: 'This memorial does not observe a yahrzeit.',
    }[missing];
    throw AppError.validation(why, [{ path: missing, message: why }]);
  }
  const existing = await repo.findReminder(ctx.db, user.id, memorial.id);
  if (!existing && (await repo.countReminders(ctx.db, user.id)) >= MAX_REMINDERS_PER_MEMBER)
    throw AppError.conflict(
      ErrorCode.QuotaExceeded,
      `You can be reminded of at most ${MAX_REMINDERS_PER_MEMBER} memorials. Stop a reminder in your account settings to add this one.`,
    );
  const today = dayOfInstant(ctx.now());
  // Due days from today on; one that falls today is sent by today's run.
  const plan = reminderPlan(memorial, input, today);
  const nextDue = plan.due.length > 0 ? today : plan.nextDue;
  const row = await repo.saveReminder(
    ctx.db,
    { userId: user.id, memorialId: memorial.id, ...input, nextDue },
    ctx.now(),
  );
  return present(memorial, row);
}

export async function removeReminder(
  ctx: AppContext,
  user: UserRow,
  memorialId: string,
): Promise<void> {
  const memorial = await visibleFor(ctx, user, memorialId);
  await repo.deleteReminder(ctx.db, user.id, memorial.id);
}

export async function reminders(ctx: AppContext, user: UserRow): Promise<Reminder[]> {
  const rows = await repo.listReminders(ctx.db, user);
  return rows.map((row) =>
    present(feedMemorial({ ...row, memorialId: row.reminder.memorialId }), row.reminder),
  );
}

/**
 * The one-click unsubscribe: the token names the reminder; it is deleted. True when the link
 * was made here (a reminder already stopped is stopped again, quietly), false when it was not.
 */
export async function unsubscribe(ctx: AppContext, token: string): Promise<boolean> {
  const id = new UnsubscribeTokens(ctx.config.jwtSecret).verify(token);
  if (!id) return false;
  await repo.deleteReminderById(ctx.db, id);
  return true;
}

export interface SendOptions {
  batchSize?: number;
  /** Called after each batch (tests stop a run half-way here). */
  afterBatch?: (sentSoFar: number) => void | Promise<void>;
}

/**
 * Sends every reminder due today (by `ctx.now()`), batch after batch. Each reminder is one
 * transaction: its sends are claimed in the ledger and their mails queued together, and its next
 * due day moved past today, so a run stopped half-way and run again sends each mail once.
 * A member who may no longer see the memorial gets nothing, and the reminder is removed.
 */
export async function sendDueReminders(
  ctx: AppContext,
  options: SendOptions = {},
): Promise<{ sent: number; removed: number }> {
  const today = dayOfInstant(ctx.now());
  const tokens = new UnsubscribeTokens(ctx.config.jwtSecret);
  const batchSize = options.batchSize ?? REMINDER_BATCH;
  let sent = 0;
  let removed = 0;
  for (;;) {
    const batch = await repo.dueReminders(ctx.db, today, batchSize);
    if (batch.length === 0) break;
    for (const row of batch) {
      const { reminder } = row;
      if (!row.visible) {
        await repo.deleteReminderById(ctx.db, reminder.id);
        removed += 1;
        continue;
      }
      const memorial = feedMemorial(row);
      const plan = reminderPlan(memorial, reminder, today);
      await ctx.db.transaction(async (tx) => {
        for (const due of plan.due) {
          if (row.memberDisabled) continue;
          if (!(await repo.claimSend(tx, reminder.id, due.occasion, due.occursOn, ctx.now())))
            continue;
          await ctx.mail.enqueue(
            tx,
            reminderMail({
              to: row.memberEmail,
              memberName: row.memberName,
              title: memorial.title,
              occasion: due.occasion,
              occursOn: due.occursOn,
              today,
              about: due.entry.description,
              memorialUrl: shortUrl(ctx.config.publicUrl, row.shortCode),
              unsubscribeUrl: unsubscribeUrl(ctx.config.publicUrl, tokens.issue(reminder.id)),
              daysBefore: reminder.daysBefore,
            }),
          );
          sent += 1;
        }
        await repo.setNextDue(tx, reminder.id, plan.nextDue);
      });
    }
    await options.afterBatch?.(sent);
  }
  return { sent, removed };
}

/**
 * The sending run on the job queue: every REMINDER_SWEEP_SECONDS, and it sends once the day has
 * reached REMINDER_SEND_HOUR (UTC); runs before that hour find nothing to do.
 */
export function defineReminderJob(ctx: AppContext, log: FastifyBaseLogger): void {
  ctx.jobs.every(REMINDER_JOB, ctx.config.REMINDER_SWEEP_SECONDS, async () => {
    if (ctx.now().getUTCHours() < ctx.config.REMINDER_SEND_HOUR) return;
    const result = await sendDueReminders(ctx);
    if (result.removed > 0)
      log.info(
        { removed: result.removed },
        'reminders of memorials their members no longer see were removed',
      );
  });
}
