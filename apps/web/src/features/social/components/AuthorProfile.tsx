import { Avatar, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFolders, IconTemplate } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { compactNumber } from '../../../lib/compact-number.ts';
import { ShareGrid, useShares } from '../../community/index.ts';
import { ErrorView } from '../../shell/index.ts';
import { useAuthor } from '../api/authors.ts';
import { useCollectionsOf } from '../api/collections.ts';
import { CollectionList } from './CollectionList.tsx';
import { FollowButton } from './FollowButton.tsx';
import { PagePicker } from './PagePicker.tsx';
import { EmptyState, isNotFound, LoadError } from './states.tsx';
import { mediumDate } from '../../../lib/medium-date.ts';

const TEMPLATES_PAGE_SIZE = 12;

function Stat({ label, value, locale }: { label: string; value: number; locale: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text fw={700} fz="lg">
        {compactNumber(value, locale)}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Paper>
  );
}

function AuthorTemplates({ username }: { username: string }) {
  const { t } = useTranslation('social');
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, refetch } = useShares({
    author: username,
    ordering: '-created_at',
    page,
    pageSize: TEMPLATES_PAGE_SIZE,
  });
  if (isError) return <LoadError onRetry={() => void refetch()} />;
  if (data && data.count === 0) return <EmptyState icon={<IconTemplate />} title={t('author.noTemplates')} />;
  return (
    <Stack gap="md">
      <ShareGrid shares={data?.results} loading={isLoading} skeletons={4} />
      <PagePicker count={data?.count} pageSize={TEMPLATES_PAGE_SIZE} page={page} onChange={setPage} />
    </Stack>
  );
}

function AuthorCollections({ username }: { username: string }) {
  const { t } = useTranslation('social');
  const { data, isLoading, isError, refetch } = useCollectionsOf(username);
  if (isLoading) return <Skeleton h={80} />;
  if (isError) return <LoadError onRetry={() => void refetch()} />;
  if (!data || data.count === 0) return <EmptyState icon={<IconFolders />} title={t('author.noCollections')} />;
  return <CollectionList collections={data.results} />;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} fz="h3" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * `/u/:username`: an author's page (public). `actions` are added to the header's action group after
 * Follow (the place for "Report").
 */
export function AuthorProfile({
  username,
  actions,
}: {
  username: string;
  actions?: (author: { id: number; username: string }) => ReactNode;
}) {
  const { t, i18n } = useTranslation('social');
  const { data: author, isLoading, isError, error, refetch } = useAuthor(username);
  if (isLoading) {
    return (
      <Stack>
        <Group>
          <Skeleton h={96} w={96} circle />
          <Stack gap="xs" flex={1}>
            <Skeleton h={28} w="40%" />
            <Skeleton h={16} w="60%" />
          </Stack>
        </Group>
        <Skeleton h={240} />
      </Stack>
    );
  }
  if (isNotFound(error)) return <ErrorView status={404} message={t('author.notFound', { username })} />;
  if (isError || !author) return <LoadError onRetry={() => void refetch()} />;
  const joined = mediumDate(author.date_joined, i18n.language);
  const name = author.nickname || author.username;
  return (
    <Stack gap="xl">
      <Stack gap="md">
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Avatar src={author.avatar_url} size={96} radius={96} alt="" />
          <Stack gap={4} flex="1 1 240px" miw={0}>
            <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            <Text c="dimmed" size="sm">
              @{author.username} · {t('author.joined', { date: joined })}
            </Text>
            {author.bio && (
              <Text mt="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {author.bio}
              </Text>
            )}
          </Stack>
          <Group gap="xs" wrap="wrap" data-testid="author-actions">
            <FollowButton author={author} />
            {actions?.(author)}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" maw={640}>
          <Stat label={t('author.stats.templates')} locale={i18n.language} value={author.shares_count} />
          <Stat label={t('author.stats.followers')} locale={i18n.language} value={author.followers_count} />
          <Stat label={t('author.stats.following')} locale={i18n.language} value={author.following_count} />
          <Stat label={t('author.stats.likes')} locale={i18n.language} value={author.likes_received} />
        </SimpleGrid>
      </Stack>
      <Section id="author-templates" title={t('author.templates')}>
        <AuthorTemplates username={author.username} />
      </Section>
      <Section id="author-collections" title={t('author.collections')}>
        <AuthorCollections username={author.username} />
      </Section>
    </Stack>
  );
}
