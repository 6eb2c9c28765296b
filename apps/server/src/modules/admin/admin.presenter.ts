import type { AdminMemorial, AdminTribute, AdminUser } from '@rips/shared/admin';
import type { MediaUrls } from '../../media/urls.js';
import { avatarUrl } from '../users/users.presenter.js';
import type { UserRow } from '../users/users.repository.js';
import type { AdminMemorialRow, RecentTributeRow } from './admin.repository.js';

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

export function presentAdminTribute(urls: MediaUrls, row: RecentTributeRow): AdminTribute {
  const image = row.kind === 'flower' ? (urls.image(row)?.src ?? null) : null;
  return {
    _id: row.id,
    kind: row.kind,
    text: row.kind === 'prayer' ? row.text : null,
    image,
    bouquet: row.kind === 'flower' ? row.bouquet : null,
    memorial: { _id: row.memorialId, title: row.memorialTitle },
    author: { _id: row.authorId, fullName: row.authorFullName, userName: row.authorUserName },
    createdAt: row.createdAt.toISOString(),
  };
}
