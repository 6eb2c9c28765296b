import { queueOwnerChangeCopies } from '../yearly-copies/yearly-copies.service.js';
import { ErrorCode } from '@rips/shared/api';
import { TRANSFER_OFFER_DAYS } from '@rips/shared/stewardship';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { isUuid } from '../../lib/ids.js';
import {
  findVisibleMemorial,
  requireMemorialAccess,
  roleOn,
  type MemorialRow,
} from '../memorials/memorials.policy.js';
import { updateMemorial } from '../memorials/memorials.repository.js';
import { findUserById, type UserRow } from '../users/users.repository.js';
import { mailMember, manageLink, memorialLink } from './stewardship.mail.js';
import { named, noteActivity, offerStands } from './stewardship.shared.js';
import * as repo from './stewardship.repository.js';

const MEMBER_NOT_FOUND = 'We could not find that member. Please choose someone from the list.';

async function activeMember(ctx: AppContext, id: string): Promise<UserRow> {
  const member = await findUserById(ctx.db, id);
  if (!member || member.disabledAt || member.deletedAt) throw AppError.notFound(MEMBER_NOT_FOUND);
  return member;
}

export async function offerTransfer(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
  recipientId: string,
): Promise<{ pendingOwner: { _id: string; fullName: string } }> {
  const { memorial } = await requireMemorialAccess(ctx.db, memorialId, user, 'canOwn');
  const recipient = await activeMember(ctx, recipientId);
  if (recipient.id === memorial.ownerId) {
    throw AppError.conflict(ErrorCode.Conflict, 'This member already owns this memorial.');
  }
  await ctx.limiter.consume(
    `transfers:user:${user!.id}`,
    ctx.config.INVITATION_LIMIT_PER_USER,
    'You have offered memorials many times in a short time.',
  );
  await ctx.db.transaction(async (tx) => {
    await updateMemorial(tx, memorial.id, {
      pendingOwnerId: recipient.id,
      pendingOwnerOfferedAt: ctx.now(),
    });
    await noteActivity(tx, memorial.id, user, 'offered ownership', recipient.fullName);
    await mailMember(
      ctx,
      tx,
      recipient,
      `You are offered the memorial of ${memorial.title}`,
      [
        `${user!.fullName} offers you ownership of the memorial of ${memorial.title} on Rips Memorial.`,
        'As its owner you decide who sees it and who helps, and you may name a successor.',
        `${user!.fullName} stays on as a manager. To accept or decline, sign in and press "Accept"`,
        `or "Decline" here (the offer stands for ${TRANSFER_OFFER_DAYS} days):`,
        memorialLink(ctx, memorial.id, '/transfer'),
      ],
      `${user!.fullName} chose your account as the memorial's next owner.`,
    );
  });
  return { pendingOwner: named(recipient) };
}

/** The owner withdraws the ownership offer waiting on their memorial. */
export async function withdrawTransfer(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
): Promise<{ withdrawn: true }> {
  const { memorial } = await requireMemorialAccess(ctx.db, memorialId, user, 'canOwn');
  const recipient = offerStands(memorial, ctx.now().getTime())
    ? await findUserById(ctx.db, memorial.pendingOwnerId!)
    : undefined;
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.clearOffer(tx, memorial.id)) || !recipient) {
      throw AppError.conflict(ErrorCode.Conflict, 'No ownership offer is waiting.');
    }
    await noteActivity(tx, memorial.id, user, 'withdrew the ownership offer', recipient.fullName);
  });
  return { withdrawn: true };
}

/**
 * The memorial whose ownership stands offered to `user`, and who offered it (its owner; undefined
 * when that account is gone). The recipient of a private memorial may not see it yet: the offer
 * itself is the right; without one, who may not see it is told it does not exist, and who may is
 * told it was not offered to them.
 */
