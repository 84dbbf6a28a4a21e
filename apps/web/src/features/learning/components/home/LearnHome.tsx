import { Button, Group, Stack, Title } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { refreshKeptCards } from '../../../offline/index.ts';
import { useEditSync } from '../offline/offline-edits.ts';
import { CardsHomeSection } from '../recall/CardsHomeSection.tsx';
import { PlansSection } from '../plans/PlansSection.tsx';
import { ActivitySection } from './ActivitySection.tsx';
import { StatsSection } from './StatsSection.tsx';
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
  { id: 'stats', Section: StatsSection },
];

/** `/learn`: what I am learning, and my year of activity. */
export function LearnHome() {
  const { t } = useTranslation(['shell', 'recall']);
  // online, the device keeps the cards of the next days for a review without a connection
  useEffect(() => void refreshKeptCards(), []);
  // progress changes and note edits made offline go out from here too
  useEditSync();
  return (
    <Stack gap="xl" className={classes.home} data-testid="learn-page">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {t('shell:routes.learn')}
        </Title>
        <Button
          component={Link}
          to="/learn?import"
          variant="default"
          leftSection={<IconFileImport size={16} />}
          data-testid="anki-import-link"
        >
          {t('recall:anki.menu')}
        </Button>
      </Group>
      {LEARN_HOME_SECTIONS.map(({ id, Section }) => (
        <Section key={id} />
      ))}
    </Stack>
  );
}
