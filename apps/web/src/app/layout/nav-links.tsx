import { Button, Group, Stack } from '@mantine/core';
import { Link, NavLink } from 'react-router';
import { paths } from '@/config/paths';
import classes from './layout.module.css';
import type { NavItem } from './nav-items';

export function NavLinks({ items, vertical = false }: { items: NavItem[]; vertical?: boolean }) {
  return (
    <ul className={vertical ? classes.navListVertical : classes.navList}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.end} className={classes.navLink}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function GuestActions({ stacked = false }: { stacked?: boolean }) {
  const Wrapper = stacked ? Stack : Group;
  return (
    <Wrapper gap="sm">
      <Button component={Link} to={paths.login.href()} variant="default">
        Login
      </Button>
      <Button component={Link} to={paths.signUp.href()}>
        Sign Up
      </Button>
    </Wrapper>
  );
}