async function offeredTo(
  ctx: AppContext,
  user: UserRow,
  memorialId: string,
): Promise<{ offered: MemorialRow; offerer: UserRow | undefined }> {
  const offered = isUuid(memorialId) ? await repo.findMemorialRow(ctx.db, memorialId) : undefined;
  if (
    !offered ||
    offered.pendingOwnerId !== user.id ||
    !offerStands(offered, ctx.now().getTime())
  ) {
    await findVisibleMemorial(ctx.db, memorialId, user);
    throw AppError.forbidden('Ownership of this memorial has not been offered to you.');
  }
  return { offered, offerer: await findUserById(ctx.db, offered.ownerId) };
}

/** Tells the member who offered the ownership what the recipient did, unless they have left. */
async function tellOfferer(
  ctx: AppContext,
  tx: Db,
  offerer: UserRow | undefined,
  subject: string,
  lines: string[],
): Promise<void> {
  if (!offerer || offerer.deletedAt) return;
  await mailMember(
    ctx,
    tx,
    offerer,
    subject,
    lines,
    'you offered them ownership of this memorial.',
  );
}

export async function acceptTransfer(
  ctx: AppContext,
  user: UserRow,
  memorialId: string,
): Promise<{ postId: string; title: string }> {
  const { offered, offerer } = await offeredTo(ctx, user, memorialId);
  await ctx.db.transaction(async (tx) => {
    await repo.moveOwnership(tx, offered.id, offered.ownerId, user.id);
    await queueOwnerChangeCopies(ctx, tx, offered.id, user.id);
    // The old owner, a manager now, no longer stands behind the manager invitations they sent.
    await repo.revokeInvitationsBeyondRights(tx, offered.ownerId, ctx.now(), offered.id);
    await repo.recordActivity(tx, {
      memorialId: offered.id,
      actor: user,
      action: 'accepted ownership',
      detail: offerer ? `${offerer.fullName} is now a manager` : '',
    });
    await tellOfferer(
      ctx,
      tx,
      offerer,
      `${user.fullName} now owns the memorial of ${offered.title}`,
      [
        `${user.fullName} accepted ownership of the memorial of ${offered.title}.`,
        'You stay on as a manager:',
        memorialLink(ctx, offered.id),
      ],
    );
  });
  return { postId: offered.id, title: offered.title };
}

/** The offered member declines: the offer ends and the owner is told. */
export async function declineTransfer(
  ctx: AppContext,
  user: UserRow,
  memorialId: string,
): Promise<{ postId: string; declined: true }> {
  const { offered, offerer } = await offeredTo(ctx, user, memorialId);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.clearOffer(tx, offered.id, user.id))) {
      throw AppError.forbidden('Ownership of this memorial has not been offered to you.');
    }
    await noteActivity(tx, offered.id, user, 'declined the ownership offer');
    await tellOfferer(
      ctx,
      tx,
      offerer,
      `${user.fullName} declined the memorial of ${offered.title}`,
      [
        `${user.fullName} declined your offer of ownership of the memorial of ${offered.title}.`,
        'You stay its owner. You can offer it to someone else here:',
        manageLink(ctx, offered.id, 'ownership'),
      ],
    );
  });
  return { postId: offered.id, declined: true };
}

export async function setSuccessor(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
  successorId: string | null,
): Promise<{ successor: { _id: string; fullName: string } | null }> {
  const { memorial } = await requireMemorialAccess(ctx.db, memorialId, user, 'canOwn');
  let successor: UserRow | null = null;
  if (successorId) {
    successor = await activeMember(ctx, successorId);
    const role = await roleOn(ctx.db, memorial.id, successor.id);
    if (!role || role === 'owner') {
      throw AppError.validation(
        'Please choose one of the people who look after this memorial (invite them first).',
        [{ path: 'userId', message: 'Not one of this memorial’s people.' }],
      );
    }
  }
  await ctx.db.transaction(async (tx) => {
    await updateMemorial(tx, memorial.id, { successorId: successor?.id ?? null });
    await noteActivity(
      tx,
      memorial.id,
      user,
      successor ? 'named a successor' : 'cleared the successor',
      successor?.fullName,
    );
  });
  return { successor: successor ? named(successor) : null };
}
