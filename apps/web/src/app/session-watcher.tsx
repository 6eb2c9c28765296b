import { useEffect } from 'react';
import { useSessionRefresh } from '@/features/auth/api/use-session-refresh';
import { tokenExpiry } from '@/lib/jwt';
import { getAccessToken, syncSessionFromStorage } from '@/lib/session';
import { useSession } from '@/lib/use-session';

/** setTimeout holds at most about 24.8 days; longer waits are taken in steps. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Keeps the session honest while the app is open: follows other tabs, ends the session the
 * moment its token expires (not only at the next call), and refreshes user and role once.
 */
export function SessionWatcher() {
  const { session } = useSession();
  const token = session?.accessToken ?? null;
  useSessionRefresh();

  useEffect(() => {
    window.addEventListener('storage', syncSessionFromStorage);
    return () => window.removeEventListener('storage', syncSessionFromStorage);
  }, []);

  useEffect(() => {
    if (!token) return;
    const exp = tokenExpiry(token);
    if (exp === null) return;
    let timer: number;
    const schedule = () => {
      const wait = exp * 1000 - Date.now();
      // getAccessToken ends the session, with its notice, once the expiry has passed.
      if (wait <= 0) getAccessToken();
      else timer = window.setTimeout(schedule, Math.min(wait + 250, MAX_TIMER_MS));
    };
    schedule();
    return () => window.clearTimeout(timer);
  }, [token]);

  return null;
}
