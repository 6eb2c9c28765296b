import { lazy } from 'react';
import type { MemorialAbilities, MemorialDetail } from '@rips/shared/memorials';
import { ServerRenderedSuspense } from '@/components/until-hydrated';
import { SectionLoader } from '@/components/page-loader';

const LifeSection = lazy(() =>
  import('./components/life-section').then((m) => ({ default: m.LifeSection })),
);

/** For the memorial page's `extras`: the life timeline and the charities in lieu of flowers. */
export function renderLife(memorial: MemorialDetail, abilities: MemorialAbilities | null) {
  return (
    <ServerRenderedSuspense fallback={<SectionLoader py="md" label="Loading the timeline…" />}>
      <LifeSection memorial={memorial} abilities={abilities} />
    </ServerRenderedSuspense>
  );
}
