import { Burger, Container, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { paths } from '@/config/paths';
import { SITE } from '@/config/site';
import { useSession } from '@/lib/use-session';
import classes from './layout.module.css';
import { GuestActions, NavLinks } from './nav-links';
import { useNavItems } from './nav-items';
import { PendingCountLink, usePendingTributes } from './pending-tributes';
import { UserBadge } from './user-badge';

// The menu (floating-ui) and the drawer (modal machinery) load only when needed, which keeps
// a signed-out visitor's first page light.
const loadUserMenu = () => import('./user-menu');
const UserMenu = lazy(loadUserMenu);
const MobileNav = lazy(() => import('./mobile-nav'));

const DRAWER_ID = 'site-navigation-drawer';

/**
 * A member's avatar button. The menu behind it (and the floating-ui machinery it needs) loads
 * when the pointer or focus comes near, and takes the button's place when it is pressed.
 */
function AccountArea() {
  const { user } = useSession();
  const pending = usePendingTributes();
  const [wanted, setWanted] = useState(false);
  if (!user) return <GuestActions />;
  const standIn = (
    <UnstyledButton
      className={classes.userButton}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadUserMenu()}
      onFocus={() => void loadUserMenu()}
      onClick={() => setWanted(true)}
    >
      <UserBadge user={user} pending={pending?.total} />
    </UnstyledButton>
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <UserMenu openOnMount />
    </Suspense>
  );
}

export function SiteHeader() {
  const items = useNavItems();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [drawerRequested, setDrawerRequested] = useState(false);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  useEffect(() => close(), [pathname, close]);

  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.headerInner}>
        <Link to={paths.home.href()} className={classes.brand}>
          <BrandMark />
          <span>{SITE.name}</span>
        </Link>

        <nav aria-label="Main" className={classes.desktopNav}>
          <NavLinks items={items} />
        </nav>
        <div className={classes.desktopAccount}>
          <AccountArea />
        </div>

        <PendingCountLink />
        <Burger
          ref={burgerRef}
          opened={opened}
          onClick={() => {
            setDrawerRequested(true);
            toggle();
          }}
          className={classes.burger}
          aria-label={opened ? 'Close navigation' : 'Open navigation'}
          aria-expanded={opened}
          aria-controls={DRAWER_ID}
          size="sm"
        />
      </Container>

      {drawerRequested ? (
        <Suspense fallback={null}>
          <MobileNav
            id={DRAWER_ID}
            opened={opened}
            onClose={close}
            // The drawer loads lazily and mounts already open, so it cannot know who opened it.
            onClosed={() => burgerRef.current?.focus()}
            items={items}
          />
        </Suspense>
      ) : null}
    </header>
  );
}
