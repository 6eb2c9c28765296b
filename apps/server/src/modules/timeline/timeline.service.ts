import type {
  UpdateCharitiesSchema,
  UpdateMomentSchema,
  CreateMomentSchema,
} from '@rips/shared/timeline';
import {
  MAX_MOMENTS,
  MAX_PENDING_MOMENTS,
  momentDateText,
  type Charity,
  type CreateMoment,
  type Moment,
  type UpdateCharities,
  type UpdateMoment,
} from '@rips/shared/timeline';
import { ErrorCode } from '@rips/shared/api';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { isUuid } from '../../lib/ids.js';
import {
  findVisibleMemorial,
  memorialAccess,
  requireMemorialAccess,
  type MemorialAccess,
  type MemorialRow,
} from '../memorials/memorials.policy.js';
import { recordActivity } from '../stewardship/stewardship.repository.js';
import type { UserRow } from '../users/users.repository.js';
import { presentCharity, presentMoment } from './timeline.presenter.js';
import * as repo from './timeline.repository.js';

export const MOMENT_NOT_FOUND = 'This moment does not exist.';

/** Who may see a suggestion: the memorial's managers and the contributor who made it. */
function seesPending(access: MemorialAccess, user: UserRow | null, row: repo.MomentRow): boolean {
  return access.canManage || (user !== null && row.authorId === user.id);
}

/**
 * The memorial's timeline for whoever may see the memorial: its published moments in date order;
 * a manager also sees every suggestion, a contributor their own.
 */
export async function timeline(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
): Promise<Moment[]> {
  const memorial = await findVisibleMemorial(ctx.db, memorialId, user);
  const access = await memorialAccess(ctx.db, memorial, user);
  const pending = access.canManage
    ? 'all'
    : access.canContribute && user
      ? { authorId: user.id }
      : 'none';
  const rows = await repo.listMoments(ctx.db, memorial.id, pending);
  return rows.map((row) => presentMoment(row, access.canManage));
}

/** The moment and its memorial, when the caller may see both; "not found" otherwise. */
async function visibleMoment(ctx: AppContext, user: UserRow | null, id: string) {
  const row = isUuid(id) ? await repo.findMoment(ctx.db, id) : undefined;
  if (!row) throw AppError.notFound(MOMENT_NOT_FOUND);
  const memorial = await findVisibleMemorial(ctx.db, row.memorialId, user).catch(() => {
    throw AppError.notFound(MOMENT_NOT_FOUND);
  });
  const access = await memorialAccess(ctx.db, memorial, user);
  if (row.status === 'pending' && !seesPending(access, user, row)) {
    throw AppError.notFound(MOMENT_NOT_FOUND);
  }
  return { row, memorial, access };
}

function requireManager(access: MemorialAccess, user: UserRow | null): void {
  if (access.canManage) return;
  if (!user) throw AppError.unauthenticated();
  throw AppError.forbidden('Only the owner or a manager of this memorial can do that.');
}

/** The moment's title and date, as the activity list names it. */
const named = (row: Pick<repo.MomentRow, 'title' | 'year' | 'month' | 'day'>) =>
  `${row.title} (${momentDateText(row)})`;

/**
 * A manager's moment is published at once; a contributor's waits for a manager. Bounded: at
 * most MAX_MOMENTS on a memorial, MAX_PENDING_MOMENTS of them waiting.
 */
export async function addMoment(
  ctx: AppContext,
  user: UserRow | null,
  body: z.output<typeof CreateMomentSchema>,
): Promise<Moment> {
  const { memorial, access } = await requireMemorialAccess(
    ctx.db,
    body.postId,
    user,
    'canContribute',
  ).catch((error: unknown) => {
    // A contributor's right is "add to the memorial"; the galleries' refusal would mislead here.
    if (error instanceof AppError && error.statusCode === 403) {
      throw AppError.forbidden(
        'Only the owner, a manager or a contributor of this memorial can add a moment.',
      );
    }
    throw error;
  });
  const status = access.canManage ? 'published' : 'pending';
  const counts = await repo.countMoments(ctx.db, memorial.id);
  if (counts.total >= MAX_MOMENTS) {
    throw AppError.conflict(
      ErrorCode.Conflict,
      `This timeline already holds ${MAX_MOMENTS} moments, the most a memorial keeps. Please remove one first.`,
    );
  }
  if (status === 'pending' && counts.pending >= MAX_PENDING_MOMENTS) {
    throw AppError.conflict(
      ErrorCode.Conflict,
      `${MAX_PENDING_MOMENTS} suggested moments already wait for the family. Please try again once they have looked at them.`,
    );
  }
  const { year, month, day, title, text, place } = body;
  const row = await ctx.db.transaction(async (tx) => {
    const created = await repo.insertMoment(tx, {
      memorialId: memorial.id,
      year,
      month,
      day,
      title,
      text,
      place,
      status,
      authorId: user!.id,
      authorName: user!.fullName,
    });
    await recordActivity(tx, {
      memorialId: memorial.id,
      actor: user,
      action: status === 'published' ? 'added a timeline moment' : 'suggested a timeline moment',
      targetName: named(created),
    });
    return created;
  });
  return presentMoment(row, access.canManage);
}

