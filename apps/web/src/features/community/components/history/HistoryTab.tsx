import type { ShareRevision } from '@arbor/contract';
import { Alert, Badge, Button, Card, Checkbox, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHistory, useRevisionDocument } from '../../api/history.ts';
import { DiffCanvas } from '../compare/DiffCanvas.tsx';
import { ChangeBadges } from './ChangeBadges.tsx';
import { pairOf, togglePick } from './revision-picker.ts';

function RevisionRow({
  revision,
  latest,
  picked,
  onToggle,
}: {
  revision: ShareRevision;
  latest: boolean;
  picked: boolean;
  onToggle: () => void;
}) {
  const { t, i18n } = useTranslation('reviews');
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(revision.created_at),
  );
  return (
    <Card withBorder padding="sm" radius="md" data-testid="revision-row">
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <Checkbox
          checked={picked}
          onChange={onToggle}
          aria-label={t('history.pick', { revision: revision.revision })}
          mt={2}
        />
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs">
            <Text fw={700}>{t('history.revision', { revision: revision.revision })}</Text>
            {latest ? (
              <Badge size="sm" variant="light">
                {t('history.latest')}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c={revision.message ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
            {revision.message || t('history.noMessage')}
          </Text>
          <Text size="xs" c="dimmed">
            {date} · {t('history.nodes', { count: revision.node_count })}
          </Text>
          <ChangeBadges changes={revision.changes} />
        </Stack>
      </Group>
    </Card>
  );
}

/** The History tab: the template's revisions newest first, two of them picked and compared on the canvas. */
export function HistoryTab({ id }: { id: string }) {
  const { t } = useTranslation('reviews');
  const history = useHistory(id);
  const [picked, setPicked] = useState<number[]>([]);
  const revisions = useMemo(() => (history.data?.pages ?? []).flatMap((page) => page.results), [history.data]);
  const numbers = useMemo(() => revisions.map((r) => r.revision), [revisions]);
  const pair = pairOf(picked, numbers);
  const from = useRevisionDocument(id, pair?.from ?? null);
  const to = useRevisionDocument(id, pair?.to ?? null);
  const count = history.data?.pages[0]?.count ?? 0;

  const comparison = (() => {
    if (!pair) return null;
    if (from.isError || to.isError) {
      return (
        <Alert color="red" role="alert">
          {t('history.compareError')}
        </Alert>
      );
    }
    if (!to.data || (pair.from !== null && !from.data)) return <Skeleton h={480} radius="md" />;
    return (
      <DiffCanvas
        from={pair.from !== null ? (from.data ?? null) : null}
        to={to.data}
        viewKey={`${pair.from}:${pair.to}`}
      />
    );
  })();

  return (
    <Stack gap="lg" data-testid="history-tab">
      {pair ? (
        <Card withBorder padding="md" radius="md">
          <Stack gap="sm">
            <Title order={2} fz="h4" aria-live="polite">
              {pair.from !== null
                ? t('history.comparing', { from: pair.from, to: pair.to })
                : t('history.first', { revision: pair.to })}
            </Title>
            <Text size="sm" c="dimmed">
              {t('history.pickHint')}
            </Text>
            {comparison}
          </Stack>
        </Card>
      ) : null}
      <Stack gap="sm" aria-busy={history.isPending}>
        <Title order={2} fz="h4">
          {t('history.label')}
        </Title>
        {history.isPending ? (
          <Skeleton h={90} radius="md" />
        ) : history.isError ? (
          <Alert color="red" role="alert">
            {t('history.error')}
            <Button variant="light" size="xs" ml="sm" onClick={() => void history.refetch()}>
              {t('actions.retry')}
            </Button>
          </Alert>
        ) : revisions.length === 0 ? (
          <Text c="dimmed">{t('history.empty')}</Text>
        ) : (
          revisions.map((revision, index) => (
            <RevisionRow
              key={revision.revision}
              revision={revision}
              latest={index === 0}
              picked={picked.includes(revision.revision)}
              onToggle={() => setPicked((current) => togglePick(current, revision.revision))}
            />
          ))
        )}
        {history.hasNextPage ? (
          <Button
            variant="default"
            onClick={() => void history.fetchNextPage()}
            loading={history.isFetchingNextPage}
            style={{ alignSelf: 'center' }}
          >
            {t('history.more', { shown: revisions.length, count })}
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
