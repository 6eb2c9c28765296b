import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False on the server and while the browser adopts the server's HTML (React's server snapshot);
 * true from then on, and from the start for anything the browser renders itself. A form rendered
 * on the server keeps its submit button disabled until then: the browser would otherwise submit
 * it by itself (fields and all) before the app can handle it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
