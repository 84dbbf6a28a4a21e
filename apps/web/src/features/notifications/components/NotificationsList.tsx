import type { Notification } from '@arbor/contract';
import { Button, Group, Pagination, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../lib/LoadError.tsx';
import { useMarkRead, useNotificationList } from '../api/notifications.ts';
import { NotificationItem } from './NotificationItem.tsx';

const PAGE_SIZE = 20;

/** /notifications: every notification of the caller, page by page; the filter and page are in the URL. */
export function NotificationsList() {
  const { t } = useTranslation('notifications');
  const [search, setSearch] = useSearchParams();
  const unread = search.get('unread') === '1';
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const { data, isLoading, isError, refetch } = useNotificationList({ page, unread, pageSize: PAGE_SIZE });
  const markRead = useMarkRead();
  const go = (next: { unread?: boolean; page?: number }) => {
    const params = new URLSearchParams();
    if (next.unread ?? unread) params.set('unread', '1');
    if ((next.page ?? 1) > 1) params.set('page', String(next.page));
    setSearch(params);
  };
  const open = (notification: Notification) => {
    if (!notification.read) markRead.mutate([notification.id]);
  };
  const pages = data ? Math.ceil(data.count / PAGE_SIZE) : 0;
  return (
    <Stack gap="md" maw={760} mx="auto" w="100%">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            aria-label={t('filter.label')}
            value={unread ? 'unread' : 'all'}
            onChange={(value) => go({ unread: value === 'unread', page: 1 })}
            data={[
              { value: 'all', label: t('filter.all') },
              { value: 'unread', label: t('filter.unread') },
            ]}
          />
          <Button
            variant="light"
            leftSection={<IconChecks size={16} aria-hidden />}
            onClick={() => markRead.mutate(undefined)}
            loading={markRead.isPending && !markRead.variables}
          >
            {t('markAllRead')}
          </Button>
        </Group>
      </Group>
      {isLoading ? (
        <Skeleton h={240} radius="md" />
      ) : isError ? (
        <LoadError message={t('error')} retry={t('retry')} onRetry={() => void refetch()} />
      ) : data && data.results.length > 0 ? (
        <Paper withBorder radius="md" p={4}>
          <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
            {data.results.map((notification) => (
              <li key={notification.id}>
                <Group gap={4} wrap="nowrap" align="center">
                  <NotificationItem notification={notification} onOpen={open} />
                  {notification.read ? null : (
                    <Button
                      variant="subtle"
                      size="compact-xs"
                      onClick={() => markRead.mutate([notification.id])}
                      aria-label={`${t('markRead')}: ${notification.text}`}
                    >
                      {t('markRead')}
                    </Button>
                  )}
                </Group>
              </li>
            ))}
          </Stack>
        </Paper>
      ) : (
        <Text c="dimmed">{unread ? t('emptyUnread') : t('empty')}</Text>
      )}
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={page}
          onChange={(next) => go({ page: next })}
          size="sm"
          aria-label={t('pagination')}
        />
      ) : null}
    </Stack>
  );
}
