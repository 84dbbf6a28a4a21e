import type { ShareWithData, Suggestion, SuggestionStatus } from '@arbor/contract';
import { Anchor, Avatar, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSuggestionList } from '../../api/suggestions.ts';
import { ChangeBadges } from '../history/ChangeBadges.tsx';
import { PagedList } from '../PagedList.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { SuggestionView } from './SuggestionView.tsx';
import { mediumDate } from '../../../../lib/medium-date.ts';

const STATUSES: readonly SuggestionStatus[] = ['open', 'accepted', 'rejected', 'withdrawn'];

function SuggestionRow({ suggestion, onOpen }: { suggestion: Suggestion; onOpen: () => void }) {
  const { t, i18n } = useTranslation('reviews');
  const date = mediumDate(suggestion.created_at, i18n.language);
  return (
    <Card withBorder padding="sm" radius="md" data-testid="suggestion-row">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Anchor
            component="button"
            type="button"
            fw={700}
            onClick={onOpen}
            ta="start"
            style={{ overflowWrap: 'anywhere' }}
          >
            {suggestion.title}
          </Anchor>
          <StatusBadge status={suggestion.status} />
        </Group>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <Avatar src={suggestion.author.avatar_url} size={20} radius="xl" alt="" />
          <Text size="sm" c="dimmed">
            {t('suggestions.by', { author: suggestion.author.username })} · {date}
          </Text>
        </Group>
        <ChangeBadges changes={suggestion.changes} />
      </Stack>
    </Card>
  );
}

interface SuggestionsTabProps {
  share: ShareWithData;
  /** how the page addresses the template, the key of its cached queries */
  id: string;
  /** the suggestion open (`?suggestion=`), or null for the list */
  open: number | null;
  onOpen: (suggestion: number | null) => void;
}

/** The Suggestions tab: suggested edits by status, or one of them as a visual diff with its decisions. */
export function SuggestionsTab({ share, id, open, onOpen }: SuggestionsTabProps) {
  const { t } = useTranslation('reviews');
  const [status, setStatus] = useState<SuggestionStatus>('open');
  const list = useSuggestionList(id, status);
  const statusLabel = useId();
  if (open !== null) return <SuggestionView share={share} id={id} suggestionId={open} onBack={() => onOpen(null)} />;
  return (
    <Stack gap="md" data-testid="suggestions-tab">
      <Stack gap={4}>
        <Text size="sm" fw={500} id={statusLabel}>
          {t('suggestions.filter')}
        </Text>
        <SegmentedControl
          value={status}
          onChange={(value) => setStatus(value as SuggestionStatus)}
          data={STATUSES.map((value) => ({ value, label: t(`suggestions.statuses.${value}`) }))}
          aria-labelledby={statusLabel}
          fullWidth
          style={{ maxWidth: 520 }}
        />
      </Stack>
      <PagedList
        query={list}
        testId="suggestion-list"
        error={t('suggestions.error')}
        empty={t('suggestions.empty')}
        more={(shown, count) => t('suggestions.more', { shown, count })}
        renderItem={(suggestion) => (
          <SuggestionRow key={suggestion.id} suggestion={suggestion} onOpen={() => onOpen(suggestion.id)} />
        )}
      />
    </Stack>
  );
}
