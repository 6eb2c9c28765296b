import { Badge, Menu, UnstyledButton } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/use-logout';
import { useSession } from '@/lib/use-session';
import classes from './layout.module.css';
import { usePendingTributes } from './pending-tributes';
import { UserBadge } from './user-badge';

/**
 * The avatar and username button of the header, with Profile, People who trust you (the Life
 * Legacies the member looks after), Admin (admins) and Sign out.
 */
export default function UserMenu({ openOnMount = false }: { openOnMount?: boolean }) {
  const { user, isAdmin } = useSession();
  const pending = usePendingTributes();
  const logout = useLogout();
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);

  // Loaded by a click on the stand-in button: take its place, take focus (so closing the menu
  // returns focus here), then open.
  useEffect(() => {
    if (!openOnMount) return;
    target.current?.focus();
    setOpened(true);
  }, [openOnMount]);

  if (!user) return null;
  return (
    <Menu
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={240}
      shadow="md"
      radius="md"
      offset={6}
    >
      <Menu.Target>
        <UnstyledButton ref={target} className={classes.userButton}>
          <UserBadge user={user} pending={pending?.total} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Signed in as {user.fullName}</Menu.Label>
        <Menu.Item component={Link} to={paths.profile.href()}>
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to={paths.legacyStewarding.href()}>
          People who trust you
        </Menu.Item>
        {isAdmin ? (
          <Menu.Item component={Link} to={paths.admin.href()}>
            Admin
          </Menu.Item>
        ) : null}
        {pending ? (
          <>
            <Menu.Divider />
            <Menu.Label>Awaiting your approval</Menu.Label>
            {pending.memorials.map((m) => (
              <Menu.Item
                key={m.postId}
                component={Link}
                to={paths.manage.href(m.postId, 'moderation')}
                rightSection={
                  <Badge component="span" size="sm" color="red" circle={m.pending < 10}>
                    {m.pending}
                  </Badge>
                }
              >
                <span className={classes.pendingTitle}>{m.title}</span>
              </Menu.Item>
            ))}
          </>
        ) : null}
        <Menu.Divider />
        <Menu.Item onClick={() => logout.mutate()} disabled={logout.isPending}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
