import { Button, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { NavLink } from 'react-router';
import { tributesAwaitingApproval } from '@rips/shared/kinds';
import { paths } from '@/config/paths';
import { SITE } from '@/config/site';
import { useLogout } from '@/features/auth/api/use-logout';
import { useSession } from '@/lib/use-session';
import classes from './layout.module.css';
import { GuestActions, NavLinks } from './nav-links';
import type { NavItem } from './nav-items';
import { usePendingTributes } from './pending-tributes';
import { UserAvatar } from './user-avatar';

function DrawerAccount() {
  const { user, isAdmin } = useSession();
  const pending = usePendingTributes();
  const logout = useLogout();
  if (!user) return <GuestActions stacked />;
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="nowrap">
        <UserAvatar user={user} size={44} />
        <div className={classes.drawerUser}>
          <Text fw={600} truncate>
            {user.fullName}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {user.userName}
          </Text>
        </div>
      </Group>
      <ul className={classes.navListVertical}>
        <li>
          <NavLink to={paths.profile.href()} className={classes.navLink}>
            Profile
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.legacyStewarding.href()} className={classes.navLink}>
            People who trust you
          </NavLink>
        </li>
        {isAdmin ? (
          <li>
            <NavLink to={paths.admin.href()} className={classes.navLink}>
              Admin
            </NavLink>
          </li>
        ) : null}
        {pending?.memorials.map((m) => (
          <li key={m.postId}>
            <NavLink
              to={paths.manage.href(m.postId, 'moderation')}
              className={`${classes.navLink} ${classes.pendingNavLink}`}
            >
              {m.title}: {tributesAwaitingApproval(m.pending)}
            </NavLink>
          </li>
        ))}
      </ul>
      <Button variant="default" onClick={() => logout.mutate()} loading={logout.isPending}>
        Sign out
      </Button>
    </Stack>
  );
}

interface MobileNavProps {
  id: string;
  opened: boolean;
  onClose: () => void;
  /** After the closing transition: where focus goes back to. */
  onClosed: () => void;
  items: NavItem[];
}

/** The burger's drawer: the header's links and account actions, for narrow screens. */
export default function MobileNav({ id, opened, onClose, onClosed, items }: MobileNavProps) {
  return (
    <Drawer
      id={id}
      opened={opened}
      onClose={onClose}
      returnFocus={false}
      onExitTransitionEnd={onClosed}
      position="right"
      size="min(320px, 86vw)"
      title={SITE.name}
      closeButtonProps={{ 'aria-label': 'Close navigation' }}
      classNames={{ title: classes.drawerTitle }}
    >
      <Stack gap="lg">
        <nav aria-label="Main">
          <NavLinks items={items} vertical />
        </nav>
        <Divider />
        <DrawerAccount />
      </Stack>
    </Drawer>
  );
}
