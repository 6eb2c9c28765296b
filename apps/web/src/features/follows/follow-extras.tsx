import { lazy, Suspense } from 'react';
import type { MemorialDetail } from '@rips/shared/memorials';
import { useHydrated } from '@/lib/use-hydrated';

// Its own chunk, loaded once the page is in the browser: a control, not the memorial's content.
const FollowSection = lazy(() =>
  import('./components/follow-section').then((m) => ({ default: m.FollowSection })),
);

function FollowAfterHydration({ memorial }: { memorial: MemorialDetail }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <FollowSection memorial={memorial} />
    </Suspense>
  );
}

/** For the memorial page's `extras`: the Follow button or the guest's follow form. */
export function renderFollow(memorial: MemorialDetail) {
  return <FollowAfterHydration memorial={memorial} />;
}
