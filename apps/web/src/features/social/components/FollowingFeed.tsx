import type { FeedEntry } from '@arbor/contract';
import { Anchor, Avatar, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { authorPath, ShareCard, useShares } from '../../community/index.ts';
import { FEED_PAGE_SIZE, useFeed } from '../api/authors.ts';
import { distinctAuthors } from '../model/social.ts';
import { PagePicker } from './PagePicker.tsx';
import { EmptyState, LoadError } from './states.tsx';

const SUGGESTED_AUTHORS = 8;

/** Authors of popular templates, as links to their pages: who to follow first. */
function PopularAuthors() {
  const { t } = useTranslation('social');
  const { user } = useSession();
  const { data } = useShares({ ordering: '-hot', pageSize: 40 });
  const authors = distinctAuthors(data?.results ?? [], SUGGESTED_AUTHORS, user?.id);
  if (authors.length === 0) return null;
  return (
    <Stack gap="xs" align="center">
      <Text size="sm" c="dimmed">
        {t('feed.popularAuthors')}
      </Text>
      <Group gap="sm" justify="center">
        {authors.map((a) => (
          <Anchor key={a.id} component={Link} to={authorPath(a.username)} size="sm">
            <Group gap={6} wrap="nowrap">
              <Avatar src={a.avatar_url} size={24} radius="xl" alt="" />
              {a.username}
            </Group>
          </Anchor>
        ))}
      </Group>
    </Stack>
  );
}

function EntryCard({ entry }: { entry: FeedEntry }) {
  const { t, i18n } = useTranslation('social');
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(entry.created_at),
  );
  const author = entry.share.author.username;
  return (
    <Stack gap={6} component="article">
      {/* the whole caption, wrapped (a long changelog line or a name without spaces included): never clipped */}
      <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="feed-caption">
        {entry.kind === 'shared'
          ? t('feed.shared', { author })
          : entry.revision
            ? t('feed.revisedTo', { author, revision: entry.revision })
            : t('feed.revised', { author })}
        {entry.message ? <Text span c="dimmed">{` — ${entry.message}`}</Text> : null}
      </Text>
      <Text size="xs" c="dimmed">
        <time dateTime={entry.created_at}>{date}</time>
      </Text>
      <ShareCard share={entry.share} />
    </Stack>
  );
}

/** The "Following" tab of `/community`: new templates and revisions by the authors I follow. */
export function FollowingFeed() {
  const { t } = useTranslation('social');
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, refetch } = useFeed(page);
  if (isError) return <LoadError onRetry={() => void refetch()} />;
  if (isLoading || !data) {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} h={280} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (data.count === 0) {
    return (
      <EmptyState icon={<IconUsers />} title={t('feed.emptyTitle')}>
        <Text c="dimmed" size="sm">
          {t('feed.emptyHint')}
        </Text>
        <PopularAuthors />
      </EmptyState>
    );
  }
  return (
    <Stack gap="lg" data-testid="feed-results">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
        {data.results.map((entry) => (
          <EntryCard key={`${entry.kind}-${entry.share.id}-${entry.created_at}`} entry={entry} />
        ))}
      </SimpleGrid>
      <PagePicker
        count={data.count}
        pageSize={FEED_PAGE_SIZE}
        page={page}
        onChange={(next) => {
          setPage(next);
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
      />
    </Stack>
  );
}
