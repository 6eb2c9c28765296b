import type { AdminMemorial, AdminTribute, AdminUser } from '@rips/shared/admin';
import type { MediaUrls } from '../../media/urls.js';
import { moderationAbilities } from './admin.policy.js';
import { guestLabel } from '../tributes/tributes.presenter.js';
import { avatarUrl } from '../users/users.presenter.js';
import type { UserRow } from '../users/users.repository.js';
import type { AdminMemorialRow, ModerationRow } from './admin.repository.js';

export function presentAdminUser(urls: MediaUrls, row: UserRow): AdminUser {
  return {
    _id: row.id,
    userName: row.userName,
    fullName: row.fullName,
    email: row.email,
    avatar: avatarUrl(urls, row),
    roles: row.role,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentAdminMemorial(row: AdminMemorialRow): AdminMemorial {
  return {
    _id: row.id,
    title: row.title,
    owner: { _id: row.ownerId, fullName: row.ownerFullName, userName: row.ownerUserName },
    featured: row.featuredAt !== null,
    featuredAt: row.featuredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A moderated item: what its kind shows of it, where it was left and by whom. */
export function presentAdminTribute(
  urls: MediaUrls,
  row: ModerationRow,
  admin: UserRow,
): AdminTribute {
  const moderation = row.kind.moderation!;
  return {
    _id: row.item.id,
    kind: moderation.name,
    ...moderation.preview(urls, row.item),
    memorial: { _id: row.memorialId, title: row.memorialTitle },
    author:
      row.item.ownerId === null
        ? { _id: null, fullName: guestLabel(row.item.authorName), userName: null }
        : { _id: row.authorId, fullName: row.authorFullName ?? '', userName: row.authorUserName },
    createdAt: row.item.createdAt.toISOString(),
    abilities: moderationAbilities(admin),
  };
}
