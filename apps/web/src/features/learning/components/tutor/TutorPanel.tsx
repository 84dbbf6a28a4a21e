import type { TutorCitation, TutorMessage, TutorMode } from '@arbor/contract';
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Drawer,
  Group,
  Modal,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconBulb,
  IconCards,
  IconHelpCircle,
  IconMapPin,
  IconHandStop,
  IconPlus,
  IconRoute,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale, loadNamespaces } from '../../../../lib/i18n.ts';
import { aiProblemOf, useAiStatus } from '../../../ai/index.ts';
import { MarkdownPreview } from '../../../trees/index.ts';
import { useCreateCard } from '../../api/useCards.ts';
import type { SubjectRef } from '../../api/useProgress.ts';
import {
  askTutor,
  tutorKeys,
  useDeleteTutorConversation,
  useTutorConversation,
  useTutorConversations,
} from '../../api/useTutor.ts';
import { CardForm } from '../recall/CardsNodeSection.tsx';
import { readableAnswer } from './tutor-text.ts';

await loadNamespaces(['recall']);

export interface TutorPanelProps {
  subject: SubjectRef;
  /** the node the tutor is opened on; null for the whole tree */
  nodeId: string | null;
  /** a node's title in the page's document, its id for one it does not hold (citations carry their own) */
  titleOf: (nodeId: string) => string;
  opened: boolean;
  onClose: () => void;
  /** selects a cited node on the page's canvas */
  onSelectNode: (nodeId: string) => void;
}

/** The answer being streamed, with the message it answers (not stored until the server says done). */
interface Pending {
  question: string;
  answer: string;
}

const QUICK_ACTIONS: Array<{ mode: Exclude<TutorMode, 'chat'>; icon: typeof IconBulb }> = [
  { mode: 'explain', icon: IconBulb },
  { mode: 'quiz', icon: IconHelpCircle },
  { mode: 'next', icon: IconRoute },
];

function CitationChips({ citations, onSelect }: { citations: TutorCitation[]; onSelect: (id: string) => void }) {
  const { t } = useTranslation('recall', { keyPrefix: 'tutor' });
  if (citations.length === 0) return null;
  return (
    <Group gap={6} aria-label={t('messages.cited')} role="group">
      {citations.map((c) => (
        <Button
          key={c.node_id}
          size="compact-xs"
          variant="light"
          radius="xl"
          leftSection={<IconMapPin size={12} aria-hidden />}
          aria-label={t('messages.showNode', { title: c.title })}
          onClick={() => onSelect(c.node_id)}
          data-testid="tutor-citation"
        >
          {c.title}
        </Button>
      ))}
    </Group>
  );
}

function Bubble({ who, children, testId }: { who: 'user' | 'assistant'; children: React.ReactNode; testId: string }) {
  const { t } = useTranslation('recall', { keyPrefix: 'tutor' });
  return (
    <Paper
      component="li"
      withBorder={who === 'assistant'}
      radius="md"
      p="sm"
      bg={who === 'user' ? 'var(--mantine-color-default-hover)' : undefined}
      ml={who === 'user' ? 'xl' : 0}
      data-testid={testId}
    >
      <Text size="xs" fw={700} c="dimmed" mb={4}>
        {who === 'user' ? t('messages.you') : t('messages.tutor')}
      </Text>
      {children}
    </Paper>
  );
}

