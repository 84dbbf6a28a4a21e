import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { registerSW } from 'virtual:pwa-register';
import { i18n } from '../../lib/i18n.ts';
import { ensureOfflineMessages } from './messages.ts';

const UPDATE_NOTIFICATION_ID = 'arbor-sw-update';

/**
 * Registers the service worker (apps/web/vite/pwa.ts) once the page has loaded (workbox-window waits
 * for the load event). A new version never replaces the running one by itself: it waits, and the user
 * is asked "Update available — Reload"; choosing it activates the new worker and reloads the page once
 * it controls it.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const updateServiceWorker = registerSW({
    onNeedRefresh() {
      ensureOfflineMessages();
      const t = i18n.getFixedT(null, 'offline');
      notifications.show({
        id: UPDATE_NOTIFICATION_ID,
        title: t('update.title'),
        autoClose: false,
        message: (
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm">{t('update.message')}</Text>
            <Button size="xs" onClick={() => void updateServiceWorker(true)}>
              {t('update.reload')}
            </Button>
          </Group>
        ),
      });
    },
  });
}
