import { queueOwnerChangeCopies } from '../yearly-copies/yearly-copies.service.js';
import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@rips/shared/api';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { assertCurrentPassword } from '../account/account.service.js';
import { hashPassword } from '../auth/passwords.js';
import { removeUpload } from '../media/stored-files.js';
import type { MemorialRow } from '../memorials/memorials.policy.js';
import type { UserRow } from '../users/users.repository.js';
import { mailMember, memorialLink } from './stewardship.mail.js';
import { noteActivity } from './stewardship.shared.js';
import * as repo from './stewardship.repository.js';
import * as deletion from './account-deletion.repository.js';

/**
 * Deletes the caller's account (docs/decisions/0061-deleting-an-account.md). Each memorial they
 * own passes to its successor, else to its longest-serving manager; when one has neither, nothing
 * changes and the answer lists the memorials that need a successor, a transfer or a delete. The
 * account row stays, emptied of who they were, so the flowers, prayers and pictures they left
 * stay on the families' memorials; their private Life Legacy is deleted.
 */
export async function deleteAccount(
  ctx: AppContext,
  user: UserRow,
  currentPassword: string,
): Promise<{ passedOn: { postId: string; title: string; to: string }[] }> {
  await assertCurrentPassword(ctx, user, currentPassword, 'Please enter your password.');
  const owned = await deletion.memorialsOwnedBy(ctx.db, user.id);
  const plan: { memorial: MemorialRow; heir: UserRow }[] = [];
  const stuck: MemorialRow[] = [];
  for (const memorial of owned) {
    const heir = await heirOf(ctx.db, memorial, user.id);
    if (heir) plan.push({ memorial, heir });
    else stuck.push(memorial);
  }
  if (stuck.length > 0) {
    throw new AppError(
      409,
      ErrorCode.Conflict,
      `Your account was not deleted: ${stuck.length === 1 ? 'one memorial needs' : `${stuck.length} memorials need`} someone to look after ${stuck.length === 1 ? 'it' : 'them'}. Name a successor, transfer ${stuck.length === 1 ? 'it' : 'them'}, or delete ${stuck.length === 1 ? 'it' : 'them'} first.`,
      stuck.map((m) => ({ path: m.id, message: m.title })),
    );
  }
  const avatarKey = user.avatarKey;
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  await ctx.db.transaction(async (tx) => {
    for (const { memorial, heir } of plan) {
      await repo.moveOwnership(tx, memorial.id, user.id, heir.id);
      await queueOwnerChangeCopies(ctx, tx, memorial.id, heir.id);
      await noteActivity(
        tx,
        memorial.id,
        null,
        'passed ownership on when its owner deleted their account',
        heir.fullName,
      );
      await mailMember(
        ctx,
        tx,
        heir,
        `You now own the memorial of ${memorial.title}`,
        [
          `${user.fullName} deleted their Rips Memorial account, and the memorial of ${memorial.title}`,
          'passed to you with everything on it. You now decide who sees it and who helps:',
          memorialLink(ctx, memorial.id),
        ],
        memorial.successorId === heir.id
          ? `${user.fullName} named you the memorial's successor.`
          : 'you were its longest-serving manager and no successor was named.',
      );
    }
    await deletion.forgetAccount(tx, user, unusable);
  });
  if (avatarKey) await removeUpload(ctx.storage, avatarKey).catch(() => undefined);
  return {
    passedOn: plan.map((p) => ({
      postId: p.memorial.id,
      title: p.memorial.title,
      to: p.heir.fullName,
    })),
  };
}

/** Who takes a memorial over from `ownerId`: the named successor, else the longest-serving manager. */
async function heirOf(db: Db, memorial: MemorialRow, ownerId: string): Promise<UserRow | null> {
  const candidates = await deletion.heirCandidates(db, memorial.id, ownerId);
  const successor = candidates.find((c) => c.user.id === memorial.successorId);
  if (successor) return successor.user;
  return candidates.find((c) => c.role === 'manager')?.user ?? null;
}