/** "Make a card" from an answer: the card form prefilled with the question and the answer's text. */
function MakeCardModal({
  subject,
  nodeId,
  draft,
  onClose,
}: {
  subject: SubjectRef;
  nodeId: string;
  draft: { front: string; back: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('recall', { keyPrefix: 'tutor' });
  const create = useCreateCard(subject);
  return (
    <Modal opened={draft !== null} onClose={onClose} title={t('card.title')} size="lg" zIndex={400}>
      {draft ? (
        <CardForm
          initial={draft}
          submitLabel={t('card.save')}
          saving={create.isPending}
          onCancel={onClose}
          testId="tutor-card-form"
          onSubmit={(card) =>
            create.mutate(
              { nodeId, ...card },
              {
                onSuccess: () => {
                  notifications.show({ color: 'teal', message: t('card.saved') });
                  onClose();
                },
                onError: (error) =>
                  notifications.show({ color: 'red', message: t('card.failed', { reason: error.message }) }),
              },
            )
          }
        />
      ) : null}
    </Modal>
  );
}

/** Remembers the conversation open on each subject and node while the app runs (the panel may remount). */
const openConversations = new Map<string, string | null>();

/**
 * The Tutor panel (UI.md "Third wave"): quick actions, a message box, answers streamed as sanitised
 * Markdown with Stop, cited nodes as chips that select the node, "Make a card" on an answer, the
 * subject's conversations and the AI quota left. Beside the canvas on a wide screen, full screen on a phone.
 */
export function TutorPanel({ subject, nodeId, titleOf: pageTitleOf, opened, onClose, onSelectNode }: TutorPanelProps) {
  const titleOf = (id: string) => {
    const title = pageTitleOf(id);
    return title === id ? undefined : title;
  };
  const { t } = useTranslation('recall', { keyPrefix: 'tutor' });
  const phone = useMediaQuery('(max-width: 640px)') ?? false;
  const client = useQueryClient();
  const memoryKey = `${subject.kind}:${subject.uuid}:${nodeId ?? ''}`;
  const conversations = useTutorConversations(subject);
  const [conversation, setConversationState] = useState<string | null>(openConversations.get(memoryKey) ?? null);
  const setConversation = (uuid: string | null) => {
    openConversations.set(memoryKey, uuid);
    setConversationState(uuid);
  };
  // Opened again on a node with a conversation: go on with its newest one.
  const chosen = useRef(openConversations.has(memoryKey));
  useEffect(() => {
    if (chosen.current || !conversations.data) return;
    chosen.current = true;
    const newest = conversations.data.find((c) => c.node_id === nodeId);
    if (newest) setConversationState(newest.uuid);
  }, [conversations.data, nodeId]);
  const thread = useTutorConversation(conversation);
  const remove = useDeleteTutorConversation(subject);
  const status = useAiStatus();
  const [text, setText] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [stopped, setStopped] = useState(false);
  const [cardDraft, setCardDraft] = useState<{ front: string; back: string } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const bottom = useRef<HTMLDivElement>(null);

  const messages: TutorMessage[] = conversation ? (thread.data?.messages ?? []) : [];
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [messages.length, pending?.answer]);
  useEffect(() => () => abort.current?.abort(), []);

  const send = (message: string, mode: TutorMode) => {
    const question = message.trim();
    if (!question || pending) return;
    const controller = new AbortController();
    abort.current = controller;
    setProblem(null);
    setStopped(false);
    setPending({ question, answer: '' });
    setText('');
    askTutor(
      { subject, nodeId, conversation, message: question, mode, language: currentLocale() },
      {
        signal: controller.signal,
        onDelta: (piece) => setPending((p) => (p ? { ...p, answer: p.answer + piece } : p)),
      },
    )
      .then(async (answer) => {
        await client.invalidateQueries({ queryKey: tutorKeys.conversation(answer.conversation) });
        setConversation(answer.conversation);
        void client.invalidateQueries({ queryKey: tutorKeys.list(subject) });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) {
          setStopped(true);
          setText(question);
          return;
        }
        const found = aiProblemOf(error);
        setProblem(
          found.kind === 'not_configured'
            ? t('errors.notConfigured')
            : found.kind === 'quota'
              ? t('errors.quota')
              : t('errors.failed', { reason: found.detail }),
        );
        setText(question);
      })
      .finally(() => {
        setPending(null);
        abort.current = null;
        void status.refetch();
      });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send(text, 'chat');
    }
  };

  const titleIn = (citations: TutorCitation[]) => (id: string) =>
    citations.find((c) => c.node_id === id)?.title ?? titleOf(id);
  const makeCard = (index: number) => {
    const answer = messages[index]!;
    const question =
      messages[index - 1]?.role === 'user' ? messages[index - 1]!.content : (titleOf(nodeId ?? '') ?? '');
    setCardDraft({ front: question, back: readableAnswer(answer.content, titleIn(answer.citations), false) });
  };

  const remaining = status.data?.quota.remaining;
  const heading = nodeId ? t('about', { title: titleOf(nodeId) ?? '' }) : t('aboutTree');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 460}
      withOverlay={phone}
      lockScroll={phone}
      closeOnClickOutside={false}
      title={
        <Stack gap={0}>
          <Text fw={700}>{t('title')}</Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {heading}
          </Text>
        </Stack>
      }
      styles={{ body: { display: 'flex', flexDirection: 'column', height: 'calc(100% - 70px)', gap: 8 } }}
      data-testid="tutor-panel"
    >
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <Select
          flex={1}
          size="xs"
          label={t('conversations.label')}
          placeholder={t('conversations.none')}
          data={(conversations.data ?? []).map((c) => ({ value: c.uuid, label: c.title }))}
          value={conversation}
          onChange={(value) => {
            setStopped(false);
            setConversation(value);
          }}
          allowDeselect={false}
          comboboxProps={{ zIndex: 400 }}
          data-testid="tutor-conversations"
        />
        <Tooltip label={t('conversations.new')}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('conversations.new')}
            onClick={() => setConversation(null)}
            data-testid="tutor-new"
          >
            <IconPlus size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        {conversation ? (
          <Tooltip label={t('conversations.delete')}>
            <ActionIcon
              variant="default"
              size="lg"
              color="red"
              aria-label={t('conversations.delete')}
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(conversation, {
                  onSuccess: () => {
                    setConversation(null);
                    notifications.show({ message: t('conversations.deleted') });
                  },
                })
              }
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
      {remaining !== undefined ? (
        <Badge variant="light" color={remaining > 0 ? 'gray' : 'red'} data-testid="tutor-quota">
          {t('quota', { count: remaining })}
        </Badge>
      ) : null}
      <ScrollArea flex={1} type="auto" aria-label={t('messages.label')}>
        <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-live="polite">
          {conversation && thread.isError ? (
            <Text size="sm" c="red" role="alert">
              {t('conversations.loadFailed')}
            </Text>
          ) : null}
          {messages.length === 0 && !pending ? (
            <Text size="sm" c="dimmed">
              {t('messages.empty')}
            </Text>
          ) : null}
          {messages.map((m, i) =>
            m.role === 'user' ? (
              <Bubble key={m.id} who="user" testId="tutor-question">
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {m.content}
                </Text>
              </Bubble>
            ) : (
              <Bubble key={m.id} who="assistant" testId="tutor-answer">
                <MarkdownPreview source={readableAnswer(m.content, titleIn(m.citations))} />
                <Stack gap={6} mt="xs">
                  <CitationChips citations={m.citations} onSelect={onSelectNode} />
                  {nodeId ? (
                    <Group>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        leftSection={<IconCards size={12} aria-hidden />}
                        onClick={() => makeCard(i)}
                        data-testid="tutor-make-card"
                      >
                        {t('card.make')}
                      </Button>
                    </Group>
                  ) : null}
                </Stack>
              </Bubble>
            ),
          )}
          {pending ? (
            <>
              <Bubble who="user" testId="tutor-question">
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {pending.question}
                </Text>
              </Bubble>
              <Bubble who="assistant" testId="tutor-streaming">
                {pending.answer ? (
                  <MarkdownPreview source={readableAnswer(pending.answer, titleOf)} />
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('messages.thinking')}
                  </Text>
                )}
              </Bubble>
            </>
          ) : null}
          {stopped ? (
            <Text size="xs" c="dimmed" data-testid="tutor-stopped">
              {t('messages.stopped')}
            </Text>
          ) : null}
        </Stack>
        <div ref={bottom} />
      </ScrollArea>
      {problem ? (
        <Alert color="red" p="xs" role="alert" data-testid="tutor-problem">
          <Text size="sm">{problem}</Text>
        </Alert>
      ) : null}
      <Group gap={6} role="group" aria-label={t('actions.label')}>
        {QUICK_ACTIONS.map(({ mode, icon: Icon }) => (
          <Button
            key={mode}
            size="compact-sm"
            variant="light"
            leftSection={<Icon size={14} aria-hidden />}
            disabled={pending !== null}
            onClick={() => send(t(`prompts.${mode}`), mode)}
            data-testid={`tutor-${mode}`}
          >
            {t(`actions.${mode}`)}
          </Button>
        ))}
      </Group>
      <Box>
        <Textarea
          label={t('input.label')}
          placeholder={t('input.placeholder')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={onKeyDown}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={4000}
          data-testid="tutor-input"
        />
        <Group justify="flex-end" mt={6}>
          {pending ? (
            <Button
              size="xs"
              color="red"
              variant="light"
              leftSection={<IconHandStop size={14} aria-hidden />}
              onClick={() => abort.current?.abort()}
              data-testid="tutor-stop"
            >
              {t('input.stop')}
            </Button>
          ) : (
            <Button
              size="xs"
              leftSection={<IconSend size={14} aria-hidden />}
              disabled={text.trim() === ''}
              onClick={() => send(text, 'chat')}
              data-testid="tutor-send"
            >
              {t('input.send')}
            </Button>
          )}
        </Group>
      </Box>
      {nodeId ? (
        <MakeCardModal subject={subject} nodeId={nodeId} draft={cardDraft} onClose={() => setCardDraft(null)} />
      ) : null}
    </Drawer>
  );
}
