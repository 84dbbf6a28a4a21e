import { Button } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubjectRef } from '../../api/useProgress.ts';

const QuizDialog = lazy(() => import('./QuizDialog.tsx').then((m) => ({ default: m.QuizDialog })));

/** "Test me": opens an AI-written quiz on the node (the dialog loads on first use). */
export function QuizButton({ subject, nodeId, title }: { subject: SubjectRef; nodeId: string; title: string }) {
  const { t } = useTranslation('plans');
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant="light"
        color="grape"
        leftSection={<IconChecklist size={14} aria-hidden />}
        onClick={() => {
          setLoaded(true);
          setOpened(true);
        }}
        data-testid="quiz-open"
      >
        {t('quiz.testMe')}
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <QuizDialog
            opened={opened}
            onClose={() => setOpened(false)}
            subject={subject}
            nodeId={nodeId}
            title={title}
          />
        </Suspense>
      ) : null}
    </>
  );
}
