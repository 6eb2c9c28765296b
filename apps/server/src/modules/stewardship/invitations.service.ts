import { randomBytes } from 'node:crypto';
import {
  INVITATION_DAYS,
  type CreateInvitation,
  type InvitationAccepted,
  type PendingInvitation,
} from '@rips/shared/stewardship';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { isUuid } from '../../lib/ids.js';
import { requireMemorialAccess, roleOn, type MemorialRow } from '../memorials/memorials.policy.js';
import type { UserRow } from '../users/users.repository.js';
import { mail } from './stewardship.mail.js';
import {
  DAY_MS,
  hashToken,
  noteActivity,
  presentInvitation,
  requireRoleChange,
} from './stewardship.shared.js';
import * as repo from './stewardship.repository.js';

/**
 * The link of an emailed invitation: the token rides in the fragment, which browsers never send,
 * so no server or proxy between the reader and us logs it (decision 0085).
 */
const invitationLink = (ctx: AppContext, token: string) =>
  `${ctx.config.publicUrl}/invitations#token=${token}`;

/**
 * The sender's budget of invitations (sent or sent again), then the address's: a few a day from
 * every memorial together, counted from the stored invitations, so no one can make the site mail
 * an address over and over.
 */
async function assertMayMail(ctx: AppContext, sender: UserRow, email: string): Promise<void> {
  const budget = `invitations:user:${sender.id}`;
  await ctx.limiter.consume(
    budget,
    ctx.config.INVITATION_LIMIT_PER_USER,
    'You have sent many invitations in a short time.',
  );
  const now = ctx.limiter.now();
  const { sent, first } = await repo.invitationsSentTo(ctx.db, email, new Date(now - DAY_MS));
  if (sent >= ctx.config.INVITATIONS_PER_ADDRESS_PER_DAY) {
    // Nothing was sent: the sender's own budget is not spent on it.
    await ctx.limiter.refund(budget);
    const wait = Math.max(1, Math.ceil(((first?.getTime() ?? now) + DAY_MS - now) / 1000));
    const hours = Math.ceil(wait / 3600);
    throw AppError.rateLimited(
      `This address has received ${sent} invitation${sent === 1 ? '' : 's'} today, the most it may receive in a day. Please try again in ${hours} hour${hours === 1 ? '' : 's'}.`,
      wait,
    );
  }
}

/** Stores a new invitation with a fresh token and queues its email, in `tx`. */
async function sendInvitation(
  ctx: AppContext,
  tx: Db,
  memorial: MemorialRow,
  sender: UserRow,
  fields: CreateInvitation,
): Promise<repo.InvitationRow> {
  const token = randomBytes(32).toString('base64url');
  const inserted = await repo.insertInvitation(tx, {
    memorialId: memorial.id,
    email: fields.email,
    role: fields.role,
    tokenHash: hashToken(token),
    invitedBy: sender.id,
    expiresAt: new Date(ctx.now().getTime() + INVITATION_DAYS * DAY_MS),
  });
  await ctx.mail.enqueue(
    tx,
    mail(
      fields.email,
      `${sender.fullName} invites you to the memorial of ${memorial.title}`,
      [
        'Hello,',
        '',
        `${sender.fullName} invites you to help look after the memorial of ${memorial.title}`,
        `on Rips Memorial, as a ${fields.role}. Open this link, sign in or create an account,`,
        `and press "Accept" (the link works once, for ${INVITATION_DAYS} days):`,
        invitationLink(ctx, token),
      ],
      `${sender.fullName} entered this address when inviting someone. If you do not know them, ignore this email.`,
    ),
  );
  return inserted;
}

export async function invite(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
  fields: CreateInvitation,
): Promise<PendingInvitation> {
  const { memorial, access } = await requireMemorialAccess(ctx.db, memorialId, user, 'canManage');
  requireRoleChange(access, null, fields.role);
  await assertMayMail(ctx, user!, fields.email);
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await sendInvitation(ctx, tx, memorial, user!, fields);
    await noteActivity(tx, memorial.id, user, `invited someone as ${fields.role}`, fields.email);
    return inserted;
  });
  return presentInvitation(row);
}

