import { Suspense, type ReactNode } from 'react';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * Until the app has adopted a server-rendered page, its buttons and fields would do nothing (or,
 * for a form, let the browser submit it by itself): a disabled fieldset around the page turns every
 * one of them off natively, while links keep working. It has no box of its own
 * (`display: contents`), so the layout is the same. Its children are passed in, so the switch
 * re-renders the fieldset alone, not the page.
 */
export function UntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset
      disabled={!hydrated}
      style={{ display: 'contents', border: 0, margin: 0, padding: 0, minWidth: 0 }}
    >
      {children}
    </fieldset>
  );
}

/**
 * A Suspense boundary around server-rendered content. React adopts such a boundary on its own,
 * later than the rest of the page (when its chunk has loaded), so a fieldset outside it would turn
 * its buttons on while nothing handles them yet: a form would then be submitted by the browser.
 * The fieldset inside switches on together with the boundary's content.
 */
export function ServerRenderedSuspense({
  fallback,
  children,
}: {
  fallback: ReactNode;
  children: ReactNode;
}) {
  return (
    <Suspense fallback={fallback}>
      <UntilHydrated>{children}</UntilHydrated>
    </Suspense>
  );
}
