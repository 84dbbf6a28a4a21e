import type { Card, CardDraft } from '@arbor/contract';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCards, IconPlus, IconSparkles } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { aiProblemOf, useAiStatus } from '../../../ai/index.ts';
import { recallKeys, useCreateCards, useGenerateCards, useNodeCards, type CardInput } from '../../api/useCards.ts';
import type { SubjectRef } from '../../api/useProgress.ts';
import { statusOf, useLearningState } from '../mode/learning-store.ts';
import { CardEditor } from './kinds/CardEditor.tsx';
import { CardForm } from './CardForm.tsx';

// The tutor's "Make a card" takes the form from here: one chunk holds it (a chunk of its own would
// cost the app's first bundle another entry in its list of lazy files).
export { CardForm };
import { CardRow } from './CardList.tsx';
import { EditCardModal } from './EditCardModal.tsx';

interface Draft extends CardDraft {
  key: number;
}

/** AI drafts, each editable, accepted (saved as a card) or discarded one by one. */
function Drafts({
  nodeId,
  drafts,
  onAccept,
  onDiscard,
  onDiscardAll,
  saving,
}: {
  nodeId: string;
  drafts: Draft[];
  onAccept: (draft: Draft, edited: CardInput) => void;
  onDiscard: (key: number) => void;
  onDiscardAll: () => void;
  saving: number | null;
}) {
  const { t } = useTranslation('recall');
  return (
    <Stack gap="xs" data-testid="card-drafts">
      <Group justify="space-between">
        <Text size="xs" fw={700} c="dimmed">
          {t('ai.drafts')}
        </Text>
        <Button size="compact-xs" variant="subtle" color="gray" onClick={onDiscardAll}>
          {t('ai.discardAll')}
        </Button>
      </Group>
      {drafts.map((draft, i) => (
        <Paper
          key={draft.key}
          withBorder
          radius="sm"
          p="xs"
          aria-label={t('ai.draftLabel', { n: i + 1 })}
          component="section"
        >
          <CardEditor
            nodeId={nodeId}
            initial={draft}
            submitLabel={t('ai.accept')}
            saving={saving === draft.key}
            onSubmit={(edited) => onAccept(draft, edited)}
            onCancel={() => onDiscard(draft.key)}
            cancelLabel={t('ai.discard')}
            testId="card-draft"
          />
        </Paper>
      ))}
    </Stack>
  );
}

/** The node panel's "Cards" section in learning mode: the learner's cards on this node. */
export function CardsNodeSection({ subject, nodeId }: { subject: SubjectRef; nodeId: string }) {
  const { t } = useTranslation('recall');
  const headingId = useId();
  const cards = useNodeCards(subject, nodeId);
  const client = useQueryClient();
  // Marking the node done gives it an automatic card (the learner's auto_cards setting): look again.
  const status = useLearningState((s) => statusOf(s.progress, nodeId)) ?? 'todo';
  const progressPending = useLearningState((s) => s.progress === undefined) ?? true;
  useEffect(() => {
    if (status !== 'done' || progressPending) return;
    const timer = setTimeout(
      () => void client.invalidateQueries({ queryKey: recallKeys.nodeCards(subject, nodeId) }),
      600,
    );
    return () => clearTimeout(timer);
  }, [status, progressPending, client, subject, nodeId]);
  const create = useCreateCards(subject);
  const generate = useGenerateCards(subject);
  const aiStatus = useAiStatus();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Card | null>(null);
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [savingDraft, setSavingDraft] = useState<number | null>(null);
  const [aiMessage, setAiMessage] = useState<string | null>(null);

  const aiMissing = aiStatus.data ? !aiStatus.data.configured || !aiStatus.data.chat : false;

  const saveCard = (input: CardInput, after: () => void) =>
    create.mutate(input, {
      onSuccess: ({ cards: made }) => {
        notifications.show({ color: 'teal', message: t('kinds.saved', { count: made.length }) });
        after();
      },
      onError: (error) =>
        notifications.show({ color: 'red', message: t('card.saveFailed', { reason: error.message }) }),
      onSettled: () => setSavingDraft(null),
    });

  const runGenerate = () => {
    setAiMessage(null);
    generate.mutate(
      { nodeId },
      {
        onSuccess: (answer) => {
          const base = Date.now();
          setDrafts(answer.cards.map((c, i) => ({ ...c, key: base + i })));
          if (answer.cards.length === 0) setAiMessage(t('ai.none'));
        },
        onError: (error) => {
          const problem = aiProblemOf(error);
          setAiMessage(
            problem.kind === 'not_configured'
              ? t('ai.notConfigured')
              : problem.kind === 'quota'
                ? t('ai.quota')
                : t('ai.failed', { reason: problem.detail }),
          );
        },
      },
    );
  };

  const list = cards.data?.results ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} data-testid="cards-section">
      <Group justify="space-between" gap="xs">
        <Text id={headingId} size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.4}>
          <IconCards size={12} aria-hidden /> {t('card.section')}
        </Text>
        {cards.data ? (
          <Text size="xs" c="dimmed">
            {t('card.count', { count: cards.data.count })}
          </Text>
        ) : null}
      </Group>
      {cards.isPending ? (
        <Skeleton h={48} radius="sm" />
      ) : cards.isError ? (
        <Text size="sm" c="red" role="alert">
          {t('card.loadFailed')}
        </Text>
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('card.none')}
        </Text>
      ) : (
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="node-cards">
          {list.map((card) => (
            <CardRow key={card.id} card={card} onEdit={setEditing} />
          ))}
        </Stack>
      )}
      {adding ? (
        <Paper withBorder radius="sm" p="xs">
          <CardEditor
            nodeId={nodeId}
            submitLabel={t('card.add')}
            saving={create.isPending && savingDraft === null}
            onSubmit={(draft) => saveCard(draft, () => setAdding(false))}
            onCancel={() => setAdding(false)}
            testId="card-add-form"
          />
        </Paper>
      ) : null}
      {drafts.length > 0 ? (
        <Drafts
          nodeId={nodeId}
          drafts={drafts}
          saving={savingDraft}
          onAccept={(draft, edited) => {
            setSavingDraft(draft.key);
            saveCard(edited, () => setDrafts((ds) => ds.filter((d) => d.key !== draft.key)));
          }}
          onDiscard={(key) => setDrafts((ds) => ds.filter((d) => d.key !== key))}
          onDiscardAll={() => setDrafts([])}
        />
      ) : null}
      {aiMessage || aiMissing ? (
        <Alert color="gray" p="xs" data-testid="cards-ai-message">
          <Text size="sm">{aiMissing ? t('ai.notConfigured') : aiMessage}</Text>
        </Alert>
      ) : null}
      <Group gap="xs">
        {adding ? null : (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => setAdding(true)}
            data-testid="card-add"
          >
            {t('card.add')}
          </Button>
        )}
        <Button
          size="xs"
          variant="light"
          color="violet"
          leftSection={<IconSparkles size={14} aria-hidden />}
          onClick={runGenerate}
          loading={generate.isPending}
          disabled={aiMissing || aiStatus.isPending}
          data-testid="cards-generate"
        >
          {generate.isPending ? t('ai.generating') : t('ai.generate')}
        </Button>
      </Group>
      <EditCardModal card={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
