import { ErrorCode } from '@rips/shared/api';
import type { AccessRequest, AccessSummary } from '@rips/shared/stewardship';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { isUuid } from '../../lib/ids.js';
import {
  MEMORIAL_NOT_FOUND,
  requireMemorialAccess,
  roleOn,
  type MemorialRow,
} from '../memorials/memorials.policy.js';
import { findUserById, type UserRow } from '../users/users.repository.js';
import { mailMember, memorialLink, sendToManagers } from './stewardship.mail.js';
import { noteActivity } from './stewardship.shared.js';
import * as repo from './stewardship.repository.js';

/** What an outsider of a private memorial that takes requests may see: its name. */
async function requestableMemorial(ctx: AppContext, memorialId: string): Promise<MemorialRow> {
  const row = isUuid(memorialId) ? await repo.findMemorialRow(ctx.db, memorialId) : undefined;
  if (!row || row.visibility !== 'private' || !row.allowAccessRequests) {
    throw AppError.notFound(MEMORIAL_NOT_FOUND);
  }
  return row;
}

export async function accessSummary(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
): Promise<AccessSummary> {
  const row = await requestableMemorial(ctx, memorialId);
  return {
    _id: row.id,
    title: row.title,
    requested: user ? await repo.hasPendingRequest(ctx.db, row.id, user.id) : false,
  };
}

export async function requestAccess(
  ctx: AppContext,
  user: UserRow,
  memorialId: string,
  message: string,
): Promise<AccessSummary> {
  const row = await requestableMemorial(ctx, memorialId);
  if (await roleOn(ctx.db, row.id, user.id)) {
    throw AppError.conflict(ErrorCode.Conflict, 'You can already see this memorial.');
  }
  await sendToManagers(
    ctx,
    row,
    {
      key: `access-requests:user:${user.id}`,
      message: 'You have sent many requests in a short time.',
      again: 'You have already asked to see this memorial. Its family has not answered yet.',
    },
    (tx) => repo.insertAccessRequest(tx, { memorialId: row.id, userId: user.id, message }),
    {
      subject: `${user.fullName} asks to see the memorial of ${row.title}`,
      lines: [
        `${user.fullName} (${user.userName}) asks to see the memorial of ${row.title}.`,
        ...(message ? [`Their message: ${message}`] : []),
        'You can approve or decline here:',
      ],
      tab: 'people',
    },
  );
  return { _id: row.id, title: row.title, requested: true };
}

export async function listAccessRequests(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
): Promise<AccessRequest[]> {
  const { memorial } = await requireMemorialAccess(ctx.db, memorialId, user, 'canManage');
  const rows = await repo.pendingAccessRequests(ctx.db, memorial.id);
  return rows.map((r) => ({
    _id: r.id,
    user: { _id: r.userId, fullName: r.fullName, userName: r.userName },
    message: r.message,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function decideAccess(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
  requestId: string,
  action: 'approve' | 'decline',
): Promise<{ status: 'approved' | 'declined' }> {
  const { memorial } = await requireMemorialAccess(ctx.db, memorialId, user, 'canManage');
  const status = action === 'approve' ? 'approved' : 'declined';
  await ctx.db.transaction(async (tx) => {
    const decided = isUuid(requestId)
      ? await repo.decideAccessRequest(tx, memorial.id, requestId, status, user!.id)
      : undefined;
    if (!decided) throw AppError.notFound('This request does not exist or was already answered.');
    const asker = await findUserById(tx, decided.userId);
    if (status === 'approved' && !(await roleOn(tx, memorial.id, decided.userId))) {
      await repo.setRole(tx, memorial.id, decided.userId, 'viewer');
    }
    await noteActivity(tx, memorial.id, user, `${status} an access request`, asker?.fullName);
    if (asker && !asker.deletedAt) {
      await mailMember(
        ctx,
        tx,
        asker,
        status === 'approved'
          ? `You may now see the memorial of ${memorial.title}`
          : `Your request to see the memorial of ${memorial.title}`,
        status === 'approved'
          ? [
              `Your request was approved. You can see the memorial of ${memorial.title} here:`,
              memorialLink(ctx, memorial.id),
            ]
          : [`The family of ${memorial.title} has declined your request to see the memorial.`],
        'you asked to see this private memorial.',
      );
    }
  });
  return { status };
}
