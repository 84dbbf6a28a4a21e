import type { Paginated } from '@arbor/contract';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { itemsOf } from '../api/pages.ts';

interface PagedListProps<T extends { id: number }> {
  query: UseInfiniteQueryResult<InfiniteData<Paginated<T>>>;
  renderItem: (item: T) => ReactNode;
  error: string;
  empty: string;
  /** "Load more (shown of count)" */
  more: (shown: number, count: number) => string;
  testId: string;
}

/** A list loaded page by page: skeletons, an error with Retry, an empty line, the items and "Load more". */
export function PagedList<T extends { id: number }>({
  query,
  renderItem,
  error,
  empty,
  more,
  testId,
}: PagedListProps<T>) {
  const { t } = useTranslation('reviews');
  const items = itemsOf(query.data?.pages);
  const count = query.data?.pages[0]?.count ?? 0;
  return (
    <Stack gap="sm" aria-busy={query.isPending} data-testid={testId}>
      {query.isPending ? (
        <>
          <Skeleton h={110} radius="md" />
          <Skeleton h={110} radius="md" />
        </>
      ) : query.isError ? (
        <Alert color="red" role="alert">
          {error}
          <Button variant="light" size="xs" ml="sm" onClick={() => void query.refetch()}>
            {t('actions.retry')}
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {empty}
        </Text>
      ) : (
        items.map(renderItem)
      )}
      {query.hasNextPage ? (
        <Button variant="default" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
          {more(items.length, count)}
        </Button>
      ) : null}
    </Stack>
  );
}
