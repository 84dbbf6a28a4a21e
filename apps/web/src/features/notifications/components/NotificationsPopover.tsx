import type { Notification } from '@arbor/contract';
import { Anchor, Box, Button, Center, Divider, Group, Loader, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loadNamespaces } from '../../../lib/i18n.ts';
import { LoadError } from '../../../lib/LoadError.tsx';
import { useMarkRead, useNotificationList } from '../api/notifications.ts';
import { useUnreadCount } from '../api/unread-count.ts';
import { BellButton } from './BellButton.tsx';
import { NotificationItem } from './NotificationItem.tsx';

// This chunk renders outside any route: its strings load with it.
await loadNamespaces(['notifications']);

/** How many of the latest the dropdown shows. */
const LATEST = 8;

/** The latest notifications, opened from the bell. */
function Latest({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('notifications');
  const { data, isLoading, isError, refetch } = useNotificationList({ page: 1, unread: false, pageSize: LATEST });
  const markRead = useMarkRead();
  const open = (notification: Notification) => {
    if (!notification.read) markRead.mutate([notification.id]);
    onClose();
  };
  const unread = data?.results.some((n) => !n.read) ?? false;
  return (
    <Stack gap={0}>
      <Group justify="space-between" px="sm" py={6} wrap="nowrap">
        <Text fw={700} size="sm" component="h2" m={0}>
          {t('latest')}
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => markRead.mutate(undefined)}
          disabled={!unread}
          loading={markRead.isPending && !markRead.variables}
        >
          {t('markAllRead')}
        </Button>
      </Group>
      <Divider />
      <ScrollArea.Autosize mah="min(60dvh, 420px)" type="auto">
        {isLoading ? (
          <Center p="md">
            <Loader size="sm" aria-label={t('loading')} />
          </Center>
        ) : isError ? (
          <Box p="sm">
            <LoadError message={t('error')} retry={t('retry')} onRetry={() => void refetch()} />
          </Box>
        ) : data && data.results.length > 0 ? (
          <Stack component="ul" gap={2} p={4} m={0} style={{ listStyle: 'none' }}>
            {data.results.map((notification) => (
              <li key={notification.id}>
                <NotificationItem notification={notification} onOpen={open} />
              </li>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed" p="md">
            {t('empty')}
          </Text>
        )}
      </ScrollArea.Autosize>
      <Divider />
      <Center py={6}>
        <Anchor component={Link} to="/notifications" size="sm" onClick={onClose}>
          {t('seeAll')}
        </Anchor>
      </Center>
    </Stack>
  );
}

/** The bell with its unread count and dropdown (lazy: NotificationBell shows a plain bell until this loads). */
export default function NotificationsPopover() {
  const { t } = useTranslation('notifications');
  const [opened, setOpened] = useState(false);
  const count = useUnreadCount().data?.count ?? 0;
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width="min(380px, calc(100vw - 16px))"
      withinPortal
      zIndex={2000}
      shadow="md"
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <BellButton count={count} onClick={() => setOpened((o) => !o)} aria-haspopup="dialog" />
      </Popover.Target>
      <Popover.Dropdown p={0} aria-label={t('title')}>
        {opened ? <Latest onClose={() => setOpened(false)} /> : null}
      </Popover.Dropdown>
    </Popover>
  );
}
