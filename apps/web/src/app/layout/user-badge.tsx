import { Text } from '@mantine/core';
import type { SelfUser } from '@rips/shared/users';
import classes from './layout.module.css';
import { PendingCount } from './pending-tributes';
import { UserAvatar } from './user-avatar';

/**
 * What the menu button shows, with the count of tributes awaiting the member's approval when
 * there are any; also the stand-in while the menu's code loads.
 */
export function UserBadge({ user, pending = 0 }: { user: SelfUser; pending?: number }) {
  return (
    <>
      <UserAvatar user={user} />
      <Text component="span" size="sm" fw={600} className={classes.userName}>
        {user.userName}
      </Text>
      {pending > 0 ? <PendingCount total={pending} /> : null}
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
