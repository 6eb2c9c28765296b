import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode } from '@rips/shared/api';
import {
  LEGACY_SECTIONS,
  MAX_STEWARDS,
  STEWARD_INVITATION_DAYS,
  type LegacyPlan,
  type Release,
  type ReleasedLegacy,
  type SaveLegacyRules,
  type SectionMarks,
  type Stewardship,
} from '@rips/shared/legacy-release';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { hashLinkToken } from '../../lib/one-time-links.js';
import { findLegacyOfUser } from '../legacy/legacy.repository.js';
import { insertMemorial } from '../memorials/memorials.repository.js';
import { insertMoments } from '../timeline/timeline.repository.js';
import { mail } from '../stewardship/stewardship.mail.js';
import type { UserRow } from '../users/users.repository.js';
import * as machine from './legacy-release.machine.js';
import * as repo from './legacy-release.repository.js';
import { isEmptyPart, releasedPart } from './released-part.js';

export const LEGACY_RELEASE_JOB = 'legacy-release-timer';
const DAY_MS = 86_400_000;
const NOT_FOUND = 'This link no longer opens anything. It may have expired or been withdrawn.';

const sectionsOf = (stored: Partial<SectionMarks>): SectionMarks =>
  Object.fromEntries(LEGACY_SECTIONS.map((s) => [s, stored[s] ?? 'private'])) as SectionMarks;