export async function editMoment(
  ctx: AppContext,
  user: UserRow | null,
  id: string,
  body: z.output<typeof UpdateMomentSchema>,
): Promise<Moment> {
  const { row, memorial, access } = await visibleMoment(ctx, user, id);
  requireManager(access, user);
  const updated = await ctx.db.transaction(async (tx) => {
    const changed = await repo.updateMoment(tx, row.id, body);
    if (!changed) throw AppError.notFound(MOMENT_NOT_FOUND);
    await recordActivity(tx, {
      memorialId: memorial.id,
      actor: user,
      action: 'edited a timeline moment',
      targetName: named(changed),
    });
    return changed;
  });
  return presentMoment(updated, true);
}

/** A manager removes any moment; a contributor may withdraw their own suggestion. */
export async function removeMoment(ctx: AppContext, user: UserRow | null, id: string) {
  const { row, memorial, access } = await visibleMoment(ctx, user, id);
  const withdraws = row.status === 'pending' && user !== null && row.authorId === user.id;
  if (!withdraws) requireManager(access, user);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.deleteMoment(tx, row.id))) throw AppError.notFound(MOMENT_NOT_FOUND);
    await recordActivity(tx, {
      memorialId: memorial.id,
      actor: user,
      action:
        withdraws && !access.canManage
          ? 'withdrew a suggested moment'
          : 'removed a timeline moment',
      targetName: named(row),
    });
  });
}

/** A manager approves a suggestion (it is published) or declines it (it is removed). */
export async function decideMoment(
  ctx: AppContext,
  user: UserRow | null,
  id: string,
  decision: 'approve' | 'decline',
): Promise<Moment | null> {
  const { row, memorial, access } = await visibleMoment(ctx, user, id);
  requireManager(access, user);
  if (row.status !== 'pending') {
    throw AppError.conflict(ErrorCode.Conflict, 'This moment is already on the timeline.');
  }
  return ctx.db.transaction(async (tx) => {
    let result: Moment | null = null;
    if (decision === 'approve') {
      const published = await repo.publishPendingMoment(tx, row.id);
      if (!published) {
        throw AppError.conflict(ErrorCode.Conflict, 'This moment is already on the timeline.');
      }
      result = presentMoment(published, true);
    } else if (!(await repo.deleteMoment(tx, row.id))) {
      throw AppError.notFound(MOMENT_NOT_FOUND);
    }
    await recordActivity(tx, {
      memorialId: memorial.id,
      actor: user,
      action:
        decision === 'approve' ? 'approved a suggested moment' : 'declined a suggested moment',
      targetName: named(row),
      detail: row.authorName ? `suggested by ${row.authorName}` : '',
    });
    return result;
  });
}

/** The charities the family named, for whoever may see the memorial. */
export async function charities(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
): Promise<Charity[]> {
  const memorial = await findVisibleMemorial(ctx.db, memorialId, user);
  return (await repo.listCharities(ctx.db, memorial.id)).map(presentCharity);
}

/** The charities of a memorial, for its archive and poster (the caller has checked the right). */
export async function charitiesOf(ctx: AppContext, memorial: MemorialRow): Promise<Charity[]> {
  return (await repo.listCharities(ctx.db, memorial.id)).map(presentCharity);
}

export async function setCharities(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
  body: z.output<typeof UpdateCharitiesSchema>,
): Promise<Charity[]> {
  const { memorial } = await requireMemorialAccess(ctx.db, memorialId, user, 'canManage');
  const before = (await repo.listCharities(ctx.db, memorial.id)).map(presentCharity);
  const after = body.charities;
  if (JSON.stringify(before) === JSON.stringify(after)) return before;
  await ctx.db.transaction(async (tx) => {
    await repo.replaceCharities(tx, memorial.id, after);
    await recordActivity(tx, {
      memorialId: memorial.id,
      actor: user,
      action: 'changed the charities in lieu of flowers',
      detail: after.length === 0 ? 'none' : after.map((c) => c.name).join('; '),
    });
  });
  return after;
}

export type { CreateMoment, UpdateMoment, UpdateCharities };
