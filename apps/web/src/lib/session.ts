import type { Role, SelfUser, Session } from '@rips/shared/users';
import { isTokenExpired } from './jwt';
import { notify } from './notify';

/*
 * The signed-in session, kept in localStorage under `user` in the spec's shape:
 * `{ data: { accessToken, user, roles } }`. This module is the only reader and writer;
 * React reads it through `useSession`, the API client through `getAccessToken`.
 */
export const SESSION_STORAGE_KEY = 'user';
export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please log in again.';
const EXPIRED_NOTICE_ID = 'session-expired';

interface StoredSession {
  data: Session;
}

type Listener = () => void;

const listeners = new Set<Listener>();
let current: Session | null = null;
let loaded = false;

function isSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<Session>;
  return (
    typeof v.accessToken === 'string' &&
    typeof v.roles === 'string' &&
    typeof v.user === 'object' &&
    v.user !== null &&
    typeof v.user._id === 'string'
  );
}

function readStorage(): Session | null {
  try {
    const raw = window.localStorage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredSession> | null;
    return isSession(parsed?.data) ? parsed.data : null;
  } catch {
    return null;
  }
}

function hasStoredValue(): boolean {
  try {
    return window.localStorage.getItem(SESSION_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

function writeStorage(session: Session | null) {
  try {
    if (session) {
      const stored: StoredSession = { data: session };
      window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(stored));
    } else {
      window.localStorage.removeItem(SESSION_STORAGE_KEY);
    }
  } catch {
    // Storage may be full or blocked (private mode); the in-memory session still works.
  }
}

function emit() {
  for (const listener of listeners) listener();
}

function set(session: Session | null) {
  current = session;
  writeStorage(session);
  emit();
}

/**
 * Loads the stored session once. An expired one is removed at once and the notice shown,
 * so the very first render already treats the visitor as logged out.
 */
function ensureLoaded() {
  if (loaded) return;
  loaded = true;
  const stored = readStorage();
  if (stored && isTokenExpired(stored.accessToken)) {
    writeStorage(null);
    announceExpiry();
    return;
  }
  // Something unreadable under our key (an older shape, hand edits): drop it.
  if (!stored && hasStoredValue()) writeStorage(null);
  current = stored;
}

function announceExpiry() {
  // A fixed id: several failing calls at once still show one notice.
  notify.error(SESSION_EXPIRED_MESSAGE, EXPIRED_NOTICE_ID);
}

export function getSession(): Session | null {
  ensureLoaded();
  return current;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Stores a fresh session after login. */
export function startSession(session: Session) {
  ensureLoaded();
  set(session);
}

/** Replaces the user or role of the current session, e.g. after a profile edit or becoming a sponsor. */
export function updateSession(patch: { user?: Partial<SelfUser>; roles?: Role }) {
  const session = getSession();
  if (!session) return;
  const user = { ...session.user, ...patch.user };
  const roles = patch.roles ?? patch.user?.roles ?? session.roles;
  set({ ...session, user: { ...user, roles }, roles });
}

/** Signs out locally (logout, or the account changed elsewhere). */
export function clearSession() {
  ensureLoaded();
  if (current) set(null);
}

/** Clears the session because the server or the clock says it is over; tells the visitor once. */
export function expireSession() {
  ensureLoaded();
  if (!current) return;
  set(null);
  announceExpiry();
}

/** The bearer token for the next call, or null. An expired session is ended here, before the call. */
export function getAccessToken(): string | null {
  const session = getSession();
  if (!session) return null;
  if (isTokenExpired(session.accessToken)) {
    expireSession();
    return null;
  }
  return session.accessToken;
}

/** Another tab signed in or out: adopt its session without a notice. */
export function syncSessionFromStorage(event: StorageEvent) {
  if (event.key !== null && event.key !== SESSION_STORAGE_KEY) return;
  if (event.storageArea && event.storageArea !== window.localStorage) return;
  const stored = readStorage();
  current = stored && !isTokenExpired(stored.accessToken) ? stored : null;
  emit();
}

/** Call once before the first render, so an expired stored session never flashes as signed in. */
export function initSession() {
  ensureLoaded();
}
