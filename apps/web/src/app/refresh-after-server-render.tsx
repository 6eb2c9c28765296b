import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { memorialKeys } from '@/features/memorials/api/memorials.api';
import { endHydration } from '@/lib/hydration';
import { getSession } from '@/lib/session';

/**
 * The server renders pages for a visitor. Once the page has hydrated, a member's own view of the
 * memorials (likes, rights) is fetched again; the rest (legends, flowers, prayers) is the same for
 * everyone. Not before: until then every render must match the server's HTML. It sits beside the
 * page, inside the page's Suspense boundary, so its effect runs only when the page itself (a lazy
 * chunk) has hydrated.
 */
export function RefreshAfterServerRender() {
  const client = useQueryClient();
  useEffect(() => {
    if (endHydration() && getSession()) {
      void client.invalidateQueries({ queryKey: memorialKeys.all });
    }
  }, [client]);
  return null;
}
