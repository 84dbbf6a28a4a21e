import { NotificationsList } from '../features/notifications/index.ts';

export default function NotificationsPage() {
  return <NotificationsList />;
}
