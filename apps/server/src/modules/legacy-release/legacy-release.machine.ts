import { randomBytes } from 'node:crypto';
import { ACCESS_MONTHS } from '@rips/shared/legacy-release';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { hashLinkToken } from '../../lib/one-time-links.js';
import { SignedIds } from '../../lib/signed-ids.js';
import { findLegacyOfUser } from '../legacy/legacy.repository.js';
import { mail } from '../stewardship/stewardship.mail.js';
import * as repo from './legacy-release.repository.js';
import { assetsMarked, beneficiaryEmails } from './released-part.js';

/*
 * The release's state machine (docs/decisions/0122-legacy-release.md). Every transition runs in a
 * transaction holding the member's plan row (`repo.lockPlan`), and reads the time from `ctx.now`,
 * so a test steps the clock and the timer's job and a request never cross.
 */

const DAY_MS = 86_400_000;

/** The member's emailed one-click stop: the release's id, signed; it works while it is open. */
const stopTokens = new Map<string, SignedIds>();
export function stopLinks(secret: string): SignedIds {
  let ids = stopTokens.get(secret);
  if (!ids) {
    ids = new SignedIds(secret, 'rips legacy release stop v1');
    stopTokens.set(secret, ids);
  }
  return ids;
}

export function addMonths(at: Date, months: number): Date {
  const next = new Date(at);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

/** How many stewards must report: the member's rule, and always two while an asset is marked. */
export async function reportsNeeded(tx: Db, plan: repo.PlanRow): Promise<number> {
  const record = await findLegacyOfUser(tx, plan.userId);
  return assetsMarked(record, plan.sections) ? 2 : plan.reportsNeeded;
}

const site = (ctx: AppContext, page: string) => `${ctx.config.publicUrl}${page}`;

async function tellMember(
  ctx: AppContext,
  tx: Db,
  ownerId: string,
  subject: string,
  lines: string[],
): Promise<void> {
  const member = await repo.findMember(tx, ownerId);
  if (!member || member.deletedAt) return;
  await ctx.mail.enqueue(
    tx,
    mail(
      member.email,
      subject,
      [`Hello ${member.fullName},`, '', ...lines],
      'you keep a Life Legacy on Rips Memorial and chose who receives it after your death.',
    ),
  );
}

async function tellStewards(
  ctx: AppContext,
  tx: Db,
  ownerId: string,
  subject: string,
  lines: (memberName: string) => string[],
): Promise<void> {
  const member = await repo.findMember(tx, ownerId);
  if (!member) return;
  for (const steward of await repo.activeStewards(tx, ownerId)) {
    await ctx.mail.enqueue(
      tx,
      mail(
        steward.stewardEmail,
        subject,
        [`Hello ${steward.stewardName},`, '', ...lines(member.fullName)],
        `${member.fullName} named you a steward of their Life Legacy.`,
      ),
    );
  }
}

/** The member's mail while the waiting period runs: when it ends, and the one-click stop. */
async function mailWaiting(
  ctx: AppContext,
  tx: Db,
  release: repo.ReleaseRow,
  endsAt: Date,
  when: 'start' | 'halfway' | 'day-before',
): Promise<void> {
  const stop = site(ctx, `/legacy/stop#token=${stopLinks(ctx.config.jwtSecret).issue(release.id)}`);
  const why =
    release.trigger === 'inactivity'
      ? 'You have not signed in for the time you chose, so your Life Legacy is due to be released.'
      : 'A steward you named reported your death, so your Life Legacy is due to be released.';
  const subject = {
    start: 'Your Life Legacy will be released unless you stop it',
    halfway: 'Reminder: your Life Legacy will be released unless you stop it',
    'day-before': 'Tomorrow your Life Legacy will be released unless you stop it',
  }[when];
  await tellMember(ctx, tx, release.ownerId, subject, [
    why,
    '',
    `It will be released on ${endsAt.toUTCString()}, to the people you chose, unless you stop it.`,
    'If you are reading this, stop it with one click here:',
    stop,
    '',
    'You can also sign in and stop it from your Life Legacy.',
  ]);
}

/**
 * Brings the member's open release in line with its standing reports and the member's rules:
 * below the reports needed it waits for more (`reported`); none standing, it is withdrawn; enough,
 * the waiting period runs from the report that made enough, its end following the member's rule.
 */
export async function reconcile(ctx: AppContext, tx: Db, plan: repo.PlanRow): Promise<void> {
  const release = await repo.openRelease(tx, plan.userId);
  if (!release) return;
  const now = ctx.now();
  if (release.trigger === 'report') {
    const reports = await repo.standingReports(tx, release.id);
    const needed = await reportsNeeded(tx, plan);
    if (reports.length === 0) {
      await repo.updateRelease(tx, release.id, { state: 'withdrawn', closedAt: now });
      await tellMember(ctx, tx, plan.userId, 'The report of your death was withdrawn', [
        'The steward who reported your death is no longer your steward, so the report was withdrawn. Nothing was released.',
      ]);
      return;
    }
    if (reports.length < needed) {
      if (release.state === 'waiting') {
        await repo.updateRelease(tx, release.id, {
          state: 'reported',
          waitingFrom: null,
          endsAt: null,
          halfwayMailedAt: null,
          dayBeforeMailedAt: null,
        });
      }
      return;
    }
    if (release.state === 'reported') {
      const endsAt = new Date(now.getTime() + plan.waitingDays * DAY_MS);
      await repo.updateRelease(tx, release.id, { state: 'waiting', waitingFrom: now, endsAt });
      await mailWaiting(ctx, tx, release, endsAt, 'start');
      return;
    }
  }
  // Waiting: the end follows the member's current waiting period.
  const from = release.waitingFrom ?? release.startedAt;
  const endsAt = new Date(from.getTime() + plan.waitingDays * DAY_MS);
  if (endsAt.getTime() !== release.endsAt?.getTime()) {
    await repo.updateRelease(tx, release.id, { endsAt });
  }
}

/** A steward's report of the member's death: opens a release, or adds to the open one. */
export async function report(
  ctx: AppContext,
  tx: Db,
  plan: repo.PlanRow,
  steward: repo.StewardRow,
  dateOfDeath: string,
): Promise<void> {
  const now = ctx.now();
  const release =
    (await repo.openRelease(tx, plan.userId)) ??
    (await repo.insertRelease(tx, {
      ownerId: plan.userId,
      state: 'reported',
      trigger: 'report',
      startedAt: now,
      deathDate: dateOfDeath,
    }));
  await repo.insertReport(tx, {
    releaseId: release.id,
    stewardRowId: steward.id,
    dateOfDeath,
    reportedAt: now,
  });
  await reconcile(ctx, tx, plan);
}

/** No sign-in for the member's chosen months: the waiting period starts without a report. */
export async function startForInactivity(
  ctx: AppContext,
  tx: Db,
  plan: repo.PlanRow,
): Promise<void> {
  const now = ctx.now();
  const endsAt = new Date(now.getTime() + plan.waitingDays * DAY_MS);
  const release = await repo.insertRelease(tx, {
    ownerId: plan.userId,
    state: 'waiting',
    trigger: 'inactivity',
    startedAt: now,
    waitingFrom: now,
    endsAt,
  });
  await mailWaiting(ctx, tx, release, endsAt, 'start');
}

/** The member stops an open release (signed in, or by the emailed link); the stewards are told. */
export async function stop(ctx: AppContext, tx: Db, release: repo.ReleaseRow): Promise<void> {
  await repo.updateRelease(tx, release.id, { state: 'stopped', closedAt: ctx.now() });
  await tellStewards(
    ctx,
    tx,
    release.ownerId,
    'The release of a Life Legacy was stopped',
    (name) => [`${name} stopped the release of their Life Legacy. Nothing was released.`],
  );
}

/**
 * The waiting period ended unstopped: every active steward and every beneficiary gets a link of
 * their own to exactly what was marked for them, readable for 12 months.
 */
export async function release(ctx: AppContext, tx: Db, row: repo.ReleaseRow): Promise<void> {
  const now = ctx.now();
  const plan = await repo.lockPlan(tx, row.ownerId);
  const member = await repo.findMember(tx, row.ownerId);
  const accessUntil = addMonths(now, ACCESS_MONTHS);
  await repo.updateRelease(tx, row.id, { state: 'released', releasedAt: now, accessUntil });
  const readers = new Map<string, string | null>();
  const stewards = await repo.activeStewards(tx, row.ownerId);
  for (const steward of stewards) readers.set(steward.stewardEmail.toLowerCase(), steward.id);
  const record = await findLegacyOfUser(tx, row.ownerId);
  for (const email of beneficiaryEmails(record, plan.sections)) {
    if (!readers.has(email)) readers.set(email, null);
  }
  const name = member?.fullName ?? 'A member';
  for (const [email, stewardRowId] of readers) {
    const token = randomBytes(32).toString('base64url');
    await repo.insertAccess(tx, {
      releaseId: row.id,
      email,
      stewardRowId,
      tokenHash: hashLinkToken(token),
      createdAt: now,
    });
    await ctx.mail.enqueue(
      tx,
      mail(
        email,
        `${name} left part of their Life Legacy to you`,
        [
          'Hello,',
          '',
          `${name} kept a Life Legacy on Rips Memorial and asked that, after their death, you receive part of it.`,
          `You can read it, and download your part, until ${accessUntil.toUTCString()}:`,
          site(ctx, `/legacy/released#token=${token}`),
          '',
          ...(stewardRowId
            ? [
                'As their steward you can also start their memorial from it, from your stewardships:',
                site(ctx, '/legacy/stewarding'),
                '',
              ]
            : []),
          'This link is yours alone; please do not forward it.',
        ],
        stewardRowId
          ? `${name} named you a steward of their Life Legacy.`
          : `${name} named you in their Life Legacy.`,
      ),
    );
  }
  await tellMember(ctx, tx, row.ownerId, 'Your Life Legacy was released', [
    'The waiting period ended without being stopped, so your Life Legacy was released to the people you chose.',
    'If you are reading this, sign in: you can see who read it and revoke all access.',
  ]);
}

/** The timer's look at one waiting release: the halfway and day-before mails, or its release. */
export async function advanceWaiting(ctx: AppContext, tx: Db, id: string): Promise<void> {
  const row = await repo.findRelease(tx, id);
  if (!row || row.state !== 'waiting' || !row.endsAt) return;
  const now = ctx.now().getTime();
  const from = (row.waitingFrom ?? row.startedAt).getTime();
  const end = row.endsAt.getTime();
  if (now >= end) {
    await release(ctx, tx, row);
    return;
  }
  // A day-before mail only when the period is longer than two days (else the halfway one is it).
  if (!row.dayBeforeMailedAt && end - from > 2 * DAY_MS && now >= end - DAY_MS) {
    await repo.updateRelease(tx, id, {
      dayBeforeMailedAt: ctx.now(),
      halfwayMailedAt: row.halfwayMailedAt ?? ctx.now(),
    });
    await mailWaiting(ctx, tx, row, row.endsAt, 'day-before');
  } else if (!row.halfwayMailedAt && end - from > DAY_MS && now >= from + (end - from) / 2) {
    await repo.updateRelease(tx, id, { halfwayMailedAt: ctx.now() });
    await mailWaiting(ctx, tx, row, row.endsAt, 'halfway');
  }
}

/** The inactivity warnings (a month and a week before) and the trigger itself. */
export async function inactivityWarning(
  ctx: AppContext,
  tx: Db,
  plan: repo.PlanRow,
  deadline: Date,
  warning: 'month' | 'week',
): Promise<void> {
  await repo.updatePlan(tx, plan.userId, { inactivityWarned: warning });
  await tellMember(
    ctx,
    tx,
    plan.userId,
    warning === 'month'
      ? 'Sign in within a month to keep your Life Legacy private'
      : 'Sign in within a week to keep your Life Legacy private',
    [
      'You asked that your Life Legacy be released if you did not sign in for a while.',
      `If you do not sign in by ${deadline.toUTCString()}, its waiting period starts.`,
      'Signing in is enough to keep it private:',
      site(ctx, '/login'),
    ],
  );
}
