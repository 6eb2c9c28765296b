import { useMediaQuery } from '@mantine/hooks';
import { Suspense, lazy, useSyncExternalStore } from 'react';
import { notificationsRequested, subscribeNotificationsRequested } from '@/lib/notify';

const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

/** Mounts Mantine's notifications container once the first alert is requested (see lib/notify). */
export function NotificationsHost() {
  const requested = useSyncExternalStore(
    subscribeNotificationsRequested,
    notificationsRequested,
    () => false,
  );
  // On a phone a notice at the top would cover the page's heading: there it rises from the bottom.
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: true });
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Notifications
        position={phone ? 'bottom-center' : 'top-right'}
        zIndex={1000}
        containerWidth={400}
        limit={4}
      />
    </Suspense>
  );
}
