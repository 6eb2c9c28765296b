import { Avatar } from '@mantine/core';
import type { SelfUser } from '@rips/shared/users';

export function initials(user: Pick<SelfUser, 'fullName' | 'userName'>): string {
  const source = user.fullName.trim() || user.userName;
  const parts = source.split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** Decorative beside the visible name, hence the empty alt text. */
export function UserAvatar({ user, size = 32 }: { user: SelfUser; size?: number }) {
  return (
    <Avatar src={user.avatar} alt="" size={size} radius="50%" color="sage">
      {initials(user)}
    </Avatar>
  );
}
