import { Text } from '@mantine/core';
import type { SelfUser } from '@rips/shared/users';
import classes from './layout.module.css';
import { UserAvatar } from './user-avatar';

/** What the menu button shows; also the stand-in while the menu's code loads. */
export function UserBadge({ user }: { user: SelfUser }) {
  return (
    <>
      <UserAvatar user={user} />
      <Text component="span" size="sm" fw={600} className={classes.userName}>
        {user.userName}
      </Text>
      <ChevronDown />
    </>
  );
}

function ChevronDown() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="m6 9 6 6 6-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
