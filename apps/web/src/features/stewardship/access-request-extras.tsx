import { lazy, type ReactNode } from 'react';
import { ServerRenderedSuspense } from '@/components/until-hydrated';
import { SectionLoader } from '@/components/page-loader';

// Its own chunk: only outsiders of a memorial ever need it.
const AccessRequestPage = lazy(() =>
  import('./components/access-request-page').then((m) => ({ default: m.AccessRequestPage })),
);

/**
 * For the memorial page's `notFound` prop (the router passes this in): a private memorial whose
 * family takes requests shows its name and the "Ask to join" form; anything else stays `fallback`.
 */
export function renderAccessRequest(id: string, fallback: ReactNode) {
  return (
    <ServerRenderedSuspense fallback={<SectionLoader py="xl" label="Loading the memorial…" />}>
      <AccessRequestPage id={id} fallback={fallback} />
    </ServerRenderedSuspense>
  );
}
