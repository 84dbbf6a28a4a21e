import type { Card } from '@arbor/contract';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Kbd,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconArrowLeft, IconCloudUpload, IconExternalLink, IconWifiOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { MarkdownPreview } from '../../../trees/index.ts';
import { recallKeys } from '../../api/useCards.ts';
import {
  postReview,
  postUndo,
  useLearnerSettings,
  useNodesReviewCards,
  useReviewQueue,
  type ReviewAnswer,
} from '../../api/useReview.ts';
import { reviewScopeOf } from '../memory/review-scope.ts';
import { learningHomeKeys } from '../../api/useSubjects.ts';
import { cardNodePath } from './CardList.tsx';
import { previewGrades, type Grade } from './fsrs-preview.ts';
import { intervalParts } from './interval-format.ts';
import { outcomeOfError } from './offline-queue.ts';
import { ReviewDone } from './ReviewDone.tsx';
import { flushPendingGrades, pendingCount, queueGrade, unqueueGrade, usePendingGrades } from './usePendingGrades.ts';
import classes from './recall.module.css';

const GRADES: readonly { grade: Grade; key: 'again' | 'hard' | 'good' | 'easy'; color: string }[] = [
  { grade: 1, key: 'again', color: 'red' },
  { grade: 2, key: 'hard', color: 'orange' },
  { grade: 3, key: 'good', color: 'teal' },
  { grade: 4, key: 'easy', color: 'blue' },
];

/** A card whose next step is this soon comes back in the same session (a learning step). */
const LEARN_AHEAD_MS = 20 * 60_000;
const DEFAULT_RETENTION = 0.9;

interface Graded {
  /** the card as it was before the grade */
  card: Card;
  reviewId: string;
  /** the request (resolves whatever happens), so an undo waits for it */
  sent: Promise<void>;
}

const isTextTarget = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Formats ms-from-now the way the grade buttons show it. */
export function useIntervalLabel() {
  const { t } = useTranslation('recall');
  return useCallback(
    (ms: number) => {
      const { unit, value } = intervalParts(ms);
      return t(`interval.${unit}`, { value });
    },
    [t],
  );
}

/**
 * `/learn/review`: today's queue, one card at a time: reveal, grade, undo; offline grades wait and sync.
 * With `?tree=|share=&nodes=a,b` (the memory view's "Review these"), just those nodes' reviewed cards.
 */
