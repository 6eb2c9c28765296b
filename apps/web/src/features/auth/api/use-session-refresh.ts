import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { updateSession } from '@/lib/session';
import { useSession } from '@/lib/use-session';
import { authKeys, getMe } from './auth.api';

/**
 * Asks the server who the visitor is once per page load while signed in, and stores the answer:
 * a role granted elsewhere (become sponsor, an admin's change) shows up without logging in again.
 * A revoked or expired token answers 401, which the API client turns into "Session expired".
 */
export function useSessionRefresh() {
  const { user } = useSession();
  const userId = user?._id;
  const me = useQuery({
    queryKey: authKeys.me(userId),
    queryFn: ({ signal }) => getMe(signal),
    enabled: userId !== undefined,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const fresh = me.data;
  useEffect(() => {
    if (fresh && fresh.user._id === userId) updateSession({ user: fresh.user, roles: fresh.roles });
  }, [fresh, userId]);
}
