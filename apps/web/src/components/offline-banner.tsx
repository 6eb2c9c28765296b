import { useSyncExternalStore } from 'react';
import classes from './offline-banner.module.css';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** While the browser is offline, says so at the top of every page (and that typing is kept). */
export function OfflineBanner() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <div className={classes.banner} role="status" data-offline-banner>
      You seem to be offline. What you type is kept; send it again when you are back.
    </div>
  );
}
