import { DEFAULT_LEARNER_SETTINGS, type Card } from '@arbor/contract';
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
import {
  flushPendingGrades,
  gradeOffline,
  keepGradedCard,
  offlineSessionCards,
  outcomeOfError,
  queueGrade,
  refreshKeptCards,
  schedulerFor,
  unqueueGrade,
} from '../../../offline/index.ts';
import { MarkdownPreview } from '../../../trees/index.ts';
import { AnswerExtra, answersInPlace, CardQuestion } from './kinds/CardFace.tsx';
import { recallKeys } from '../../api/useCards.ts';
import {
  postReview,
  postUndo,
  useLearnerSettings,
  useNodesReviewCards,
  useReviewQueue,
  useReviewSession,
  type ReviewAnswer,
} from '../../api/useReview.ts';
import { reviewScopeOf } from '../memory/review-scope.ts';
import { reviewSessionOf } from './review-session-link.ts';
import { SessionTitle } from './SessionTitle.tsx';
import { learningHomeKeys } from '../../api/useSubjects.ts';
import { cardNodePath } from './CardList.tsx';
import { previewGrades, schedulerSettingsOf, type Grade } from './fsrs-preview.ts';
import { intervalParts } from './interval-format.ts';
import { ReviewDone } from './ReviewDone.tsx';
import { pendingCount, usePendingGrades } from './usePendingGrades.ts';
import classes from './recall.module.css';

const GRADES: readonly { grade: Grade; key: 'again' | 'hard' | 'good' | 'easy'; color: string }[] = [
  { grade: 1, key: 'again', color: 'red' },
  { grade: 2, key: 'hard', color: 'orange' },
  { grade: 3, key: 'good', color: 'teal' },
  { grade: 4, key: 'easy', color: 'blue' },
];

/** A card whose next step is this soon comes back in the same session (a learning step). */
const LEARN_AHEAD_MS = 20 * 60_000;
/** The learner's settings as last read, so a session without a connection schedules as the server does. */
const SETTINGS_KEY = 'arbor.offline.learner-settings';

function storedSettings() {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? 'null');
    return stored && typeof stored === 'object' ? { ...DEFAULT_LEARNER_SETTINGS, ...stored } : DEFAULT_LEARNER_SETTINGS;
  } catch {
    return DEFAULT_LEARNER_SETTINGS;
  }
}

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
 * With `?tree=|share=&nodes=a,b` (the memory view's "Review these"), just those nodes' reviewed cards;
 * with `?tree=|share=` and/or `mode=ahead|at_risk` (review-session-link.ts), that session of the server's.
 */
export function ReviewSession() {
  const { t } = useTranslation('recall');
  const client = useQueryClient();
  const [params] = useSearchParams();
  const scope = useMemo(() => reviewScopeOf(params), [params]);
  const session = useMemo(() => reviewSessionOf(params), [params]);
  const today = scope === null && session === null;
  const todayQuery = useReviewQueue(today);
  const scoped = useNodesReviewCards(scope);
  const custom = useReviewSession(session);
  // Without a connection, today's session is made of the cards kept from the last one online.
  const [offlineCards, setOfflineCards] = useState<Card[] | null>(null);
  const offline = today && todayQuery.isError && !navigator.onLine;
  useEffect(() => {
    if (offline && offlineCards === null)
      void offlineSessionCards(new Date(Date.now() + LEARN_AHEAD_MS)).then(setOfflineCards);
  }, [offline, offlineCards]);
  // Online, the device keeps the cards of the next days (features/offline) for a session without a connection.
  useEffect(() => {
    if (todayQuery.data && todayQuery.isFetchedAfterMount) void refreshKeptCards();
  }, [todayQuery.data, todayQuery.isFetchedAfterMount]);
  const queueQuery = scope
    ? { isError: scoped.isError, refetch: scoped.refetch, cards: scoped.cards, fresh: true }
    : session
      ? {
          isError: custom.isError,
          refetch: custom.refetch,
          cards: custom.data?.cards,
          fresh: custom.isFetchedAfterMount,
        }
      : offline && offlineCards
        ? { isError: false, refetch: todayQuery.refetch, cards: offlineCards, fresh: true }
        : {
            isError: todayQuery.isError && !offline,
            refetch: todayQuery.refetch,
            cards: todayQuery.data?.cards,
            fresh: todayQuery.isFetchedAfterMount,
          };
  const [strengthened, setStrengthened] = useState<string[]>([]);
  const settings = useLearnerSettings();
  useEffect(() => {
    if (settings.data) localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings.data));
  }, [settings.data]);
  // The buttons' intervals and an offline grade both follow the learner's settings (the last read ones offline).
  const preview = useMemo(() => schedulerSettingsOf(settings.data ?? storedSettings()), [settings.data]);
  const scheduler = useMemo(() => schedulerFor(preview), [preview]);
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
    () => (current && revealed ? previewGrades(current, new Date(), preview) : null),
    [current, revealed, preview],
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

      const requeueCard = (next: Card) => {
        if (new Date(next.due).getTime() - Date.now() > LEARN_AHEAD_MS) return;
        setQueue((q) => (q ? [...q.filter((c) => c.id !== card.id), next] : q));
        setTotal((n) => n + 1);
      };
      const requeue = (result: ReviewAnswer) => {
        void keepGradedCard(result.card);
        if (result.strengthened?.length) setStrengthened(result.strengthened.map((n) => n.title));
        requeueCard(result.card);
      };
      // Graded here as the server will (its card replaces this one when the grade is replayed).
      const keep = () => {
        const graded = gradeOffline(scheduler, card, rating, new Date(reviewedAt));
        return queueGrade({ card_id: card.id, ...body }, graded).then(() => graded);
      };
      let sent: Promise<void>;
      if (!navigator.onLine || pendingCount() > 0) {
        // behind other waiting grades (a card's reviews must arrive in order), or offline
        sent = keep().then((graded) =>
          navigator.onLine ? flushPendingGrades().then(() => undefined) : requeueCard(graded),
        );
      } else {
        sent = postReview(card.id, body).then(requeue, (error: unknown) => {
          if (outcomeOfError(error).kind === 'unreachable') return keep().then(() => undefined);
          else
            notifications.show({
              color: 'red',
              message: t('review.gradeFailed', { reason: error instanceof Error ? error.message : String(error) }),
            });
        });
      }
      setHistory((h) => [...h, { card, reviewId, sent }]);
    },
    [current, revealed, busy, t, scheduler],
  );

  const undo = useCallback(async () => {
    const last = history.at(-1);
    if (!last || busy) return;
    setBusy(true);
    try {
      let before = last.card;
      if (!(await unqueueGrade(last.reviewId))) {
        await last.sent;
        before = await postUndo(last.card.id);
        void keepGradedCard(before);
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

  // a session under way keeps going when a refetch fails (the connection coming back refetches the queue)
  if (queueQuery.isError && queue === null)
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
      {session ? <SessionTitle session={session} cards={queue} /> : null}

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
              <CardQuestion card={current} revealed={revealed} />
            </Box>
            <Box aria-live="polite" data-testid="review-answer-region">
              {revealed && answersInPlace(current) ? (
                <>
                  <Text size="xs" c="dimmed" mt="sm" data-testid="review-in-place">
                    {t('kinds.answerInPlace')}
                  </Text>
                  <AnswerExtra card={current} />
                </>
              ) : revealed ? (
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
        <ReviewDone reviewed={done} settled={settled} back={session?.subject ?? undefined} custom={session !== null} />
      )}
    </Stack>
  );
}
