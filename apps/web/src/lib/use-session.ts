import { useSyncExternalStore } from 'react';
import type { Role, Session } from '@rips/shared/users';
import { clearSession, getSession, startSession, subscribeSession, updateSession } from './session';

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
  const session = useSyncExternalStore(subscribeSession, getSession, () => null);
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