async function presentRelease(tx: Db, row: repo.ReleaseRow, plan: repo.PlanRow): Promise<Release> {
  const reports = await repo.standingReports(tx, row.id);
  return {
    _id: row.id,
    state: row.state,
    trigger: row.trigger,
    reports: reports.map((r) => ({
      stewardName: r.stewardName,
      reportedAt: r.reportedAt.toISOString(),
    })),
    reportsNeeded: await machine.reportsNeeded(tx, plan),
    startedAt: row.startedAt.toISOString(),
    endsAt: row.state === 'waiting' ? (row.endsAt?.toISOString() ?? null) : null,
    releasedAt: row.releasedAt?.toISOString() ?? null,
    accessUntil: row.accessUntil?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

/** The member's own page: rules, stewards, the latest release and who read what. */
export async function plan(ctx: AppContext, user: UserRow): Promise<LegacyPlan> {
  const now = ctx.now();
  const row = (await repo.findPlan(ctx.db, user.id)) ?? {
    userId: user.id,
    reportsNeeded: 1,
    waitingDays: 7,
    inactivityMonths: null,
    sections: {},
    inactivityWarned: null,
    updatedAt: now,
  };
  const stewards = await repo.currentStewards(ctx.db, user.id);
  const names = await repo.stewardNames(
    ctx.db,
    stewards.flatMap((s) => (s.stewardId ? [s.stewardId] : [])),
  );
  const successor = await repo.ownershipSuccessor(ctx.db, user.id);
  const latest = await repo.latestRelease(ctx.db, user.id);
  const views = await repo.viewsOf(ctx.db, user.id);
  return {
    reportsNeeded: row.reportsNeeded,
    effectiveReportsNeeded: await machine.reportsNeeded(ctx.db, row),
    waitingDays: row.waitingDays,
    inactivityMonths: row.inactivityMonths,
    sections: sectionsOf(row.sections),
    stewards: stewards.map((s) => ({
      _id: s.id,
      email: s.email,
      fullName: s.stewardId ? (names.get(s.stewardId) ?? null) : null,
      state: s.acceptedAt ? 'active' : s.expiresAt > now ? 'invited' : 'expired',
      invitedAt: s.invitedAt.toISOString(),
      acceptedAt: s.acceptedAt?.toISOString() ?? null,
    })),
    offeredSteward:
      successor &&
      !stewards.some((s) => s.email === successor.email || s.stewardId === successor.id)
        ? { email: successor.email, fullName: successor.fullName }
        : null,
    release: latest ? await presentRelease(ctx.db, latest, row) : null,
    views: views.map((v) => ({ email: v.email, kind: v.kind, at: v.at.toISOString() })),
  };
}

/** The member changes the rules: an open release follows them at once. */
export async function saveRules(
  ctx: AppContext,
  user: UserRow,
  body: SaveLegacyRules & { sections: SectionMarks },
): Promise<LegacyPlan> {
  await ctx.db.transaction(async (tx) => {
    await repo.lockPlan(tx, user.id);
    await repo.updatePlan(tx, user.id, {
      reportsNeeded: body.reportsNeeded,
      waitingDays: body.waitingDays,
      inactivityMonths: body.inactivityMonths,
      sections: body.sections,
    });
    await machine.reconcile(ctx, tx, await repo.lockPlan(tx, user.id));
  });
  return plan(ctx, user);
}

/** Invites a steward by email; inviting the same address again sends a fresh link. */
export async function inviteSteward(
  ctx: AppContext,
  user: UserRow,
  email: string,
): Promise<LegacyPlan> {
  if (email === user.email.toLowerCase()) {
    throw AppError.badRequest('You cannot be your own steward: name someone you trust.');
  }
  await ctx.limiter.consume(
    `legacy-steward-invite:${user.id}`,
    ctx.config.INVITATION_LIMIT_PER_USER,
    'You have sent many invitations recently. Please wait a while before sending more.',
  );
  const token = randomBytes(32).toString('base64url');
  await ctx.db.transaction(async (tx) => {
    await repo.lockPlan(tx, user.id);
    const current = await repo.currentStewards(tx, user.id);
    const same = current.find((s) => s.email === email);
    if (same?.acceptedAt) {
      throw AppError.conflict(ErrorCode.Conflict, `${email} is already your steward.`);
    }
    const now = ctx.now();
    const expiresAt = new Date(now.getTime() + STEWARD_INVITATION_DAYS * DAY_MS);
    if (same) {
      await repo.updateSteward(tx, same.id, {
        tokenHash: hashLinkToken(token),
        invitedAt: now,
        expiresAt,
      });
    } else {
      if (current.length >= MAX_STEWARDS) {
        throw AppError.conflict(
          ErrorCode.Conflict,
          `You can name at most ${MAX_STEWARDS} stewards. Remove one to invite another.`,
        );
      }
      await repo.insertSteward(tx, {
        ownerId: user.id,
        email,
        tokenHash: hashLinkToken(token),
        invitedAt: now,
        expiresAt,
      });
    }
    await ctx.mail.enqueue(
      tx,
      mail(
        email,
        `${user.fullName} asks you to be a steward of their Life Legacy`,
        [
          'Hello,',
          '',
          `${user.fullName} keeps a Life Legacy on Rips Memorial and asks you to be one of its stewards.`,
          'A steward can report their death; after a waiting period they can stop, what they chose is released to the people they chose.',
          `To accept, open this link within ${STEWARD_INVITATION_DAYS} days and sign in (or join):`,
          `${ctx.config.publicUrl}/legacy/steward#token=${token}`,
          '',
          'If you do not want to, ignore this email: nothing happens.',
        ],
        `${user.fullName} entered your address as a steward.`,
      ),
    );
  });
  return plan(ctx, user);
}

/** The member removes a steward or an invitation: their report and access go with them. */
export async function removeSteward(
  ctx: AppContext,
  user: UserRow,
  stewardRowId: string,
): Promise<LegacyPlan> {
  await ctx.db.transaction(async (tx) => {
    const planRow = await repo.lockPlan(tx, user.id);
    const steward = await repo.findSteward(tx, stewardRowId);
    if (!steward || steward.ownerId !== user.id || steward.leftAt) {
      throw AppError.notFound('That steward was not found.');
    }
    await leave(ctx, tx, planRow, steward);
  });
  return plan(ctx, user);
}

async function leave(
  ctx: AppContext,
  tx: Db,
  planRow: repo.PlanRow,
  steward: repo.StewardRow,
): Promise<void> {
  const now = ctx.now();
  await repo.updateSteward(tx, steward.id, { leftAt: now });
  await repo.revokeAccess(tx, { stewardRowId: steward.id }, now);
  await machine.reconcile(ctx, tx, planRow);
}

export async function stopByMember(ctx: AppContext, user: UserRow): Promise<LegacyPlan> {
  await ctx.db.transaction(async (tx) => {
    await repo.lockPlan(tx, user.id);
    const open = await repo.openRelease(tx, user.id);
    if (!open) throw AppError.conflict(ErrorCode.Conflict, 'No release is under way.');
    await machine.stop(ctx, tx, open);
  });
  return plan(ctx, user);
}

/** The emailed one-click stop: the same page for a bad, an old and a closed link. */
export async function stopByLink(ctx: AppContext, token: string): Promise<{ memberName: string }> {
  const id = machine.stopLinks(ctx.config.jwtSecret).verify(token);
  const row = id ? await repo.findRelease(ctx.db, id) : undefined;
  if (!row) throw AppError.notFound(NOT_FOUND);
  return ctx.db.transaction(async (tx) => {
    await repo.lockPlan(tx, row.ownerId);
    const open = await repo.openRelease(tx, row.ownerId);
    if (!open || open.id !== row.id) {
      throw AppError.conflict(ErrorCode.Conflict, 'This release is no longer under way.');
    }
    await machine.stop(ctx, tx, open);
    const member = await repo.findMember(tx, row.ownerId);
    return { memberName: member?.fullName ?? '' };
  });
}

/** The member, back, withdraws every reader's access to a released legacy. */
export async function revoke(ctx: AppContext, user: UserRow): Promise<LegacyPlan> {
  await ctx.db.transaction(async (tx) => {
    await repo.lockPlan(tx, user.id);
    const latest = await repo.latestRelease(tx, user.id);
    if (latest?.state !== 'released') {
      throw AppError.conflict(ErrorCode.Conflict, 'Nothing of your Life Legacy is released.');
    }
    const now = ctx.now();
    await repo.updateRelease(tx, latest.id, { state: 'revoked', closedAt: now });
    await repo.revokeAccess(tx, { releaseId: latest.id }, now);
  });
  return plan(ctx, user);
}

// ---- The steward's side ----

async function presentStewardship(
  ctx: AppContext,
  steward: repo.StewardRow,
  memberName: string,
): Promise<Stewardship> {
  const latest = await repo.latestRelease(ctx.db, steward.ownerId);
  const planRow = await repo.findPlan(ctx.db, steward.ownerId);
  const reports = latest ? await repo.standingReports(ctx.db, latest.id) : [];
  const current = latest && !['stopped', 'withdrawn'].includes(latest.state) ? latest : null;
  return {
    _id: steward.id,
    memberName,
    release:
      current && planRow
        ? {
            state: current.state,
            reportsNeeded: await machine.reportsNeeded(ctx.db, planRow),
            endsAt: current.state === 'waiting' ? (current.endsAt?.toISOString() ?? null) : null,
            accessUntil: current.accessUntil?.toISOString() ?? null,
            reportedByMe: reports.some((r) => r.stewardRowId === steward.id),
            reportCount: reports.length,
            deathDate: current.deathDate,
          }
        : null,
    memorialId: current?.memorialId ?? null,
  };
}

export async function acceptStewardship(
  ctx: AppContext,
  user: UserRow,
  token: string,
): Promise<Stewardship> {
  const invitation = await repo.pendingInvitation(ctx.db, hashLinkToken(token), ctx.now());
  if (!invitation) {
    throw AppError.notFound(
      'This invitation is no longer open. It may have expired or been withdrawn.',
    );
  }
  if (invitation.ownerId === user.id) {
    throw AppError.badRequest('You cannot be your own steward.');
  }
  const owner = await repo.findMember(ctx.db, invitation.ownerId);
  await ctx.db.transaction(async (tx) => {
    await repo.lockPlan(tx, invitation.ownerId);
    const current = await repo.currentStewards(tx, invitation.ownerId);
    if (current.some((s) => s.stewardId === user.id && s.id !== invitation.id)) {
      throw AppError.conflict(ErrorCode.Conflict, 'You are already a steward of this Life Legacy.');
    }
    await repo.updateSteward(tx, invitation.id, { stewardId: user.id, acceptedAt: ctx.now() });
    if (owner && !owner.deletedAt) {
      await ctx.mail.enqueue(
        tx,
        mail(
          owner.email,
          `${user.fullName} is now a steward of your Life Legacy`,
          [
            `Hello ${owner.fullName},`,
            '',
            `${user.fullName} accepted to be a steward of your Life Legacy.`,
          ],
          'you named stewards for your Life Legacy on Rips Memorial.',
        ),
      );
    }
  });
  const accepted = await repo.findSteward(ctx.db, invitation.id);
  return presentStewardship(ctx, accepted!, owner?.fullName ?? '');
}

export async function stewardships(ctx: AppContext, user: UserRow): Promise<Stewardship[]> {
  const rows = await repo.stewardshipsOf(ctx.db, user.id);
  return Promise.all(rows.map((r) => presentStewardship(ctx, r.steward, r.memberName)));
}

/** The caller's own current stewardship `id`; "not found" for anyone else's. */
async function ownStewardship(ctx: AppContext, user: UserRow, id: string) {
  const rows = await repo.stewardshipsOf(ctx.db, user.id);
  const row = rows.find((r) => r.steward.id === id);
  if (!row) throw AppError.notFound('That stewardship was not found.');
  return row;
}

export async function stepDown(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const { steward } = await ownStewardship(ctx, user, id);
  await ctx.db.transaction(async (tx) => {
    const planRow = await repo.lockPlan(tx, steward.ownerId);
    await leave(ctx, tx, planRow, steward);
  });
}

export async function reportDeath(
  ctx: AppContext,
  user: UserRow,
  id: string,
  dateOfDeath: string,
): Promise<Stewardship> {
  const { steward, memberName } = await ownStewardship(ctx, user, id);
  if (dateOfDeath > ctx.now().toISOString().slice(0, 10)) {
    throw AppError.badRequest('The date of death cannot be in the future.');
  }
  await ctx.db.transaction(async (tx) => {
    const planRow = await repo.lockPlan(tx, steward.ownerId);
    const latest = await repo.latestRelease(tx, steward.ownerId);
    if (latest && ['released'].includes(latest.state)) {
      throw AppError.conflict(
        ErrorCode.Conflict,
        `${memberName}'s Life Legacy is already released.`,
      );
    }
    await machine.report(ctx, tx, planRow, steward, dateOfDeath);
  });
  return presentStewardship(ctx, (await repo.findSteward(ctx.db, id))!, memberName);
}

/**
 * A steward starts the member's memorial from the released legacy: its name and dates, its place
 * of birth, and the accomplishments released to the stewards as timeline moments. The member's
 * ownership successor owns it when they are one; else the steward who started it.
 */
export async function startMemorial(
  ctx: AppContext,
  user: UserRow,
  id: string,
  body: { title: string; dateOfBirth: string | null; deathDate: string },
): Promise<{ memorialId: string }> {
  const { steward } = await ownStewardship(ctx, user, id);
  return ctx.db.transaction(async (tx) => {
    const planRow = await repo.lockPlan(tx, steward.ownerId);
    const latest = await repo.latestRelease(tx, steward.ownerId);
    const now = ctx.now();
    if (latest?.state !== 'released' || !latest.accessUntil || latest.accessUntil <= now) {
      throw AppError.conflict(
        ErrorCode.Conflict,
        'A memorial can be started from a Life Legacy once it is released.',
      );
    }
    if (latest.memorialId) {
      throw AppError.conflict(ErrorCode.Conflict, 'A memorial was already started from it.');
    }
    const record = await findLegacyOfUser(tx, steward.ownerId);
    const reports = await repo.standingReports(tx, latest.id);
    const part = releasedPart(record, planRow.sections, {
      email: user.email,
      isSteward: true,
      reportCount: reports.length,
    });
    const successor = await repo.ownershipSuccessor(tx, steward.ownerId);
    const memorial = await insertMemorial(tx, {
      title: body.title,
      dateOfBirth: body.dateOfBirth,
      deathDate: body.deathDate,
      birthPlace: part.about?.birthPlace ?? '',
      description: part.about?.description ?? '',
      ownerId: successor?.id ?? user.id,
    });
    const authorName = user.fullName;
    await insertMoments(
      tx,
      part.accomplishments.map((a) => ({
        memorialId: memorial.id,
        year: Number(a['from']),
        title: (a['description'] ?? '').slice(0, 200),
        text: a['to'] && a['to'] !== a['from'] ? `Until ${a['to']}.` : '',
        status: 'published' as const,
        authorId: user.id,
        authorName,
      })),
    );
    await repo.updateRelease(tx, latest.id, { memorialId: memorial.id });
    return { memorialId: memorial.id };
  });
}

// ---- The readers' side ----

async function readableAccess(ctx: AppContext, token: string) {
  const found = await repo.accessByToken(ctx.db, hashLinkToken(token));
  const now = ctx.now();
  if (
    !found ||
    found.access.revokedAt ||
    found.release.state !== 'released' ||
    !found.release.accessUntil ||
    found.release.accessUntil <= now
  ) {
    throw AppError.notFound(NOT_FOUND);
  }
  return found;
}

/** Exactly the part released to the link's reader; every reading is logged for the member. */
export async function openReleased(
  ctx: AppContext,
  token: string,
  kind: 'view' | 'download',
): Promise<ReleasedLegacy> {
  const { access, release } = await readableAccess(ctx, token);
  const planRow = await repo.findPlan(ctx.db, release.ownerId);
  const record = await findLegacyOfUser(ctx.db, release.ownerId);
  const reports = await repo.standingReports(ctx.db, release.id);
  const member = await repo.findMember(ctx.db, release.ownerId);
  const part = releasedPart(record, planRow?.sections ?? {}, {
    email: access.email,
    isSteward: access.stewardRowId !== null,
    reportCount: release.trigger === 'report' ? reports.length : 0,
  });
  await repo.logView(ctx.db, access.id, kind, ctx.now());
  return {
    memberName: member?.fullName ?? '',
    releasedAt: release.releasedAt!.toISOString(),
    accessUntil: release.accessUntil!.toISOString(),
    ...part,
  };
}

export { isEmptyPart };

// ---- The timer ----

/** Signing in keeps an inactivity trigger away: its warnings start over. */
export async function noteSignIn(ctx: AppContext, userId: string): Promise<void> {
  await repo.noteSignIn(ctx.db, userId, ctx.now());
}

/**
 * One look at every member's release at `ctx.now()`: open releases follow their reports and
 * rules, waiting periods mail and end, access past its months expires, and inactivity warns and
 * triggers. Each member's step is a transaction of its own under their plan's lock, so a crash
 * leaves each step done or not, and the next run does what is left.
 */
export async function runTimer(ctx: AppContext): Promise<void> {
  for (const open of await repo.openReleases(ctx.db)) {
    await ctx.db.transaction(async (tx) => {
      const planRow = await repo.lockPlan(tx, open.ownerId);
      await machine.reconcile(ctx, tx, planRow);
      await machine.advanceWaiting(ctx, tx, open.id);
    });
  }
  for (const ended of await repo.endedAccess(ctx.db, ctx.now())) {
    await ctx.db.transaction(async (tx) => {
      await repo.lockPlan(tx, ended.ownerId);
      const row = await repo.findRelease(tx, ended.id);
      if (row?.state !== 'released') return;
      await repo.updateRelease(tx, row.id, { state: 'expired', closedAt: ctx.now() });
      await repo.revokeAccess(tx, { releaseId: row.id }, ctx.now());
    });
  }
  const now = ctx.now();
  for (const candidate of await repo.inactivityPlans(ctx.db)) {
    const deadline = machine.addMonths(candidate.lastActive, candidate.months ?? 0);
    const left = deadline.getTime() - now.getTime();
    if (left > 30 * DAY_MS) continue;
    await ctx.db.transaction(async (tx) => {
      const planRow = await repo.lockPlan(tx, candidate.userId);
      if (!planRow.inactivityMonths) return;
      if (await repo.openRelease(tx, candidate.userId)) return;
      const latest = await repo.latestRelease(tx, candidate.userId);
      // One release per absence: after one ended, a new sign-in is needed before another.
      if (latest && latest.startedAt >= candidate.lastActive) return;
      if (left <= 0) await machine.startForInactivity(ctx, tx, planRow);
      else if (left <= 7 * DAY_MS && planRow.inactivityWarned !== 'week')
        await machine.inactivityWarning(ctx, tx, planRow, deadline, 'week');
      else if (left > 7 * DAY_MS && !planRow.inactivityWarned)
        await machine.inactivityWarning(ctx, tx, planRow, deadline, 'month');
    });
  }
}

export function defineLegacyReleaseTimer(ctx: AppContext, log: FastifyBaseLogger): void {
  ctx.jobs.every(LEGACY_RELEASE_JOB, ctx.config.LEGACY_RELEASE_SWEEP_SECONDS, async () => {
    await runTimer(ctx);
    log.debug('legacy release timer ran');
  });
}
