// The notifications feature's public surface: the header's bell, the live stream the shell mounts
// once, and the /notifications page's content (lazy, with its `notifications` strings).
export { NotificationBell, NotificationsLive } from './components/NotificationBell.tsx';
export { NotificationsList } from './components/NotificationsList.tsx';
