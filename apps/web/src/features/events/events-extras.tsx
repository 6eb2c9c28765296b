import { lazy } from 'react';
import type { MemorialAbilities, MemorialDetail } from '@rips/shared/memorials';
import { ServerRenderedSuspense } from '@/components/until-hydrated';
import { SectionLoader } from '@/components/page-loader';

const EventsSection = lazy(() =>
  import('./components/events-section').then((m) => ({ default: m.EventsSection })),
);

/** For the memorial page's `extras`: its services and events. */
export function renderEvents(memorial: MemorialDetail, abilities: MemorialAbilities | null) {
  return (
    <ServerRenderedSuspense fallback={<SectionLoader py="md" label="Loading the events…" />}>
      <EventsSection memorial={memorial} abilities={abilities} />
    </ServerRenderedSuspense>
  );
}
