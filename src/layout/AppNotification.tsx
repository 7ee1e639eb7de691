/**
 * The app's notification: react-admin's <Notification>, one message at a time as there, except that a message waiting
 * behind the one shown is not kept waiting for the rest of its 4 s: the shown one gives way GIVE_WAY_MS later, so that
 * the answer to the latest action appears within about a second (docs/decisions/notification-queue.md). A message given
 * its own duration (notify's autoHideDuration, null for one that stays) keeps it.
 */
import { Notification, useNotificationContext } from 'react-admin';

/** How long (ms) the message shown stays once another one waits behind it. */
export const GIVE_WAY_MS = 1000;

/** react-admin's <Notification> with the rule above; takes no props. */
export function AppNotification() {
  const { notifications } = useNotificationContext();
  return <Notification autoHideDuration={notifications.length > 0 ? GIVE_WAY_MS : undefined} />;
}
