import {
  PENDING_TRIBUTES_MEMORIALS_MAX,
  TRANSFER_OFFER_DAYS,
  type MyStewardship,
  type PendingTributes,
} from '@rips/shared/stewardship';
import type { AppContext } from '../../context.js';
import { pendingForManager } from '../tributes/pending-tributes.repository.js';
import type { UserRow } from '../users/users.repository.js';
import { DAY_MS } from './stewardship.shared.js';
import * as repo from './stewardship.repository.js';

/** The member's own part in memorials: invitations to them, offers to them, their roles. */
export async function myStewardship(ctx: AppContext, user: UserRow): Promise<MyStewardship> {
  const now = new Date();
  // Anyone may sign up with any address: invitations sent to it are listed (with the memorials'
  // names) only once the account has proved it holds it (decision 0084).
  const emailVerified = user.emailVerifiedAt !== null;
  const [invitations, transfers, roles] = await Promise.all([
    emailVerified ? repo.invitationsForEmail(ctx.db, user.email, now) : [],
    repo.transfersOfferedTo(
      ctx.db,
      user.id,
      new Date(now.getTime() - TRANSFER_OFFER_DAYS * DAY_MS),
    ),
    repo.rolesOf(ctx.db, user.id),
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
  };
}

/**
 * The tributes waiting for the member's approval, on the memorials they own or manage, for the
 * menu's count. One query; a member managing more memorials with tributes waiting than the list
 * holds sees the first ones by title, and a total of those.
 */
export async function myPendingTributes(ctx: AppContext, user: UserRow): Promise<PendingTributes> {
  const found = await pendingForManager(ctx.db, user.id, PENDING_TRIBUTES_MEMORIALS_MAX);
  return {
    total: found.reduce((sum, m) => sum + m.pending, 0),
    memorials: found.map((m) => ({ postId: m.memorialId, title: m.title, pending: m.pending })),
  };
}
