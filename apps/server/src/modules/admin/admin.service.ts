import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode } from '@rips/shared/api';
import type { AdminTribute, Paged, TributeKind } from '@rips/shared/admin';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { PRIVATE_URL_TTL_SECONDS } from '../memorials/memorials.presenter.js';
import { findVisibleMemorial } from '../memorials/memorials.policy.js';
import { moderatedKind, TRIBUTE_KINDS } from '../tributes/tribute-kinds.js';
import { removeItem } from '../tributes/tributes.service.js';
import { findUserById, type UserRow } from '../users/users.repository.js';
import { presentAdminTribute } from './admin.presenter.js';
import * as repo from './admin.repository.js';
import type { PageRequest } from './admin.repository.js';

/** One page of the accounts whose name, username or email holds `search`. */
export async function searchUsers(ctx: AppContext, search: string, page: PageRequest) {
  return repo.searchUsers(ctx.db, search, page);
}

/** One page of the memorials the administrator finds by `search` (the featured ones alone, when asked). */
export async function searchMemorials(
  ctx: AppContext,
  admin: UserRow,
  search: string,
  featuredOnly: boolean,
  page: PageRequest,
) {
  return repo.searchMemorials(ctx.db, admin, search, featuredOnly, page);
}

/** The member an administrator acts on: never the administrator themself (`selfMessage`). */
async function findOtherMember(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  selfMessage: string,
): Promise<UserRow> {
  const target = await findUserById(ctx.db, id);
  if (!target) throw AppError.notFound('This account does not exist.');
  if (target.id === admin.id) throw AppError.forbidden(selfMessage);
  return target;
}

/** Grants or revokes the sponsor role. Administrators keep theirs: they are made by configuration or the CLI. */
export async function setSponsor(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  sponsor: boolean,
): Promise<UserRow> {
  const target = await findOtherMember(ctx, admin, id, 'You cannot change your own role.');
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
  const target = await findOtherMember(ctx, admin, id, 'You cannot disable your own account.');
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

/** The newest flowers and prayers (every kind moderation covers), with memorial and author. */
export async function recentTributes(
  ctx: AppContext,
  admin: UserRow,
  paging: { page: number; limit: number },
): Promise<Paged<AdminTribute>> {
  const kinds = TRIBUTE_KINDS.filter((kind) => kind.moderation);
  const { rows, total } = await repo.recentModeratedItems(ctx.db, kinds, admin, paging);
  // Items of every memorial, pending and hidden ones too: their pictures go out signed.
  const urls = ctx.urls.signedOnly(PRIVATE_URL_TTL_SECONDS);
  return { data: rows.map((row) => presentAdminTribute(urls, row, admin)), ...paging, total };
}

/**
 * Removes a flower or prayer through the same service and policy as its author's or the
 * memorial owner's removal, files and all.
 */
export async function removeTribute(
  ctx: AppContext,
  admin: UserRow,
  kind: TributeKind,
  id: string,
  log: FastifyBaseLogger,
): Promise<void> {
  await removeItem(ctx, moderatedKind(kind), admin, id, log);
}