/**
 * A pending invitation of the memorial that the caller may act on: managers act on contributor
 * and viewer invitations, the owner (and administrators) on every one.
 */
async function pendingInvitationFor(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
  invitationId: string,
) {
  const { memorial, access } = await requireMemorialAccess(ctx.db, memorialId, user, 'canManage');
  const invitation = isUuid(invitationId)
    ? await repo.findPendingInvitation(ctx.db, memorial.id, invitationId, ctx.now())
    : undefined;
  if (!invitation) {
    throw AppError.notFound('This invitation was already accepted, withdrawn or has expired.');
  }
  requireRoleChange(access, null, invitation.role);
  return { memorial, invitation };
}

/** Withdraws a pending invitation: its link stops working at once. */
export async function withdrawInvitation(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
  invitationId: string,
): Promise<{ withdrawn: string }> {
  const { memorial, invitation } = await pendingInvitationFor(ctx, user, memorialId, invitationId);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.revokeInvitation(tx, invitation.id, ctx.now()))) {
      throw AppError.notFound('This invitation was already accepted, withdrawn or has expired.');
    }
    await noteActivity(
      tx,
      memorial.id,
      user,
      `withdrew an invitation as ${invitation.role}`,
      invitation.email,
    );
  });
  return { withdrawn: invitation.id };
}

/**
 * Sends a pending invitation again: a new one with a fresh token and a new 14 days replaces it,
 * and the old link stops working. It counts against the sender's and the address's budgets.
 */
export async function resendInvitation(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
  invitationId: string,
): Promise<PendingInvitation> {
  const { memorial, invitation } = await pendingInvitationFor(ctx, user, memorialId, invitationId);
  await assertMayMail(ctx, user!, invitation.email);
  const row = await ctx.db.transaction(async (tx) => {
    if (!(await repo.revokeInvitation(tx, invitation.id, ctx.now()))) {
      throw AppError.notFound('This invitation was already accepted, withdrawn or has expired.');
    }
    const sent = await sendInvitation(ctx, tx, memorial, user!, {
      email: invitation.email,
      role: invitation.role,
    });
    await noteActivity(
      tx,
      memorial.id,
      user,
      `sent an invitation as ${invitation.role} again`,
      invitation.email,
    );
    return sent;
  });
  return presentInvitation(row);
}

const INVALID_INVITATION =
  'This invitation link is not valid any more: it was used, withdrawn, has expired or was mistyped. Please ask for a new one.';

/**
 * Accepts the invitation the token names, once. Its sender's right to grant the role is checked
 * now, not when it was sent. Accepting an invitation sent to the account's own address proves the
 * account holds that address.
 */
export async function acceptInvitation(
  ctx: AppContext,
  user: UserRow,
  token: string,
): Promise<InvitationAccepted> {
  const invalid = () => AppError.badRequest(INVALID_INVITATION);
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw invalid();
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const invitation = await repo.takeInvitation(tx, hashToken(token), user.id, now);
    if (!invitation) throw invalid();
    const memorial = await repo.findMemorialRow(tx, invitation.memorialId);
    if (!memorial) throw invalid();
    const current = await roleOn(tx, memorial.id, user.id);
    const rank = { owner: 0, manager: 1, contributor: 2, viewer: 3 } as const;
    // An invitation never lowers a role the member already has.
    const role = current && rank[current] <= rank[invitation.role] ? current : invitation.role;
    if (role !== current) await repo.setRole(tx, memorial.id, user.id, role);
    if (invitation.email === user.email && !user.emailVerifiedAt) {
      await repo.markEmailVerified(tx, user.id, now);
    }
    await noteActivity(tx, memorial.id, user, `accepted an invitation as ${invitation.role}`);
    return { postId: memorial.id, title: memorial.title, role };
  });
}
