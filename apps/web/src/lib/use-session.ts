import { startTransition, useEffect, useState } from 'react';
import type { Role, Session } from '@rips/shared/users';
import { isHydrating } from './hydration';
import { clearSession, getSession, startSession, subscribeSession, updateSession } from './session';

/** The server renders for a visitor; so does the browser while it adopts the server's HTML. */
function initialSession(): Session | null {
  return typeof window === 'undefined' || isHydrating() ? null : getSession();
}

export interface SessionState {
  session: Session | null;
  user: Session['user'] | null;
  role: Role | null;
  isAuthenticated: boolean;
  /** Sponsors create Rips; admins may do everything a sponsor can. */
  isSponsor: boolean;
  isAdmin: boolean;
  startSession: typeof startSession;
  updateSession: typeof updateSession;
  clearSession: typeof clearSession;
}

export function useSession(): SessionState {
  const [session, setSession] = useState(initialSession);
  useEffect(() => {
    const sync = () => setSession(getSession());
    const unsubscribe = subscribeSession(sync);
    // After hydration (or a change between render and now) the stored session shows; as a
    // transition, so the re-render is split into short tasks.
    startTransition(sync);
    return unsubscribe;
  }, []);
  const role = session?.roles ?? null;
  return {
    session,
    user: session?.user ?? null,
    role,
    isAuthenticated: session !== null,
    isSponsor: role === 'sponsor' || role === 'admin',
    isAdmin: role === 'admin',
    startSession,
    updateSession,
    clearSession,
  };
}
