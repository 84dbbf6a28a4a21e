import type { GeneratedQuiz, QuizResult } from '@arbor/contract';
import { Alert, Badge, Button, Group, Loader, Modal, Radio, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconCircleCheck, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client.ts';
import { AiProblemAlert, aiProblemOf, useAiStatus } from '../../../ai/index.ts';
import { useGenerateQuiz, useSubmitQuiz } from '../../api/useQuiz.ts';
import type { SubjectRef } from '../../api/useProgress.ts';
import { MasteryStars } from './MasteryStars.tsx';
import classes from './quiz.module.css';

interface QuizDialogProps {
  opened: boolean;
  onClose: () => void;
  subject: SubjectRef;
  nodeId: string;
  title: string;
}

/**
 * "Test me": a multiple-choice quiz the server has an AI write on the node (in the UI language),
 * answered with radio groups, graded by the server; then the score, each question's answer and
 * explanation, and the node's mastery. The answer's progress lands in the page's cached progress.
 */
export function QuizDialog({ opened, onClose, subject, nodeId, title }: QuizDialogProps) {
  const { t } = useTranslation('plans');
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('quiz.title', { title })}
      size="lg"
      fullScreen={phone}
      data-testid="quiz-dialog"
    >
      {opened ? <QuizBody subject={subject} nodeId={nodeId} onClose={onClose} /> : null}
    </Modal>
  );
}

function QuizBody({ subject, nodeId, onClose }: { subject: SubjectRef; nodeId: string; onClose: () => void }) {
  const { t } = useTranslation('plans');
  const status = useAiStatus();
  const generate = useGenerateQuiz(subject);
  const submit = useSubmitQuiz(subject);
  const [answers, setAnswers] = useState<(number | null)[]>([]);
  const started = useRef(false);
  const notConfigured = status.data !== undefined && (!status.data.configured || !status.data.chat);

  const start = () => {
    setAnswers([]);
    submit.reset();
    generate.mutate(nodeId, { onSuccess: (quiz) => setAnswers(quiz.questions.map(() => null)) });
  };
  useEffect(() => {
    // Once AI is known to be usable (or its status cannot be read: the call itself will tell).
    if (started.current || status.isPending || notConfigured) return;
    started.current = true;
    start();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status.isPending, notConfigured]);

  if (notConfigured) return <AiProblemAlert problem={{ kind: 'not_configured', detail: '' }} />;
  if (generate.isError)
    return (
      <Stack gap="md">
        <AiProblemAlert problem={aiProblemOf(generate.error)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('quiz.close')}
          </Button>
          <Button onClick={start}>{t('quiz.retry')}</Button>
        </Group>
      </Stack>
    );
  if (!generate.data)
    return (
      <Group gap="sm" py="xl" justify="center" role="status" data-testid="quiz-loading">
        <Loader size="sm" />
        <Text c="dimmed">{t('quiz.generating')}</Text>
      </Group>
    );
  const quiz = generate.data;
  if (submit.data)
    return <QuizReview quiz={quiz} answers={answers} result={submit.data} onClose={onClose} onAgain={start} />;

  const complete = answers.length > 0 && answers.every((a) => a !== null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete) return;
    submit.mutate({ quiz: quiz.quiz, answers: answers as number[] });
  };
  return (
    <form onSubmit={onSubmit} data-testid="quiz-form">
      <Stack gap="lg">
        {quiz.questions.map((q, i) => (
          <Radio.Group
            key={i}
            label={
              <Text component="span" fw={600}>
                {`${i + 1}. ${q.question}`}
              </Text>
            }
            description={t('quiz.question', { number: i + 1, total: quiz.questions.length })}
            value={answers[i] === null || answers[i] === undefined ? null : String(answers[i])}
            onChange={(value) => setAnswers((old) => old.map((a, j) => (j === i ? Number(value) : a)))}
            data-testid="quiz-question"
          >
            <Stack gap={8} mt={8}>
              {q.choices.map((choice, c) => (
                <Radio key={c} value={String(c)} label={choice} className={classes.choice} />
              ))}
            </Stack>
          </Radio.Group>
        ))}
        {submit.isError ? (
          <Alert color="red" role="alert">
            {t('quiz.failed', {
              reason: submit.error instanceof ApiError ? submit.error.message : String(submit.error),
            })}
          </Alert>
        ) : null}
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed" aria-live="polite">
            {complete ? '' : t('quiz.unanswered')}
          </Text>
          <Button type="submit" disabled={!complete} loading={submit.isPending} data-testid="quiz-submit">
            {t('quiz.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface QuizReviewProps {
  quiz: GeneratedQuiz;
  answers: (number | null)[];
  result: QuizResult;
  onClose: () => void;
  onAgain: () => void;
}

/** The graded quiz: the score and mastery, then each question with the right answer and why. */
function QuizReview({ quiz, answers, result, onClose, onAgain }: QuizReviewProps) {
  const { t } = useTranslation('plans');
  const passed = result.total > 0 && result.correct / result.total >= 0.8;
  // The score takes the focus (and the dialog scrolls back up to it) when the grades arrive.
  const scoreRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => scoreRef.current?.focus(), []);
  return (
    <Stack gap="lg" data-testid="quiz-result">
      <Stack gap={6} align="center" role="status">
        <Title order={3} data-testid="quiz-score" ref={scoreRef} tabIndex={-1} style={{ outline: 'none' }}>
          {t('quiz.score', { correct: result.correct, total: result.total })}
        </Title>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('mastery.label')}
          </Text>
          <MasteryStars mastery={result.mastery} size={20} testId="quiz-mastery" />
        </Group>
        {passed ? (
          <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={14} aria-hidden />}>
            {t('quiz.nodeDone')}
          </Badge>
        ) : null}
      </Stack>
      {quiz.questions.map((q, i) => {
        const r = result.results[i];
        const mine = answers[i];
        const right = r !== undefined && mine === r.correct_index;
        return (
          <Stack key={i} gap={6} data-testid="quiz-review-item" data-correct={right || undefined}>
            <Group gap={6} wrap="nowrap" align="flex-start">
              {right ? (
                <IconCheck size={18} color="var(--mantine-color-teal-6)" aria-hidden />
              ) : (
                <IconX size={18} color="var(--mantine-color-red-6)" aria-hidden />
              )}
              <Text fw={600}>
                {`${i + 1}. ${q.question}`}{' '}
                <Text component="span" size="sm" c={right ? 'teal' : 'red'} fw={500}>
                  ({right ? t('quiz.correct') : t('quiz.wrong')})
                </Text>
              </Text>
            </Group>
            <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {q.choices.map((choice, c) => {
                const isAnswer = r?.correct_index === c;
                const isMine = mine === c;
                return (
                  <Text
                    key={c}
                    component="li"
                    size="sm"
                    className={classes.choice}
                    data-correct={isAnswer || undefined}
                    data-wrong={(isMine && !isAnswer) || undefined}
                  >
                    {choice}
                    {isAnswer ? ` — ${t('quiz.answer')}` : ''}
                    {isMine ? ` (${t('quiz.yours')})` : ''}
                  </Text>
                );
              })}
            </Stack>
            {r?.explanation ? (
              <Text size="sm" c="dimmed" data-testid="quiz-explanation">
                {r.explanation}
              </Text>
            ) : null}
          </Stack>
        );
      })}
      <Group justify="flex-end">
        <Button variant="default" onClick={onAgain}>
          {t('quiz.newQuiz')}
        </Button>
        <Button onClick={onClose} data-testid="quiz-close">
          {t('quiz.close')}
        </Button>
      </Group>
    </Stack>
  );
}
