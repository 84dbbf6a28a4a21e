import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { collectionPath } from '../../community/index.ts';
import { COLLECTIONS_PAGE_SIZE, useCreateCollection, useMyCollections } from '../api/collections.ts';
import { CollectionFormModal } from './CollectionForm.tsx';
import { CollectionList } from './CollectionList.tsx';
import { PagePicker } from './PagePicker.tsx';
import { LoadError } from './states.tsx';

/** "My collections" on the profile: the list (public and private), "New collection", each opens its page. */
export function MyCollections() {
  const { t } = useTranslation('social');
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const { data, isLoading, isError, refetch } = useMyCollections(page);
  const create = useCreateCollection();
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {data ? t('collections.mineCount', { count: data.count }) : null}
        </Text>
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
          {t('collections.new')}
        </Button>
      </Group>
      {isLoading ? (
        <Skeleton h={80} />
      ) : isError || !data ? (
        <LoadError onRetry={() => void refetch()} />
      ) : data.count === 0 ? (
        <Text size="sm" c="dimmed">
          {t('collections.mineEmpty')}
        </Text>
      ) : (
        <CollectionList collections={data.results} showVisibility />
      )}
      <PagePicker count={data?.count} pageSize={COLLECTIONS_PAGE_SIZE} page={page} onChange={setPage} />
      <CollectionFormModal
        opened={creating}
        title={t('collections.newTitle')}
        submitLabel={t('collections.create')}
        pending={create.isPending}
        error={create.error}
        onSubmit={(body) =>
          create.mutate(body, {
            onSuccess: (created) => {
              setCreating(false);
              void navigate(collectionPath(created.uuid));
            },
          })
        }
        onCancel={() => {
          create.reset();
          setCreating(false);
        }}
      />
    </Stack>
  );
}
