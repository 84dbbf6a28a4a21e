import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconCalendarTime } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubjectRef } from '../../api/useProgress.ts';

const PlanDialog = lazy(() => import('./PlanDialog.tsx').then((m) => ({ default: m.PlanDialog })));

interface PlanButtonProps {
  subject: SubjectRef;
  /** a node to plan up to; the whole tree when absent */
  target?: string | null;
  targetTitle?: string;
  /** an icon alone (a phone's toolbar) */
  compact?: boolean;
}

/** "Plan my study" (the tree) or "Plan up to here" (a node): opens the plan dialog, loaded on first use. */
export function PlanButton({ subject, target = null, targetTitle, compact = false }: PlanButtonProps) {
  const { t } = useTranslation('plans');
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const label = target ? t('plan.nodeButton') : t('plan.button');
  const open = () => {
    setLoaded(true);
    setOpened(true);
  };
  return (
    <>
      {compact ? (
        <Tooltip label={label}>
          <ActionIcon variant="light" color="teal" size="md" aria-label={label} onClick={open} data-testid="plan-open">
            <IconCalendarTime size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button
          size="xs"
          variant={target ? 'default' : 'light'}
          color={target ? undefined : 'teal'}
          leftSection={<IconCalendarTime size={14} aria-hidden />}
          onClick={open}
          data-testid={target ? 'plan-open-node' : 'plan-open'}
        >
          {label}
        </Button>
      )}
      {loaded ? (
        <Suspense fallback={null}>
          <PlanDialog
            opened={opened}
            onClose={() => setOpened(false)}
            subject={subject}
            target={target}
            targetTitle={targetTitle}
          />
        </Suspense>
      ) : null}
    </>
  );
}
