import { ErrorCode } from '@rips/shared/api';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { isUuid } from '../../lib/ids.js';
import { findVisibleMemorial } from '../memorials/memorials.policy.js';
import { findUserById, type UserRow } from '../users/users.repository.js';
import * as repo from './admin.repository.js';

async function findTarget(ctx: AppContext, id: string): Promise<UserRow> {
  const target = await findUserById(ctx.db, id);
  if (!target) throw AppError.notFound('This account does not exist.');
  return target;
}

/** Grants or revokes the sponsor role. Administrators keep theirs: they are made by configuration or the CLI. */
export async function setSponsor(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  sponsor: boolean,
): Promise<UserRow> {
  const target = await findTarget(ctx, id);
  if (target.id === admin.id) throw AppError.forbidden('You cannot change your own role.');
  if (target.role === 'admin') {
    throw AppError.conflict(
      ErrorCode.Conflict,
      'Administrators keep their role; it cannot be changed here.',
    );
  }
  return (await repo.setUserRole(ctx.db, target.id, sponsor ? 'sponsor' : 'visitor')) ?? target;
}

export async function setDisabled(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  disabled: boolean,
): Promise<UserRow> {
  const target = await findTarget(ctx, id);
  if (target.id === admin.id) throw AppError.forbidden('You cannot disable your own account.');
  if (disabled === (target.disabledAt !== null)) return target;
  return (await repo.setUserDisabled(ctx.db, target.id, disabled)) ?? target;
}

export async function setFeatured(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  featured: boolean,
): Promise<void> {
  const memorial = await findVisibleMemorial(ctx.db, id, admin);
  if (!(await repo.setMemorialFeatured(ctx.db, memorial.id, featured))) {
    throw AppError.notFound('This memorial does not exist.');
  }
}

/** Removes a tribute; a flower's stored picture goes once its row is gone. */
export async function removeTribute(
  ctx: AppContext,
  kind: 'flower' | 'prayer',
  id: string,
): Promise<void> {
  const missing = () => AppError.notFound('This tribute does not exist.');
  if (!isUuid(id)) throw missing();
  if (kind === 'prayer') {
    if (!(await repo.deletePrayer(ctx.db, id))) throw missing();
    return;
  }
  const flower = await repo.deleteFlower(ctx.db, id);
  if (!flower) throw missing();
  if (flower.imageKey) await ctx.storage.deletePrefix(flower.imageKey);
}
