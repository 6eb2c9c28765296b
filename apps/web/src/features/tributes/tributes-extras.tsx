import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { MemorialAccessView, MemorialDetail } from '@rips/shared/memorials';

// The section is its own chunk: the memorial's details paint first, tributes follow.
const TributesSection = lazy(() =>
  import('./components/tributes-section').then((m) => ({ default: m.TributesSection })),
);

/** For the memorial page's `extras` prop: the router passes this in. */
export function renderTributes(memorial: MemorialDetail, access: MemorialAccessView | null) {
  return (
    <Suspense
      fallback={
        <Center py="xl" role="status">
          <Loader size="sm" aria-hidden="true" />
          <span className="visually-hidden">Loading flowers and prayers…</span>
        </Center>
      }
    >
      <TributesSection memorial={memorial} access={access} />
    </Suspense>
  );
}
