import { ActionIcon } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { firstContentShown, lazyAfterFirstContent } from '../../../lib/first-content.ts';
import { useSession } from '../../../lib/session.ts';
import { notificationKeys } from '../api/keys.ts';

// The eager part of notifications is the bell's placeholder and what starts the live stream. The
// bell with its count and dropdown (and the `notifications` strings) and the stream's reader are
// chunks of their own, loaded once the first page's content is on screen.
const NotificationsPopover = lazyAfterFirstContent(() => import('./NotificationsPopover.tsx'));

/** The bell in the header, for a signed-in user: the unread count, and the latest ones on click. */
export function NotificationBell() {
  const session = useSession();
  const { t } = useTranslation('shell');
  if (session.status !== 'authenticated') return null;
  return (
    <Suspense
      fallback={
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('notifications.bell')}
          aria-disabled
          aria-busy
        >
          <IconBell size={20} aria-hidden />
        </ActionIcon>
      }
    >
      <NotificationsPopover />
    </Suspense>
  );
}

/**
 * Keeps the signed-in user's notification stream open (mounted once by the shell): each new
 * notification counts as unread at once and refreshes the lists; a (re)opened stream reads the count
 * again. It closes on logout, in this tab or another, since the session then changes.
 */
export function NotificationsLive() {
  const session = useSession();
  const client = useQueryClient();
  const userId = session.status === 'authenticated' ? session.user?.id : undefined;
  useEffect(() => {
    if (userId === undefined) return;
    let close: (() => void) | null = null;
    let closed = false;
    void firstContentShown
      .then(() => import('../lib/stream.ts'))
      .then(({ openNotificationStream }) => {
        if (closed) return;
        close = openNotificationStream({
          onOpen: () => void client.invalidateQueries({ queryKey: notificationKeys.all }),
          onNotification: (notification) => {
            if (!notification.read) {
              client.setQueryData<{ count: number }>(notificationKeys.unread(), (old) =>
                old ? { count: old.count + 1 } : old,
              );
            }
            void client.invalidateQueries({ queryKey: notificationKeys.lists() });
          },
        });
      });
    return () => {
      closed = true;
      close?.();
    };
  }, [userId, client]);
  return null;
}
