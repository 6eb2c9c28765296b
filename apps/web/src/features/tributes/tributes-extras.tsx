import { lazy } from 'react';
import { ServerRenderedSuspense } from '@/components/until-hydrated';
import { kindsIn, kindsInWords } from '@rips/shared/kinds';
import type { MemorialAbilities, MemorialDetail } from '@rips/shared/memorials';
import { SectionLoader } from '@/components/page-loader';

// The section is its own chunk: the memorial's details paint first, tributes follow.
const TributesSection = lazy(() =>
  import('./components/tributes-section').then((m) => ({ default: m.TributesSection })),
);

/** For the memorial page's `extras` prop: the router passes this in. */
export function renderTributes(memorial: MemorialDetail, abilities: MemorialAbilities | null) {
  return (
    <ServerRenderedSuspense
      fallback={<SectionLoader py="xl" label={`Loading ${kindsInWords(kindsIn('tributes'))}…`} />}
    >
      <TributesSection memorial={memorial} abilities={abilities} />
    </ServerRenderedSuspense>
  );
}
