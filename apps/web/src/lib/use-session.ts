import { createContext, use, useSyncExternalStore } from 'react';
import type { Role, SelfUser, Session } from '@rips/shared/users';
import { clearSession, getSession, startSession, subscribeSession, updateSession } from './session';

/**
 * The member a server-rendered page was rendered for (from their session cookie), without their
 * token; null for a visitor. The server provides it while rendering, the browser while adopting
 * that page, so both render the same header and the same rights.
 */
export interface RenderedViewer {
  user: SelfUser;
  roles: Role;
}

export const RenderedViewerContext = createContext<RenderedViewer | null>(null);

/** What a render shows of a session: equal strings, equal pages. */
function viewerKey(viewer: RenderedViewer | null): string {
  return viewer ? JSON.stringify({ user: viewer.user, roles: viewer.roles }) : '';
}

let keyedSession: Session | null | undefined;
let keyedValue = '';

function storedKey(): string {
  const session = getSession();
  if (session !== keyedSession) {
    keyedSession = session;
    keyedValue = viewerKey(session);
  }
  return keyedValue;
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

/**
 * The signed-in session. While React adopts a server-rendered page it answers the viewer the page
 * was rendered for (React's server snapshot); right after, the browser's stored session, which
 * re-renders only where the two differ (a session stored before the cookie existed, or ended in
 * another tab).
 */
export function useSession(): SessionState {
  const rendered = use(RenderedViewerContext);
  const key = useSyncExternalStore(subscribeSession, storedKey, () => viewerKey(rendered));
  const stored = typeof window === 'undefined' ? null : getSession();
  const session: Session | null =
    stored && key === storedKey()
      ? stored
      : key && rendered
        ? { accessToken: '', user: rendered.user, roles: rendered.roles }
        : null;
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
