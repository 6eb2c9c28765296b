import { ErrorCode } from '@rips/shared/api';
import type { GrantableRole, People } from '@rips/shared/stewardship';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { isUuid } from '../../lib/ids.js';
import {
  findVisibleMemorial,
  memorialAccess,
  requireMemorialAccess,
  roleOn,
  type MemorialRole,
} from '../memorials/memorials.policy.js';
import { findUserById, type UserRow } from '../users/users.repository.js';
import {
  named,
  noteActivity,
  offerStands,
  presentInvitation,
  requireRoleChange,
} from './stewardship.shared.js';
import * as repo from './stewardship.repository.js';

export async function getPeople(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
): Promise<People> {
  const { memorial } = await requireMemorialAccess(ctx.db, memorialId, user, 'canManage');
  const [people, invitations, pendingOwner, successor] = await Promise.all([
    repo.listPeople(ctx.db, memorial.id),
    repo.pendingInvitations(ctx.db, memorial.id, ctx.now()),
    offerStands(memorial, ctx.now().getTime())
      ? findUserById(ctx.db, memorial.pendingOwnerId!)
      : undefined,
    memorial.successorId ? findUserById(ctx.db, memorial.successorId) : undefined,
  ]);
  return {
    people: people.map(({ id, since, ...person }) => ({
      _id: id,
      ...person,
      since: since.toISOString(),
      isSuccessor: id === memorial.successorId,
    })),
    invitations: invitations.map(presentInvitation),
    pendingOwner: pendingOwner ? named(pendingOwner) : null,
    successor: successor ? named(successor) : null,
  };
}

/**
 * The role of one of the memorial's people; the owner's changes only by a transfer, so asking to
 * change it is refused with `ownerRefusal`.
 */
async function roleBesideOwner(
  db: Db,
  memorialId: string,
  personId: string,
  ownerRefusal: string,
): Promise<Exclude<MemorialRole, 'owner'>> {
  const current = isUuid(personId) ? await roleOn(db, memorialId, personId) : null;
  if (!current) throw AppError.notFound('This member does not help look after this memorial.');
  if (current === 'owner') throw AppError.conflict(ErrorCode.Conflict, ownerRefusal);
  return current;
}

export async function changeRole(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
  personId: string,
  role: GrantableRole,
): Promise<People> {
  const { memorial, access } = await requireMemorialAccess(ctx.db, memorialId, user, 'canManage');
  const current = await roleBesideOwner(
    ctx.db,
    memorial.id,
    personId,
    'The owner keeps their role; to hand the memorial over, transfer it.',
  );
  requireRoleChange(access, current, role);
  if (current !== role) {
    const person = await findUserById(ctx.db, personId);
    await ctx.db.transaction(async (tx) => {
      await repo.setRole(tx, memorial.id, personId, role);
      // A manager made a contributor or viewer can no longer stand behind the invitations they
      // sent as one.
      await repo.revokeInvitationsBeyondRights(tx, personId, ctx.now(), memorial.id);
      await noteActivity(
        tx,
        memorial.id,
        user,
        `changed a role from ${current} to ${role}`,
        person?.fullName,
      );
    });
  }
  return getPeople(ctx, user, memorial.id);
}

/** Removes someone from the memorial's people; anyone but the owner may leave on their own. */
export async function removePerson(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
  personId: string,
): Promise<{ removed: string }> {
  const memorial = await findVisibleMemorial(ctx.db, memorialId, user);
  if (!user) throw AppError.unauthenticated();
  const access = await memorialAccess(ctx.db, memorial, user);
  const leaving = personId === user.id;
  if (!leaving && !access.canManage) {
    throw AppError.forbidden('Only the owner or a manager of this memorial can do that.');
  }
  const current = await roleBesideOwner(
    ctx.db,
    memorial.id,
    personId,
    'The owner cannot leave their memorial: transfer it to someone first.',
  );
  if (!leaving) requireRoleChange(access, current, null);
  const person = leaving ? user : await findUserById(ctx.db, personId);
  await ctx.db.transaction(async (tx) => {
    await repo.removePerson(tx, memorial.id, personId);
    await repo.clearSuccessor(tx, memorial.id, personId);
    // Who leaves takes their grants with them: the invitations they sent, an offer made to them.
    await repo.revokeInvitationsBeyondRights(tx, personId, ctx.now(), memorial.id);
    await repo.clearOffer(tx, memorial.id, personId);
    await noteActivity(
      tx,
      memorial.id,
      user,
      leaving ? `left (was ${current})` : `removed a ${current}`,
      leaving ? null : person?.fullName,
    );
  });
  return { removed: personId };
}
