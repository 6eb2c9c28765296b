import { useSyncExternalStore } from 'react';

function subscribeTo(query: string) {
  return (onChange: () => void) => {
    const list = window.matchMedia(query);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  };
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const WIDE_SCREEN = '(min-width: 48em)';
const subscribeReducedMotion = subscribeTo(REDUCED_MOTION);
const subscribeWideScreen = subscribeTo(WIDE_SCREEN);

interface NetworkInformationLike {
  saveData?: boolean;
}

/**
 * Whether the hero loop may start by itself: not when the visitor asked for less motion, not
 * when they asked to save data, and not on phone-sized screens, where a moving picture costs
 * battery and data for little benefit (a tap on "Play animation" still starts it).
 */
export function useAutoplayAllowed(): boolean {
  const reducedMotion = useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => true,
  );
  const wide = useSyncExternalStore(
    subscribeWideScreen,
    () => window.matchMedia(WIDE_SCREEN).matches,
    () => false,
  );
  const saveData =
    typeof navigator !== 'undefined' &&
    (navigator as Navigator & { connection?: NetworkInformationLike }).connection?.saveData ===
      true;
  return wide && !reducedMotion && !saveData;
}