export function ReviewSession() {
  const { t } = useTranslation('recall');
  const client = useQueryClient();
  const [params] = useSearchParams();
  const scope = useMemo(() => reviewScopeOf(params), [params]);
  const todayQuery = useReviewQueue(scope === null);
  const scoped = useNodesReviewCards(scope);
  const queueQuery = scope
    ? { isError: scoped.isError, refetch: scoped.refetch, cards: scoped.cards, fresh: true }
    : {
        isError: todayQuery.isError,
        refetch: todayQuery.refetch,
        cards: todayQuery.data?.cards,
        fresh: todayQuery.isFetchedAfterMount,
      };
  const [strengthened, setStrengthened] = useState<string[]>([]);
  const settings = useLearnerSettings();
  const retention = settings.data?.request_retention ?? DEFAULT_RETENTION;
  const pending = usePendingGrades();
  const formatInterval = useIntervalLabel();

  const [queue, setQueue] = useState<Card[] | null>(null);
  const [total, setTotal] = useState(0);
  const [done, setDone] = useState(0);
  const [revealed, setRevealed] = useState(false);
  const [history, setHistory] = useState<Graded[]>([]);
  const [busy, setBusy] = useState(false);
  const shownAt = useRef(Date.now());
  const showButton = useRef<HTMLButtonElement>(null);
  const goodButton = useRef<HTMLButtonElement>(null);

  // The session works on its own copy of the queue, taken once.
  useEffect(() => {
    // not a copy cached by an earlier session: the one fetched for this one
    if (queue === null && queueQuery.cards && queueQuery.fresh) {
      setQueue(queueQuery.cards);
      setTotal(queueQuery.cards.length);
    }
  }, [queue, queueQuery.cards, queueQuery.fresh]);
  // The next session starts from a fresh queue, and /learn shows fresh figures (its subjects' too).
  useEffect(
    () => () => {
      void client.invalidateQueries({ queryKey: recallKeys.all });
      void client.invalidateQueries({ queryKey: learningHomeKeys.all });
    },
    [client],
  );

  const current = queue?.[0] ?? null;
  // every grade of the session sent (each resolves whatever happens), for the end screen's figures
  const settled = useMemo(() => Promise.all(history.map((h) => h.sent)), [history]);
  const previews = useMemo(
    () => (current && revealed ? previewGrades(current, new Date(), retention) : null),
    [current, revealed, retention],
  );

  useEffect(() => {
    shownAt.current = Date.now();
    if (current) showButton.current?.focus();
  }, [current?.id, current]);
  useEffect(() => {
    if (revealed) goodButton.current?.focus();
  }, [revealed]);

  const reveal = useCallback(() => {
    if (current) setRevealed(true);
  }, [current]);

  const grade = useCallback(
    (rating: Grade) => {
      if (!current || !revealed || busy) return;
      const card = current;
      const reviewId = crypto.randomUUID();
      const reviewedAt = new Date().toISOString();
      const body = {
        rating,
        review_id: reviewId,
        reviewed_at: reviewedAt,
        duration_ms: Math.min(86_400_000, Math.max(0, Date.now() - shownAt.current)),
      };
      setQueue((q) => (q ? q.slice(1) : q));
      setDone((d) => d + 1);
      setRevealed(false);
      setStrengthened([]);

      const requeue = (result: ReviewAnswer) => {
        if (result.strengthened?.length) setStrengthened(result.strengthened.map((n) => n.title));
        if (new Date(result.card.due).getTime() - Date.now() > LEARN_AHEAD_MS) return;
        setQueue((q) => (q ? [...q.filter((c) => c.id !== card.id), result.card] : q));
        setTotal((n) => n + 1);
      };
      const keep = () => queueGrade({ card_id: card.id, ...body });
      let sent: Promise<void>;
      if (!navigator.onLine || pendingCount() > 0) {
        // behind other waiting grades (a card's reviews must arrive in order), or offline
        keep();
        sent = navigator.onLine ? flushPendingGrades().then(() => undefined) : Promise.resolve();
      } else {
        sent = postReview(card.id, body).then(requeue, (error: unknown) => {
          if (outcomeOfError(error) === 'unreachable') keep();
          else
            notifications.show({
              color: 'red',
              message: t('review.gradeFailed', { reason: error instanceof Error ? error.message : String(error) }),
            });
        });
      }
      setHistory((h) => [...h, { card, reviewId, sent }]);
    },
    [current, revealed, busy, t],
  );

  const undo = useCallback(async () => {
    const last = history.at(-1);
    if (!last || busy) return;
    setBusy(true);
    try {
      let before = last.card;
      if (!unqueueGrade(last.reviewId)) {
        await last.sent;
        before = await postUndo(last.card.id);
      }
      setHistory((h) => h.slice(0, -1));
      const rest = (queue ?? []).filter((c) => c.id !== before.id);
      // a learning step that had come back in this session leaves the count again
      if (queue && rest.length < queue.length) setTotal((n) => n - 1);
      setQueue([before, ...rest]);
      setDone((d) => Math.max(0, d - 1));
      setRevealed(false);
      notifications.show({ color: 'gray', message: t('review.undone') });
    } catch (error) {
      notifications.show({
        color: 'red',
        message: t('review.undoFailed', { reason: error instanceof Error ? error.message : String(error) }),
      });
    } finally {
      setBusy(false);
    }
  }, [history, busy, queue, t]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.repeat || isTextTarget(e.target)) return;
      if (e.key === ' ' && !revealed && current) {
        e.preventDefault();
        reveal();
      } else if (['1', '2', '3', '4'].includes(e.key) && revealed) {
        e.preventDefault();
        grade(Number(e.key) as Grade);
      } else if (e.key === 'z' || e.key === 'Z') {
        e.preventDefault();
        void undo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current, revealed, reveal, grade, undo]);

  if (queueQuery.isError)
    return (
      <Stack className={classes.session} gap="md" data-testid="review-session">
        <Text c="red" role="alert">
          {t('review.loadFailed')}
        </Text>
        <Group>
          <Button variant="default" onClick={() => void queueQuery.refetch()}>
            {t('review.retry')}
          </Button>
          <Button component={Link} to="/learn" variant="subtle">
            {t('review.backToLearn')}
          </Button>
        </Group>
      </Stack>
    );
  if (queue === null)
    return (
      <Stack className={classes.session} gap="md" data-testid="review-session" aria-busy>
        <Skeleton h={24} w={200} />
        <Skeleton h={240} radius="md" />
      </Stack>
    );

  const remaining = { new: 0, learning: 0, review: 0 };
  for (const c of queue) remaining[c.state === 'relearning' ? 'learning' : c.state] += 1;
  const canUndo = history.length > 0;

  const undoButton = (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconArrowBackUp size={16} aria-hidden />}
      rightSection={<Kbd size="xs">Z</Kbd>}
      disabled={!canUndo}
      loading={busy}
      onClick={() => void undo()}
      aria-keyshortcuts="z"
      data-testid="review-undo"
    >
      {t('review.undo')}
    </Button>
  );

  return (
    <Stack className={classes.session} gap="md" data-testid="review-session" data-active={current ? '' : undefined}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Button
          component={Link}
          to="/learn"
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          {current ? t('review.exit') : t('review.backToLearn')}
        </Button>
        {undoButton}
      </Group>

      {pending.count > 0 || !pending.online ? (
        <Alert
          color={pending.online ? 'yellow' : 'gray'}
          p="xs"
          icon={pending.online ? <IconCloudUpload size={16} aria-hidden /> : <IconWifiOff size={16} aria-hidden />}
          data-testid="review-pending"
        >
          <Group gap="sm" justify="space-between">
            <Text size="sm" role="status">
              {pending.count > 0 ? t('review.pending', { count: pending.count }) : t('review.offline')}
            </Text>
            {pending.count > 0 && pending.online ? (
              <Button size="compact-xs" variant="light" onClick={() => void pending.sync()}>
                {t('review.syncNow')}
              </Button>
            ) : null}
          </Group>
        </Alert>
      ) : null}

      <Text size="sm" c="teal.9" role="status" data-testid="review-strengthened" hidden={strengthened.length === 0}>
        {strengthened.length
          ? t('review.alsoStrengthened', { titles: strengthened.join(t('review.titleSeparator')) })
          : ''}
      </Text>

      {current ? (
        <>
          <Stack gap={4}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={600} data-testid="review-progress">
                {t('review.progress', { done: done + 1, total: Math.max(total, done + 1) })}
              </Text>
              <Text size="xs" c="dimmed" data-testid="review-counts">
                {t('review.counts', remaining)}
              </Text>
            </Group>
            <Progress
              value={total > 0 ? (done / Math.max(total, done + 1)) * 100 : 0}
              size="sm"
              aria-label={t('review.progressLabel')}
            />
          </Stack>

          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} className={classes.card} data-testid="review-card">
            <Group justify="space-between" gap="xs" mb="sm" wrap="wrap">
              <Text size="xs" c="dimmed" lineClamp={1}>
                {t('review.subject', { title: current.subject.title })}
              </Text>
              <Anchor
                component={Link}
                to={cardNodePath(current)}
                size="xs"
                className={classes.nodeLink}
                data-testid="review-node-link"
              >
                <IconExternalLink size={12} aria-hidden /> {t('review.openNode')}
              </Anchor>
            </Group>
            <Box component="section" aria-label={t('review.question')} data-testid="review-front">
              <MarkdownPreview source={current.front} />
            </Box>
            <Box aria-live="polite" data-testid="review-answer-region">
              {revealed ? (
                <Box
                  component="section"
                  aria-label={t('review.answer')}
                  className={classes.answer}
                  data-testid="review-back"
                >
                  <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={4}>
                    {t('review.answer')}
                  </Text>
                  <MarkdownPreview source={current.back} />
                </Box>
              ) : null}
            </Box>
          </Paper>

          <div className={classes.actions} data-testid="review-actions">
            {revealed && previews ? (
              <Stack gap={6}>
                <Text size="xs" c="dimmed" ta="center" id="review-grades-label">
                  {t('review.grades')}
                </Text>
                <SimpleGrid cols={4} spacing={6} role="group" aria-labelledby="review-grades-label">
                  {GRADES.map(({ grade: g, key, color }) => {
                    const interval = formatInterval(previews[g].ms);
                    return (
                      <UnstyledButton
                        key={g}
                        ref={g === 3 ? goodButton : undefined}
                        className={classes.gradeButton}
                        data-color={color}
                        onClick={() => grade(g)}
                        aria-keyshortcuts={String(g)}
                        aria-label={t('grade.hint', { grade: t(`grade.${key}`), interval, key: g })}
                        data-testid={`review-grade-${g}`}
                      >
                        <span className={classes.gradeInterval}>{interval}</span>
                        <span className={classes.gradeName}>{t(`grade.${key}`)}</span>
                        <Kbd size="xs" className={classes.gradeKey}>
                          {g}
                        </Kbd>
                      </UnstyledButton>
                    );
                  })}
                </SimpleGrid>
              </Stack>
            ) : (
              <Button
                ref={showButton}
                fullWidth
                size="lg"
                onClick={reveal}
                aria-keyshortcuts="Space"
                rightSection={<Kbd size="xs">Space</Kbd>}
                data-testid="review-show-answer"
              >
                {t('review.showAnswer')}
              </Button>
            )}
          </div>
          <Text size="xs" c="dimmed" ta="center" visibleFrom="sm">
            {t('review.keysHint')}
          </Text>
        </>
      ) : (
        <ReviewDone reviewed={done} settled={settled} />
      )}
    </Stack>
  );
}
