import type { Card, CardState } from '@arbor/contract';
import {
  Anchor,
  Button,
  Group,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OWN_CARDS_PAGE_SIZE, useOwnCards } from '../../api/useCards.ts';
import { useReviewStats } from '../../api/useReview.ts';
import { CardRow, cardNodePath } from './CardList.tsx';
import { EditCardModal } from './EditCardModal.tsx';
import { ForecastBars, ReviewFigures } from './ReviewStatsView.tsx';

const STATES: readonly CardState[] = ['new', 'learning', 'review', 'relearning'];

function TodayPanel() {
  const { t } = useTranslation('recall');
  const stats = useReviewStats();
  if (stats.isPending) return <Skeleton h={160} radius="md" />;
  if (stats.isError)
    return (
      <Group gap="sm">
        <Text c="red" role="alert">
          {t('home.loadFailed')}
        </Text>
        <Button size="xs" variant="default" onClick={() => void stats.refetch()}>
          {t('review.retry')}
        </Button>
      </Group>
    );
  // One figure for the headline and "Due today": what is left to review today, due and new cards
  // the daily limit admits (the server's one definition, which the subjects' counts follow too).
  const due = stats.data.due_today;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Text fw={700} data-testid="cards-due-today">
            {due > 0 ? t('home.due', { count: due }) : t('home.nothingDue')}
          </Text>
          <Button
            component={Link}
            to="/learn/review"
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            variant={due > 0 ? 'filled' : 'light'}
            data-testid="start-review"
            style={{ alignSelf: 'flex-start' }}
          >
            {t('home.startReview')}
          </Button>
          <ReviewFigures stats={stats.data} />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <ForecastBars forecast={stats.data.forecast} />
      </Paper>
    </SimpleGrid>
  );
}

function OwnCards() {
  const { t } = useTranslation('recall');
  const [page, setPage] = useState(1);
  const [state, setState] = useState<CardState | null>(null);
  const [editing, setEditing] = useState<Card | null>(null);
  const cards = useOwnCards(page, state);
  const pages = cards.data ? Math.max(1, Math.ceil(cards.data.count / OWN_CARDS_PAGE_SIZE)) : 1;
  return (
    <Stack gap="sm">
      <Select
        label={t('home.filter')}
        value={state ?? 'all'}
        onChange={(value) => {
          setState(value && value !== 'all' ? (value as CardState) : null);
          setPage(1);
        }}
        data={[{ value: 'all', label: t('home.all') }, ...STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))]}
        allowDeselect={false}
        maw={220}
        size="xs"
        data-testid="cards-state-filter"
      />
      {cards.isPending ? (
        <Skeleton h={120} radius="md" />
      ) : cards.isError ? (
        <Text c="red" role="alert">
          {t('home.loadFailed')}
        </Text>
      ) : cards.data.results.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="own-cards-empty">
          {t('home.empty')}
        </Text>
      ) : (
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="own-cards">
          {cards.data.results.map((card) => (
            <CardRow
              key={card.id}
              card={card}
              onEdit={setEditing}
              extra={
                <Anchor component={Link} to={cardNodePath(card)} size="xs" lineClamp={1}>
                  {card.subject.title}
                </Anchor>
              }
            />
          ))}
        </Stack>
      )}
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={page}
          onChange={setPage}
          size="sm"
          aria-label={t('home.pages')}
          getControlProps={(control) => ({ 'aria-label': control })}
        />
      ) : null}
      <EditCardModal card={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}

/** `/learn`'s cards: today's reviews with "Start review", the figures and forecast, and the learner's cards. */
export function CardsHomeSection() {
  const { t } = useTranslation('recall');
  return (
    <Stack gap="md" component="section" aria-labelledby="learn-cards-title" data-testid="learn-cards">
      <Title order={2} id="learn-cards-title" size="h3">
        {t('home.title')}
      </Title>
      <TodayPanel />
      <OwnCards />
    </Stack>
  );
}
