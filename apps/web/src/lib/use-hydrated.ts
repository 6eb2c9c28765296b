import { startTransition, useEffect, useState } from 'react';
import { isHydrating } from './hydration';

/**
 * False on the server and while the browser adopts the server's HTML; true from then on. A form
 * rendered on the server keeps its submit button disabled until then: the browser would otherwise
 * submit it by itself (fields and all) before the app can handle it.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => typeof window !== 'undefined' && !isHydrating());
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
