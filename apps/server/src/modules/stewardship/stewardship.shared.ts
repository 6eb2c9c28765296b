import { createHash } from 'node:crypto';
import { TRANSFER_OFFER_DAYS, type PendingInvitation } from '@rips/shared/stewardship';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { MemorialAccess, MemorialRow } from '../memorials/memorials.policy.js';
import type { UserRow } from '../users/users.repository.js';
import * as repo from './stewardship.repository.js';

/** Helpers every stewardship use case shares: days, tokens, names, the activity line, offers. */

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const DAY_MS = 86_400_000;

/** A member as the Manage area names them: the pending owner, the successor. */
export const named = (member: UserRow) => ({ _id: member.id, fullName: member.fullName });

/** Writes what was done to the memorial's activity, in the transaction that did it. */
export async function noteActivity(
  tx: Db,
  memorialId: string,
  actor: UserRow | null,
  action: string,
  targetName?: string | null,
): Promise<void> {
  await repo.recordActivity(tx, { memorialId, actor, action, targetName });
}

/** Managers are made and unmade by the owner (or an admin) alone. */
export function requireRoleChange(
  access: MemorialAccess,
  from: string | null,
  to: string | null,
): void {
  if ((from === 'manager' || to === 'manager') && !access.canOwn) {
    throw AppError.forbidden('Only the owner of this memorial can make or remove a manager.');
  }
}

export const presentInvitation = (row: repo.InvitationRow): PendingInvitation => ({
  _id: row.id,
  email: row.email,
  role: row.role,
  expiresAt: row.expiresAt.toISOString(),
});

/** The ownership offer waits for its member: made, and not older than TRANSFER_OFFER_DAYS. */
export function offerStands(memorial: MemorialRow, now: number): boolean {
  return (
    memorial.pendingOwnerId !== null &&
    memorial.pendingOwnerOfferedAt !== null &&
    memorial.pendingOwnerOfferedAt.getTime() > now - TRANSFER_OFFER_DAYS * DAY_MS
  );
}
