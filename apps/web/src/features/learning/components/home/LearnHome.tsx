import { Stack, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { CardsHomeSection } from '../recall/CardsHomeSection.tsx';
import { PlansSection } from '../plans/PlansSection.tsx';
import { ActivitySection } from './ActivitySection.tsx';
import { SubjectsSection } from './SubjectsSection.tsx';
import classes from './LearnHome.module.css';

/**
 * The sections of `/learn`, top to bottom. Each is self-contained (its own query, loading, empty and
 * error states); a new one (today's reviews with "Start review", study plans) is one more entry here.
 */
export const LEARN_HOME_SECTIONS: readonly { id: string; Section: ComponentType }[] = [
  { id: 'subjects', Section: SubjectsSection },
  { id: 'cards', Section: CardsHomeSection },
  { id: 'plans', Section: PlansSection },
  { id: 'activity', Section: ActivitySection },
];

/** `/learn`: what I am learning, and my year of activity. */
export function LearnHome() {
  const { t } = useTranslation('shell');
  return (
    <Stack gap="xl" className={classes.home} data-testid="learn-page">
      <Title order={1} size="h2">
        {t('routes.learn')}
      </Title>
      {LEARN_HOME_SECTIONS.map(({ id, Section }) => (
        <Section key={id} />
      ))}
    </Stack>
  );
}
