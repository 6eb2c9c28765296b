import type * as MantineNotifications from '@mantine/notifications';
import type { NotificationData } from '@mantine/notifications';

/*
 * One place for user-facing alerts. Successes are polite status messages; failures are alerts,
 * which screen readers announce at once. The message is always the exact product text.
 *
 * The notifications package loads on the first alert, not with the first page: most visits
 * to the home page never show one, and it keeps the first download small.
 */
type NotificationsModule = typeof MantineNotifications;

let loading: Promise<NotificationsModule> | null = null;
const hostListeners = new Set<() => void>();

export function loadNotifications(): Promise<NotificationsModule> {
  if (!loading) {
    loading = import('@mantine/notifications');
    for (const listener of hostListeners) listener();
  }
  return loading;
}

/** For the notifications host: has any alert been requested yet? */
export function notificationsRequested(): boolean {
  return loading !== null;
}

export function subscribeNotificationsRequested(listener: () => void): () => void {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
}

function show(data: NotificationData) {
  loadNotifications()
    .then((m) => {
      // The same id means the same source (one form): the newer message replaces the older.
      if (data.id) m.notifications.hide(data.id);
      m.notifications.show(data);
    })
    .catch((error: unknown) => console.error('Could not show a notification.', error));
}

export const notify = {
  success(message: string, id?: string) {
    show({ id, message, color: 'sage', role: 'status' });
  },
  error(message: string, id?: string) {
    show({ id, message, color: 'red', role: 'alert', autoClose: 7000 });
  },
  info(message: string, id?: string) {
    show({ id, message, color: 'slate', role: 'status' });
  },
};

/** Takes a notice away (a form being sent again: its last message no longer applies). */
export function hideNotice(id: string) {
  if (!notificationsRequested()) return;
  loadNotifications()
    .then((m) => m.notifications.hide(id))
    .catch((error: unknown) => console.error('Could not hide a notification.', error));
}
