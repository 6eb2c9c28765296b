import { Navigate, useLocation } from 'react-router';
import { nextOfEntry, paths } from '@/config/paths';

/** This page's own address, to come back to after logging in or signing up. */
export function useHere(): string {
  const { pathname, search, hash } = useLocation();
  return `${pathname}${search}${hash}`;
}

/** The login and sign-up links of this page: both lead back here afterwards. */
export function useEntryLinks(): { login: string; signUp: string } {
  const here = useHere();
  return { login: paths.login.href(here), signUp: paths.signUp.href(here) };
}

/** The page an entry page (login, sign-up) leads on to afterwards: its checked `next`, or home. */
export function useNextOfEntry(): string {
  const { search, hash } = useLocation();
  return nextOfEntry(search, hash);
}

/** A page for members only, opened signed out: to the login, which comes back here. */
export function LoginFirst() {
  const here = useHere();
  return <Navigate to={paths.login.href(here)} replace />;
}
