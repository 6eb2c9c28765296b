import {
  PENDING_TRIBUTES_MEMORIALS_MAX,
  TRANSFER_OFFER_DAYS,
  type MyStewardship,
  type PendingTributes,
} from '@rips/shared/stewardship';
import type { AppContext } from '../../context.js';
import { pendingForManager } from '../tributes/pending-tributes.repository.js';
import { AppError } from '../../errors.js';
import { findVisibleMemorial } from '../memorials/memorials.policy.js';
import type { UserRow } from '../users/users.repository.js';
import { DAY_MS } from './stewardship.shared.js';
import * as repo from './stewardship.repository.js';

/** The member's own part in memorials: invitations to them, offers to them, their roles. */
export async function myStewardship(ctx: AppContext, user: UserRow): Promise<MyStewardship> {
  const now = ctx.now();
  // Anyone may sign up with any address: invitations sent to it are listed (with the memorials'
  // names) only once the account has proved it holds it (decision 0084).
  const emailVerified = user.emailVerifiedAt !== null;
  const [invitations, transfers, roles, ready] = await Promise.all([
    emailVerified ? repo.invitationsForEmail(ctx.db, user.email, now) : [],
    repo.transfersOfferedTo(
      ctx.db,
      user.id,
      new Date(now.getTime() - TRANSFER_OFFER_DAYS * DAY_MS),
    ),
    repo.rolesOf(ctx.db, user.id),
    repo.readyUnseenOf(ctx.db, user.id, new Date(now.getTime() - READY_CARD_DAYS * DAY_MS)),
  ]);
  return {
    emailVerified,
    invitations: invitations.map(({ id, memorialId, expiresAt, ...invitation }) => ({
      _id: id,
      postId: memorialId,
      ...invitation,
      expiresAt: expiresAt.toISOString(),
    })),
    transfers: transfers.map((t) => ({ postId: t.memorialId, title: t.title })),
    memorials: roles.map((r) => ({ postId: r.memorialId, title: r.title, role: r.role })),
    ready: ready.map((r) => ({ postId: r.memorialId, title: r.title })),
  };
}

/**
 * The tributes waiting for the member's approval, on the memorials they own or manage, for the
 * menu's count. One query; a member managing more memorials with tributes waiting than the list
 * holds sees the first ones by title, and a total of those.
 */
export async function myPendingTributes(ctx: AppContext, user: UserRow): Promise<PendingTributes> {
  const found = await pendingForManager(ctx.db, user, PENDING_TRIBUTES_MEMORIALS_MAX);
  return {
    total: found.reduce((sum, m) => sum + m.pending, 0),
    memorials: found.map((m) => ({ postId: m.memorialId, title: m.title, pending: m.pending })),
  };
}

/** A memorial made this long ago is not announced as new any more, opened or not. */
export const READY_CARD_DAYS = 30;

/**
 * Its owner opened the memorial, or put its "is ready" card away: the card goes. Only the owner
 * (who may not see it: not found; who may see it but does not own it: forbidden). Sent by the
 * page with a POST, never by opening it: a GET changes nothing.
 */
export async function markMemorialSeen(
  ctx: AppContext,
  user: UserRow,
  memorialId: string,
): Promise<{ postId: string; seen: true }> {
  const memorial = await findVisibleMemorial(ctx.db, memorialId, user);
  if (memorial.ownerId !== user.id) {
    throw AppError.forbidden('Only the memorial’s owner is told it is ready.');
  }
  await repo.markReadySeen(ctx.db, memorial.id, ctx.now());
  return { postId: memorial.id, seen: true };
}
