import type { PublicUser, SelfUser } from '@rips/shared/users';
import type { MediaUrls } from '../../media/urls.js';
import type { UserRow } from './users.repository.js';

/** Avatars are stored at 96 and 256 px; the larger one suits every place we show them. */
export function avatarUrl(urls: MediaUrls, row: Pick<UserRow, 'avatarKey'>): string | null {
  return row.avatarKey ? urls.file(`${row.avatarKey}/256.webp`) : null;
}

export function presentPublicUser(urls: MediaUrls, row: UserRow): PublicUser {
  return {
    _id: row.id,
    userName: row.userName,
    fullName: row.fullName,
    avatar: avatarUrl(urls, row),
  };
}

export function presentSelf(urls: MediaUrls, row: UserRow): SelfUser {
  return {
    ...presentPublicUser(urls, row),
    email: row.email,
    roles: row.role,
    createdAt: row.createdAt.toISOString(),
  };
}
