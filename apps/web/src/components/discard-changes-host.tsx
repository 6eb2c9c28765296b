import { lazy, Suspense, useSyncExternalStore } from 'react';
import { discardQuestionOpen, subscribeDiscardQuestion } from '@/lib/discard-changes';

// The dialog loads the first time the question is asked: most visits never change a form.
const DiscardChangesQuestion = lazy(() => import('./discard-changes-question'));

/** Mounts "Discard your changes?" while a form asks it (see lib/discard-changes). */
export function DiscardChangesHost() {
  const open = useSyncExternalStore(subscribeDiscardQuestion, discardQuestionOpen, () => false);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <DiscardChangesQuestion />
    </Suspense>
  );
}
