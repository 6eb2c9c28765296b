import { Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import type { SelfUser } from '@rips/shared/users';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/use-logout';
import { useSession } from '@/lib/use-session';
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

/** The avatar and username button of the header, with Profile, Admin (admins) and Sign out. */
export default function UserMenu() {
  const { user, isAdmin } = useSession();
  const logout = useLogout();
  if (!user) return null;
  return (
    <Menu position="bottom-end" width={240} shadow="md" radius="md" offset={6}>
      <Menu.Target>
        <UnstyledButton className={classes.userButton}>
          <UserBadge user={user} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Signed in as {user.fullName}</Menu.Label>
        <Menu.Item component={Link} to={paths.profile.href()}>
          Profile
        </Menu.Item>
        {isAdmin ? (
          <Menu.Item component={Link} to={paths.admin.href()}>
            Admin
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item onClick={() => logout.mutate()} disabled={logout.isPending}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
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
