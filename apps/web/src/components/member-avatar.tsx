import { Avatar } from '@mantine/core';
import type { SelfUser } from '@rips/shared/users';

/** A member's avatar, or the first letter of their name when they have none. */
export function MemberAvatar({
  user,
  size = 112,
}: {
  user: Pick<SelfUser, 'avatar' | 'fullName'>;
  size?: number;
}) {
  return (
    <Avatar
      src={user.avatar}
      alt={user.avatar ? `Avatar of ${user.fullName}` : undefined}
      size={size}
      radius="50%"
      color="sage"
    >
      {user.fullName.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}
