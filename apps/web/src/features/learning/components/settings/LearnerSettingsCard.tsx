import type { LearnerSettings } from '@arbor/contract';
import { Alert, Card, Skeleton, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLearnerSettings } from '../../api/useLearnerSettings.ts';

/**
 * A section of the learner's settings: its title and intro, then a skeleton while they load, the load
 * error, or what `children` makes of them.
 */
export function LearnerSettingsCard({
  id,
  title,
  intro,
  skeletonHeight,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  skeletonHeight: number;
  children: (settings: LearnerSettings) => ReactNode;
}) {
  const { t } = useTranslation('plans');
  const settings = useLearnerSettings();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={`${id}-title`} data-testid={id}>
      <Title order={2} fz="h4" mb={4} id={`${id}-title`}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {intro}
      </Text>
      {settings.isPending ? (
        <Skeleton h={skeletonHeight} radius="md" />
      ) : settings.isError ? (
        <Alert color="red" role="alert">
          {t('settings.loadFailed')}
        </Alert>
      ) : (
        children(settings.data)
      )}
    </Card>
  );
}
