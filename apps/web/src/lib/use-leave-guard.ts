import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { confirmDiscard } from './discard-changes';

interface LeavableForm {
  isDirty: () => boolean;
  discardDraft: () => void;
}

/**
 * A page holding a form: following a link or going back with unsaved changes asks "Discard your
 * changes?" first. (Closing the tab keeps the form's draft, when it has one.)
 */
export function useLeaveGuard(form: LeavableForm) {
  const latest = useRef(form);
  latest.current = form;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && latest.current.isDirty(),
  );
  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;
  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    if (!blocked) return;
    void confirmDiscard().then((discard) => {
      if (discard) {
        latest.current.discardDraft();
        blockerRef.current.proceed?.();
      } else {
        blockerRef.current.reset?.();
      }
    });
  }, [blocked]);
}
